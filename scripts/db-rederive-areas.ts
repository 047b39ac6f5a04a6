/**
 * `npm run db:areas [-- --only-unknown]`: derives every listing's area again with today's rules
 * and the shipped area list (functions/areas/rederive.ts, ADR 020), writing only the rows whose
 * area changes; prints rows read, rows changed and the time. Run it after changing
 * `common/config/lagos-areas.ts` or `deriveArea`. Pages are cached by tag (ADR 011): restart
 * `npm start` afterwards (or wait for the CDN's day-long lifetime on Netlify).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../functions/_lib/db.ts';
import { checkEnv } from '../functions/_lib/env.ts';
import { rederiveAreas } from '../functions/areas/rederive.ts';
import { migrateToLatest } from '../functions/db/migrate.ts';

checkEnv();
const { values } = parseArgs({ options: { 'only-unknown': { type: 'boolean', default: false } } });

const handle = await openDatabase();
try {
  await migrateToLatest(handle.db);
  const started = performance.now();
  const result = await rederiveAreas(handle.db as never, {
    onlyUnknown: values['only-unknown'],
    onProgress: ({ read, changed }) =>
      process.stdout.write(`\r  read ${read}, changing ${changed}`),
  });
  console.log(
    `\n${result.read} listings read, ${result.changed} areas changed${result.bulk ? ' (bulk)' : ''} in ${Math.round(performance.now() - started)} ms`,
  );
} finally {
  await handle.close();
}
