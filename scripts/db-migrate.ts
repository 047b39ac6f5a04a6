/** `npm run db:migrate`: brings the database of this environment to the latest schema. */
import { openDatabase } from '../functions/_lib/db.ts';
import { checkEnv } from '../functions/_lib/env.ts';
import { migrateToLatest } from '../functions/db/migrate.ts';

checkEnv();
const handle = await openDatabase();
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database schema is up to date.');
} finally {
  await handle.close();
}
