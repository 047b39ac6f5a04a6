/**
 * `npm run bench:recovery [-- --rounds 3]`: how fast `npm start` comes back after its database
 * does (issue 23.7, ADR 029). Starts a throw-away native PostgreSQL and `npm start` on it as a
 * user would (the build is reused from .data/bench-recovery-site after the first run), then per
 * round restarts PostgreSQL (a fast stop and a start 1 s later, like `pg_ctl restart`, or an
 * immediate stop: a crash) while a client calls the list API every 50 ms, and prints: how long
 * PostgreSQL was down, when the API first answered 503, and how long after PostgreSQL accepted
 * connections again a business page never cached before and /api/health answered 200. Then kills `npm start`
 * with SIGKILL and starts it again at once (the embedded lock's case is in the restart test).
 */
import { parseArgs } from 'node:util';
import { startNativePostgres } from '../../tests/setup/native-postgres.ts';
import { freePort, startProcess } from '../../tests/setup/start-process.ts';
import { benchRecord, RECORD_OPTION } from './record.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, ...RECORD_OPTION },
});
const record = benchRecord('bench:recovery', 'Recovery after the database restarts or crashes', {
  markdown: true,
});
const rounds = Number(values.rounds);
const server = await startNativePostgres(['recovery']);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const env = {
  DATABASE_URL: server.urlOf('recovery'),
  PORT: String(port),
  HOST: '127.0.0.1',
  SITE_URL: 'http://127.0.0.1',
  SITE_BUILD_DIR: '.data/bench-recovery-site',
  LOG_LEVEL: 'error',
};
let run = startProcess(env);
const status = async (path: string) => {
  try {
    return (await fetch(`${url}${path}`, { signal: AbortSignal.timeout(10_000) })).status;
  } catch {
    return 0;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  await run.waitFor(/Ready: /, 600_000);
  const { businesses } = (await (await fetch(`${url}/api/directory?limit=100`)).json()) as {
    businesses: { slug: string }[];
  };
  const rows: string[][] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const mode of ['fast', 'immediate'] as const) {
      // A page never asked for before: it must be rendered from the database.
      const probe = `/business/${businesses.shift()!.slug}/`;
      let first503: number | undefined;
      let polling = true;
      const started = performance.now();
      const poll = (async () => {
        while (polling) {
          const api = await status('/api/directory?limit=1');
          if (api === 503 && first503 === undefined) first503 = performance.now() - started;
          await sleep(50);
        }
      })();
      await sleep(300);
      const halted = performance.now();
      await server.halt(mode);
      await sleep(1000);
      await server.resume();
      const back = performance.now();
      const downMs = back - halted;
      let pageMs: number | undefined;
      let healthMs: number | undefined;
      while (pageMs === undefined || healthMs === undefined) {
        if (performance.now() - back > 60_000) break;
        if (pageMs === undefined && (await status(probe)) === 200)
          pageMs = performance.now() - back;
        if (healthMs === undefined && (await status('/api/health')) === 200)
          healthMs = performance.now() - back;
        await sleep(20);
      }
      polling = false;
      await poll;
      rows.push([
        `${round + 1} (${mode === 'fast' ? 'restart' : 'crash'})`,
        `${(downMs / 1000).toFixed(2)} s`,
        first503 === undefined ? 'none' : `${Math.round(first503 - 300)} ms`,
        pageMs === undefined ? 'no' : `${Math.round(pageMs)} ms`,
        healthMs === undefined ? 'no' : `${Math.round(healthMs)} ms`,
        run.child.exitCode === null ? 'yes' : 'NO',
      ]);
    }
  }
  const killed = performance.now();
  await run.kill9();
  run = startProcess(env);
  await run.waitFor(/Ready: /, 600_000);
  const restartMs = performance.now() - killed;

  const header = [
    'round',
    'PostgreSQL down for',
    'API 503 after the stop',
    'page 200 after PostgreSQL is back',
    'health 200 after',
    'server up',
  ];
  record.line(`\n| ${header.join(' | ')} |\n|${header.map(() => ' --- ').join('|')}|`);
  for (const row of rows) record.line(`| ${row.join(' | ')} |`);
  record.line(
    `\nnpm start killed with SIGKILL and started again at once: ready after ${(restartMs / 1000).toFixed(1)} s.`,
  );
  record.write();
} finally {
  await run.kill9();
  await server.stop();
}
