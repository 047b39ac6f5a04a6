/**
 * `npm run bench:netlify-build -- --listings 0,10000,100000`: the time of `netlify build --offline`
 * (netlify.toml's command: migrations and Astro with the Netlify adapter, then the function zips
 * and their check) against a fresh native PostgreSQL holding each number of approved synthetic
 * listings (ADR 011, ADR 017). The build reads no data, so the times should not depend on it.
 * Prints one row per size: seconds of the whole build and of its phases, the SSR zip size and
 * the database size (Neon's free plan stores 0.5 GB per project); then every function zip's size
 * (issue 34.4, ADR 056: the SSR function without the photo pipeline).
 * `--serve` then starts `netlify serve --offline` on `--port` (it builds once more; `--rounds 0`
 * skips the timed builds, so the zips are that build's) and times a
 * cold page render (the first request after the start, which loads the SSR function) against
 * warm ones (the median of 5), on the home page and on a business page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../../functions/_lib/db.ts';
import { checkEnv, childEnvironment } from '../../functions/_lib/env.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { insertSyntheticListings } from '../../functions/db/seeds/synthetic-listings.ts';
import { startNativePostgres } from '../../tests/setup/native-postgres.ts';
import { benchRecord, RECORD_OPTION } from './record.ts';

checkEnv();
const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '0,10000,100000' },
    rounds: { type: 'string', default: '1' },
    serve: { type: 'boolean', default: false },
    port: { type: 'string', default: '4470' },
    ...RECORD_OPTION,
  },
});
const record = benchRecord('bench:netlify-build', 'Netlify build at several directory sizes', {
  markdown: true,
});
const sizes = values.listings.split(',').map(Number);
const rounds = Number(values.rounds);
if (sizes.some((n) => !Number.isInteger(n) || n < 0) || !(rounds >= 0))
  throw new Error('--listings takes non-negative integers separated by commas; --rounds ≥ 0');

/** Runs `netlify build --offline`; returns its output and wall time in seconds. */
function netlifyBuild(databaseUrl: string): Promise<{ seconds: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('netlify', ['build', '--offline'], {
      env: childEnvironment({
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: SECRET,
        LOG_LEVEL: 'warn',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve({ seconds: (performance.now() - started) / 1000, output })
        : reject(new Error(`netlify build exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/** "(build.command completed in 1m 2.6s)" → 62.6 */
function phaseSeconds(output: string, phase: string): number | undefined {
  const match = output.match(new RegExp(`\\(${phase} completed in (?:(\\d+)m )?([\\d.]+)(m?s)\\)`));
  if (!match) return undefined;
  const value = Number(match[2]) * (match[3] === 'ms' ? 0.001 : 1);
  return Number(match[1] ?? 0) * 60 + value;
}

const SECRET = 'bench-netlify-build-secret-0123456789abcdef';

/** Every function zip of the last build: name and MB. */
function zipSizes(): [string, string][] {
  const dir = '.netlify/functions';
  return readdirSync(dir)
    .filter((file) => file.endsWith('.zip'))
    .sort()
    .map((file) => [file, (statSync(`${dir}/${file}`).size / 1024 / 1024).toFixed(1)]);
}

/** ms of one GET of `url` (the body read). */
async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

/**
 * `netlify serve --offline` on `port` against `databaseUrl`: a cold render of `/` (the first
 * request), then of a business page (the function loaded, its first render), and each warm
 * (median of 5). Returns the rows to print.
 */
async function serveTimings(databaseUrl: string, slug: string, port: number): Promise<string[][]> {
  const base = `http://localhost:${port}`;
  const child: ChildProcess = spawn(
    'netlify',
    ['serve', '--offline', '--port', String(port), '--staticServerPort', String(port + 1)],
    {
      detached: true,
      env: childEnvironment({
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: SECRET,
        SITE_URL: base,
        LOG_LEVEL: 'warn',
        BROWSER: 'none',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const started = Date.now();
    while (!output.includes('Local dev server ready')) {
      if (child.exitCode !== null) throw new Error(`netlify serve exited:\n${output.slice(-4000)}`);
      if (Date.now() - started > 900_000) throw new Error('netlify serve not ready in 15 min');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // A static file first: the server answers, and no function has run yet.
    await timedGet(`${base}/robots.txt`);
    const rows: string[][] = [];
    for (const path of ['/', `/business/${slug}/`]) {
      const cold = await timedGet(`${base}${path}`);
      const warm: number[] = [];
      for (let i = 0; i < 5; i += 1) warm.push(await timedGet(`${base}${path}`));
      warm.sort((a, b) => a - b);
      rows.push([
        path === '/' ? 'home (first request: cold)' : 'business page',
        cold.toFixed(0),
        warm[2]!.toFixed(0),
      ]);
    }
    return rows;
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

const rows: string[][] = [];
let serveRows: string[][] = [];
const server = await startNativePostgres(['directory']);
try {
  const url = server.urlOf('directory');
  const handle = await openDatabase({ url });
  let present = 0;
  try {
    await migrateToLatest(handle.db);
    for (const size of [...sizes].sort((a, b) => a - b)) {
      if (size > present) {
        const started = performance.now();
        await insertSyntheticListings(handle.db, size - present, { offset: present });
        console.log(
          `seeded ${size - present} listings in ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
        present = size;
      }
      const { rows: dbSize } = await sql<{
        bytes: string;
      }>`select pg_database_size(current_database())::text as bytes`.execute(handle.db);
      for (let round = 1; round <= rounds; round += 1) {
        const { seconds, output } = await netlifyBuild(url);
        const zip = statSync('.netlify/functions/ssr.zip').size;
        rows.push([
          String(size),
          String(round),
          seconds.toFixed(1),
          (phaseSeconds(output, 'build.command') ?? NaN).toFixed(1),
          (phaseSeconds(output, 'Functions bundling') ?? NaN).toFixed(1),
          (zip / 1024 / 1024).toFixed(1),
          (Number(dbSize[0]!.bytes) / 1024 / 1024).toFixed(0),
        ]);
        console.log(rows.at(-1)!.join('  '));
      }
    }
    if (values.serve) {
      const { rows: listing } = await sql<{
        slug: string;
      }>`select slug from business_registrations where status = 'approved' and slug is not null limit 1`.execute(
        handle.db,
      );
      if (!listing[0]) throw new Error('--serve needs a listing: --listings 10 or more');
      serveRows = await serveTimings(url, listing[0].slug, Number(values.port));
    }
  } finally {
    await handle.close();
  }
} finally {
  await server.stop();
}

const header = ['listings', 'round', 'build s', 'command s', 'zip step s', 'ssr.zip MB', 'db MB'];
record.line(`\n| ${header.join(' | ')} |\n|${header.map(() => ' --- ').join('|')}|`);
for (const row of rows) record.line(`| ${row.join(' | ')} |`);

record.line('\n| function zip | MB |\n| --- | --- |');
for (const [file, mb] of zipSizes()) record.line(`| ${file} | ${mb} |`);
if (serveRows.length > 0) {
  record.line('\n| netlify serve | first render ms | warm median ms |\n| --- | --- | --- |');
  for (const row of serveRows) record.line(`| ${row.join(' | ')} |`);
}
record.write();
