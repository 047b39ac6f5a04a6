import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * `npm start` as a real process (scripts/start.ts under the project's Node and tsx), for the
 * restart tests (issue 23.7): its output is collected so a test can wait for a line, kill it with
 * SIGKILL at a chosen moment and start it again.
 */
export interface StartProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the output once `pattern` appears; rejects when it exits first or on timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGKILL, then waits for the exit. */
  kill9(): Promise<void>;
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts scripts/start.ts with `env` on top of this process's environment (Vitest's removed). */
export function startProcess(env: Record<string, string>): StartProcess {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')),
  );
  const child = spawn(process.execPath, ['--liftoff-only', '--import', 'tsx', 'scripts/start.ts'], {
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = 240_000) {
      return new Promise((resolve, reject) => {
        const done = (error?: Error) => {
          listeners.delete(check);
          clearTimeout(timer);
          if (error) reject(error);
          else resolve(text);
        };
        const check = () => {
          if (pattern.test(text)) done();
        };
        const timer = setTimeout(
          () => done(new Error(`timed out waiting for ${pattern}:\n${text.slice(-3000)}`)),
          timeoutMs,
        );
        listeners.add(check);
        void exited.then((code) => {
          if (listeners.has(check) && !pattern.test(text))
            done(new Error(`exited (${code}) before ${pattern}:\n${text.slice(-3000)}`));
        });
        check();
      });
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
