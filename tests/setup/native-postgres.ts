import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throw-away native PostgreSQL server (from the machine image, DESIGN.md) in a temporary
 * directory on 127.0.0.1 and a free port, tuned for tests (no fsync). Used by the integration
 * suite's global setup and by `npm run bench:scale`.
 */

function pgBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions[0])
    throw new Error(
      'PostgreSQL server binaries not found under /usr/lib/postgresql (set PG_BIN_DIR).',
    );
  return path.join(root, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** initdb and postgres refuse to run as root: run them as the `postgres` user then. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
}

export interface NativePostgres {
  /** URL of the `postgres` database (superuser, trust auth). */
  adminUrl: string;
  /** URL of database `name` on the same server. */
  urlOf(name: string): string;
  /**
   * Stops the server, keeping its data (`pg_ctl stop -m fast`, or `immediate`: a crash), so
   * {@link resume} can start it again on the same port (issue 23.7).
   */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts a halted server again and waits until it accepts connections. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a server and waits until it accepts connections (about a second).
 * @param createDatabases databases to create once it is up.
 */
export async function startNativePostgres(createDatabases: string[] = []): Promise<NativePostgres> {
  const bin = pgBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'lagos-auto-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const [initCmd, initArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '--auth=trust',
    '-U',
    'postgres',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const [cmd, args] = asServerUser(path.join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-k',
    dir,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ]);
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let server: ChildProcess | undefined;
  const launch = async (databases: string[]) => {
    server = spawn(cmd, args, { stdio: 'ignore' });
    const started = Date.now();
    for (;;) {
      try {
        const client = new pg.Client(adminUrl);
        await client.connect();
        for (const name of databases) await client.query(`create database ${name}`);
        await client.end();
        break;
      } catch (error) {
        if (Date.now() - started > 20_000) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  await launch(createDatabases);

  const halt = async (mode: 'fast' | 'immediate' = 'immediate') => {
    if (!server) return;
    // runuser does not forward signals: stop the server itself through pg_ctl.
    const running = server;
    server = undefined;
    const exited = new Promise((r) => running.once('exit', r));
    const [stopCmd, stopArgs] = asServerUser(path.join(bin, 'pg_ctl'), [
      'stop',
      '-D',
      dataDir,
      '-m',
      mode,
      '-w',
    ]);
    try {
      execFileSync(stopCmd, stopArgs, { stdio: 'ignore', timeout: 20_000 });
    } catch {
      running.kill('SIGKILL');
    }
    await exited;
  };
  return {
    adminUrl,
    urlOf: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    halt,
    resume: () => (server ? Promise.resolve() : launch([])),
    stop: async () => {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
