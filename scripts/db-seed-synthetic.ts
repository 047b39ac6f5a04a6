/**
 * `npm run db:seed:synthetic -- --listings 10000 [--approved-share 0.98] [--offset N]`: migrates,
 * then adds N synthetic Lagos listings (tests/factories/synthetic-listings.ts) to the database of
 * this environment, for measuring at realistic size (ADR 011). Stop `npm start` first on PGlite.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../functions/_lib/db.ts';
import { checkEnv } from '../functions/_lib/env.ts';
import { migrateToLatest } from '../functions/db/migrate.ts';
import { insertSyntheticListings } from '../tests/factories/synthetic-listings.ts';

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
  await insertSyntheticListings(handle.db, count, {
    offset: Number(values.offset),
    approvedShare: Number(values['approved-share']),
    onProgress: (done) => {
      if (done % 10_000 === 0 || done === count) process.stdout.write(`\r  ${done} / ${count}`);
    },
  });
  console.log(
    `\nInserted ${count} synthetic listings in ${Math.round(performance.now() - started)} ms`,
  );
} finally {
  await handle.close();
}
