/**
 * `npm run db:restore -- FILE [--into DIR] [--replace]`: restores a backup of `npm run db:backup`
 * into a fresh folder (default `<PGLITE_DATA_DIR>.restored-<time>`) and checks it against the
 * backup's manifest (checksum, rows per table, newest migration). `--replace` then puts it in
 * place of PGLITE_DATA_DIR, keeping the old folder beside it as `.before-restore-<time>`: stop
 * `npm start` first (the folder's lock says so otherwise). Issue 23.5, ADR 029.
 */
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkEnv, env } from '../functions/_lib/env.ts';
import { lockDataDir } from '../functions/_lib/pglite.ts';
import { restoreEmbedded } from '../server/backup.ts';

checkEnv();
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { into: { type: 'string' }, replace: { type: 'boolean', default: false } },
});
const file = positionals[0];
if (!file) {
  console.error(
    'Usage: npm run db:restore -- .data/backups/pglite-….tar.gz [--into DIR] [--replace]',
  );
  process.exit(2);
}
const dataDir = path.resolve(env('PGLITE_DATA_DIR'));
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const into = values.into ?? `${env('PGLITE_DATA_DIR')}.restored-${stamp}`;
try {
  const result = await restoreEmbedded(file, into);
  const { counts } = result;
  console.log(
    `Restored ${file} into ${into} and checked it (${counts.business_registrations} listings, ` +
      `${counts.articles} articles, ${counts.user} accounts, migration ${result.migration}) in ${result.ms} ms.`,
  );
  if (values.replace) {
    // Under the live folder's lock: refused while npm start runs.
    const release = await lockDataDir(dataDir, 'a restore');
    try {
      const old = `${dataDir}.before-restore-${stamp}`;
      if (existsSync(dataDir)) renameSync(dataDir, old);
      renameSync(path.resolve(into), dataDir);
      console.log(`It is now ${env('PGLITE_DATA_DIR')}; the previous folder is ${old}.`);
    } finally {
      await release();
    }
  } else {
    console.log(
      `To use it: stop npm start, then start with PGLITE_DATA_DIR=${into}, or run this again with --replace.`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
