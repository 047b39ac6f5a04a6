import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { controlSocketPath } from '../../server/backup.ts';
import { type NativePostgres, startNativePostgres } from '../setup/native-postgres.ts';
import { freePort, type StartProcess, startProcess } from '../setup/start-process.ts';
import { TEST_DB } from '../setup/test-db.ts';

/**
 * Issue 23.3 and 23.7: `npm start` as a user runs it, killed with SIGKILL during each step of a
 * first start (initdb, migrations, the seed, the admin), each next start finishing what the last
 * left; then killed once ready and started again within a second. The site build is the one the
 * other server tests reuse (.data/test-site, SITE_URL http://127.0.0.1); building it is atomic on
 * its own (a temporary folder renamed into place), so it is not killed here.
 */
const SITE = 'http://127.0.0.1';
const running: StartProcess[] = [];
const folders: string[] = [];

afterAll(async () => {
  await Promise.all(running.map((start) => start.kill9()));
  for (const folder of folders) {
    // A server killed with SIGKILL leaves its control socket behind (the next start removes it).
    rmSync(controlSocketPath(path.join(folder, 'pglite')), { force: true });
    rmSync(folder, { recursive: true, force: true });
  }
});

function start(env: Record<string, string>): StartProcess {
  const process = startProcess({
    SITE_URL: SITE,
    SITE_BUILD_DIR: '.data/test-site',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
  });
  running.push(process);
  return process;
}

/** The site as a visitor and the printed admin see it. */
async function checkFullSite(url: string, output: string) {
  const json = async (pathname: string, init?: RequestInit) => {
    const response = await fetch(`${url}${pathname}`, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const listings = await json('/api/directory?limit=1');
  expect(listings.status).toBe(200);
  expect(Number(listings.body.total)).toBeGreaterThan(10);
  expect(Number((await json('/api/articles?limit=1')).body.total)).toBeGreaterThan(0);
  const cards = (await json('/api/service-cards')).body.serviceCards as unknown[];
  expect(cards.length).toBeGreaterThan(0);
  const home = await fetch(`${url}/`);
  expect(home.status).toBe(200);

  const email = /email:\s+(\S+)/.exec(output)?.[1];
  const password = [...output.matchAll(/password:\s+(\S+)/g)].at(-1)?.[1];
  if (!email || !password) return;
  const signIn = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE },
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  expect((await fetch(`${url}/api/admin/counts`, { headers: { cookie } })).status).toBe(200);
}

describe.runIf(TEST_DB === 'pglite')('npm start on the embedded database, killed anywhere', () => {
  it('finishes an interrupted first start at every step, and restarts within a second of kill -9', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'lagos-auto-start-'));
    folders.push(folder);
    const dataDir = path.join(folder, 'pglite');
    const port = await freePort();
    const env = {
      PGLITE_DATA_DIR: dataDir,
      PORT: String(port),
      MAIL_OUTBOX_DIR: path.join(folder, 'mail'),
    };

    // 1. During initdb: the folder is marked until initdb has completed.
    const creating = path.join(dataDir, '.creating');
    let run = start(env);
    for (let i = 0; i < 1200 && !existsSync(creating); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await run.kill9();
    expect(existsSync(creating)).toBe(true);

    // 2. During the migrations: one transaction with the plan, so nothing or both.
    run = start(env);
    await run.waitFor(/Migrating the database/);
    await run.kill9();
    // The half-made folder was made again.
    expect(run.output()).toContain('Created the embedded database.');
    expect(existsSync(creating)).toBe(false);

    // 3. During the seed.
    run = start(env);
    await run.waitFor(/Loading the shipped content/);
    await run.kill9();
    expect(run.output()).not.toContain('Finishing the first start');

    // 4. During the admin's creation.
    run = start(env);
    await run.waitFor(/Creating the local admin account/);
    await run.kill9();
    expect(run.output()).toContain('Finishing the first start that was interrupted: seed, admin.');

    // 5. The next start ends the first one: a full site and an admin who can sign in.
    run = start(env);
    let output = await run.waitFor(/Ready: /);
    expect(output).toContain('Finishing the first start that was interrupted: admin.');
    expect(output).toContain('Local admin account');
    await checkFullSite(`http://127.0.0.1:${port}`, output);

    // 6. kill -9 when ready, and start again at once: the lock of a dead process is stale.
    await run.kill9();
    const killed = performance.now();
    run = start(env);
    output = await run.waitFor(/Ready: /);
    console.log(
      `restart at once after kill -9: ready ${Math.round(performance.now() - killed)} ms after the kill`,
    );
    expect(output).not.toContain('already open in another process');
    expect(output).not.toContain('Finishing the first start');
    await checkFullSite(`http://127.0.0.1:${port}`, '');
    await run.kill9();
  }, 600_000);
});

describe.runIf(TEST_DB === 'postgres')('npm start on PostgreSQL, killed during the seed', () => {
  let server: NativePostgres | undefined;
  afterAll(() => server?.stop());

  it('finishes the seed at the next start', async () => {
    server = await startNativePostgres(['first_start']);
    const port = await freePort();
    const env = { DATABASE_URL: server.urlOf('first_start'), PORT: String(port) };
    let run = start(env);
    await run.waitFor(/Loading the shipped content/);
    await run.kill9();

    run = start(env);
    const output = await run.waitFor(/Ready: /);
    expect(output).toContain('Finishing the first start that was interrupted: seed.');
    await checkFullSite(`http://127.0.0.1:${port}`, output);
    await run.kill9();

    const client = new pg.Client(server.urlOf('first_start'));
    await client.connect();
    const { rows } = await client.query(
      'select step, done_at is not null as done from setup_steps',
    );
    await client.end();
    expect(rows).toEqual([{ step: 'seed', done: true }]);
  }, 600_000);
});

/**
 * A data folder that cannot be written: one message naming it (issue 23.3). Needs a read-only
 * bind mount and a small tmpfs, so it runs as root where `mount` is allowed, and is skipped
 * elsewhere.
 */
describe.runIf(TEST_DB === 'pglite')('npm start on a folder it cannot write', () => {
  const mount = (args: string[]) => spawnSync('mount', args, { encoding: 'utf8' });

  it.for([
    ['read-only', /The data folder .* is read-only \(EROFS\)/],
    ['full', /The disk holding .* is full \(ENOSPC\)/],
  ] as const)('stops with one message when it is %s', async ([kind, message], context) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'lagos-auto-folder-'));
    folders.push(folder);
    const target = path.join(folder, 'data');
    mkdirSync(target);
    const mounted =
      kind === 'read-only'
        ? mount(['--bind', folder, target]).status === 0 &&
          mount(['-o', 'remount,ro,bind', target]).status === 0
        : mount(['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', target]).status === 0;
    if (!mounted) {
      spawnSync('umount', [target]);
      context.skip('mount is not allowed here');
    }
    try {
      const run = start({
        PGLITE_DATA_DIR: path.join(target, 'pglite'),
        PORT: String(await freePort()),
      });
      expect(await run.exited).toBe(1);
      const lines = run
        .output()
        .split('\n')
        .filter((line) => line.trim() && !line.includes('.env'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(lines[0]).toContain(target);
    } finally {
      spawnSync('umount', [target]);
    }
  });
});
