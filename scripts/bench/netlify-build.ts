/**
 * `npm run bench:netlify-build -- --listings 0,10000,100000`: the time of `netlify build --offline`
 * (netlify.toml's command: migrations and Astro with the Netlify adapter, then the function zips
 * and their check) against a fresh native PostgreSQL holding each number of approved synthetic
 * listings (ADR 011, ADR 017). The build reads no data, so the times should not depend on it.
 * Prints one row per size: seconds of the whole build and of its phases, the SSR zip size and
 * the database size (Neon's free plan stores 0.5 GB per project).
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
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
    ...RECORD_OPTION,
  },
});
const record = benchRecord('bench:netlify-build', 'Netlify build at several directory sizes', {
  markdown: true,
});
const sizes = values.listings.split(',').map(Number);
const rounds = Number(values.rounds);
if (sizes.some((n) => !Number.isInteger(n) || n < 0) || !(rounds >= 1))
  throw new Error('--listings takes non-negative integers separated by commas; --rounds ≥ 1');

/** Runs `netlify build --offline`; returns its output and wall time in seconds. */
function netlifyBuild(databaseUrl: string): Promise<{ seconds: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('netlify', ['build', '--offline'], {
      env: childEnvironment({
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: 'bench-netlify-build-secret-0123456789abcdef',
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

const rows: string[][] = [];
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
  } finally {
    await handle.close();
  }
} finally {
  await server.stop();
}

const header = ['listings', 'round', 'build s', 'command s', 'zip step s', 'ssr.zip MB', 'db MB'];
record.line(`\n| ${header.join(' | ')} |\n|${header.map(() => ' --- ').join('|')}|`);
for (const row of rows) record.line(`| ${row.join(' | ')} |`);
record.write();
