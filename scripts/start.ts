/**
 * `npm start`: opens the database (embedded PGlite under .data/ unless DATABASE_URL is set),
 * migrates it, seeds it on first run, builds the static site and serves everything on
 * http://localhost:4321 (PORT and HOST override). Rebuilds run in this process when data changes.
 */
import { randomBytes } from 'node:crypto';
import { FIRST_MIGRATION, openDatabase } from '../functions/_lib/db.ts';
import { log } from '../functions/_lib/log.ts';
import { migrateToLatest } from '../functions/db/migrate.ts';
import { seedDatabase } from '../functions/db/seeds/seed.ts';
import { ensureAdmin } from '../functions/users/admin-bootstrap.ts';
import { startLocalServer } from '../server/local-server.ts';

const port = Number(process.env.PORT || 4321);
const host = process.env.HOST || 'localhost';

const handle = await openDatabase();
const applied = await migrateToLatest(handle.db);
const fresh = applied.includes(FIRST_MIGRATION);
if (fresh && process.env.SEED !== 'false') {
  log.info('fresh database: loaded the content shipped in content/', {
    ...(await seedDatabase(handle.db)),
  });
}
let adminNotice = '';
if (fresh && handle.kind === 'pglite') {
  // A fresh local database gets an admin whose credentials are printed once (README).
  const email = process.env.LOCAL_ADMIN_EMAIL || 'admin@lagosautohub.local';
  const password = process.env.LOCAL_ADMIN_PASSWORD || randomBytes(9).toString('base64url');
  await ensureAdmin(handle.db, { email, password, name: 'Local Admin' });
  adminNotice = `  Local admin account (shown only this once):\n    email:    ${email}\n    password: ${password}\n`;
}

const local = await startLocalServer({
  db: handle.db,
  port,
  host,
  buildRoot: process.env.SITE_BUILD_DIR,
});
console.log(`\n  Lagos Auto Hub: building the site, then serving on ${local.url}\n`);
if (adminNotice) console.log(`${adminNotice}    sign in:  ${local.url}/admin/sign-in/\n`);
await local.builder.buildNow('startup').catch((error: unknown) => {
  log.error('the first site build failed', { error: String(error) });
});
if (local.builder.current()) console.log(`  Ready: ${local.url}\n`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info('shutting down', { signal });
  await local.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
