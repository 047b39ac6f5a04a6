/**
 * `npm run db:backup [-- --out FILE]`: a consistent copy of the embedded database (issue 23.5,
 * ADR 029), taken by the running `npm start` when it owns the folder (it keeps serving), else by
 * opening the folder. Writes FILE (default `.data/backups/pglite-<time>.tar.gz`, PGlite's dump:
 * a gzipped tar of the folder) and FILE.json (checksum, rows per table, newest migration: what
 * `npm run db:restore` checks). On PostgreSQL use pg_dump, on Neon its point-in-time restore
 * (docs/operations.md).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkEnv, databaseUrl, env, localDataDir } from '../functions/_lib/env.ts';
import { backupEmbedded } from '../server/backup.ts';

checkEnv();
const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (databaseUrl()) {
  console.error(
    'db:backup copies the embedded database; with DATABASE_URL set use pg_dump (Neon: its ' +
      'point-in-time restore, docs/operations.md).',
  );
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = values.out ?? path.join(localDataDir(), 'backups', `pglite-${stamp}.tar.gz`);
const result = await backupEmbedded(env('PGLITE_DATA_DIR'), file);
const { counts } = result.manifest;
console.log(
  `Backed up ${env('PGLITE_DATA_DIR')} to ${file} (${(result.manifest.bytes / 1e6).toFixed(1)} MB, ` +
    `${counts.business_registrations} listings, ${counts.articles} articles, ${counts.user} accounts) ` +
    `in ${result.ms} ms${result.live ? ', taken by the running server' : ''}.\n` +
    `Restore it with: npm run db:restore -- ${file}`,
);
