/** `npm run db:seed`: migrates, then adds the content shipped in content/ that is missing. */
import { openDatabase } from '../functions/_lib/db.ts';
import { checkEnv } from '../functions/_lib/env.ts';
import { migrateToLatest } from '../functions/db/migrate.ts';
import { seedDatabase } from '../functions/db/seeds/seed.ts';

checkEnv();
const handle = await openDatabase();
try {
  await migrateToLatest(handle.db);
  console.log('Seeded:', await seedDatabase(handle.db));
} finally {
  await handle.close();
}
