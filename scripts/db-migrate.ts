/**
 * `npm run db:migrate`: brings the database of this environment to the latest schema. The first
 * step of the Netlify build command (netlify.toml): there it fails at once, naming the variable,
 * when no database URL is set (issue 14), before anything is built.
 */
import { openDatabase } from '../functions/_lib/db.ts';
import {
  checkEnv,
  databaseRequired,
  databaseUrl,
  env,
  isNetlifyBuild,
  MISSING_AUTH_SECRET_MESSAGE,
  MISSING_DATABASE_MESSAGE,
} from '../functions/_lib/env.ts';
import { migrateToLatest } from '../functions/db/migrate.ts';

checkEnv();
if (databaseRequired() && !databaseUrl()) {
  console.error(`Netlify build stopped: ${MISSING_DATABASE_MESSAGE}`);
  process.exit(1);
}
if (isNetlifyBuild() && !env('BETTER_AUTH_SECRET'))
  console.warn(`Warning: ${MISSING_AUTH_SECRET_MESSAGE} Until then the API answers 503.`);
const handle = await openDatabase();
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database schema is up to date.');
} finally {
  await handle.close();
}
