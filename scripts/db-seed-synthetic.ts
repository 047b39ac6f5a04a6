/**
 * `npm run db:seed:synthetic -- --listings 10000 [--approved-share 0.98] [--offset N]`: migrates,
 * then adds N synthetic Lagos listings (functions/db/seeds/synthetic-listings.ts) to the database of
 * this environment, for measuring at realistic size (ADR 011, ADR 033). Batches of 1,000 rows;
 * from 50,000 listings on the search and listing indexes are dropped and rebuilt once after the
 * inserts (1,000,000 listings in minutes on PostgreSQL). Stop `npm start` first on PGlite, and do
 * not interrupt it on a database you keep: an interrupted large seed leaves those indexes dropped.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../functions/_lib/db.ts';
import { checkEnv } from '../functions/_lib/env.ts';
import { migrateToLatest } from '../functions/db/migrate.ts';
import { bulkInsertSyntheticListings } from '../functions/db/seeds/synthetic-listings.ts';

checkEnv();
const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '10000' },
    'approved-share': { type: 'string', default: '1' },
    offset: { type: 'string', default: '0' },
  },
});
const count = Number(values.listings);
if (!Number.isInteger(count) || count < 1) throw new Error('--listings must be a positive integer');

const handle = await openDatabase();
try {
  await migrateToLatest(handle.db);
  const started = performance.now();
  const { insertMs, indexMs } = await bulkInsertSyntheticListings(handle.db, count, {
    offset: Number(values.offset),
    approvedShare: Number(values['approved-share']),
    onProgress: (done) => {
      if (done % 20_000 === 0 || done === count) process.stdout.write(`\r  ${done} / ${count}`);
    },
  });
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `\nInserted ${count} synthetic listings in ${s(performance.now() - started)} (rows ${s(insertMs)}, indexes ${s(indexMs)}, then VACUUM ANALYZE)`,
  );
} finally {
  await handle.close();
}
