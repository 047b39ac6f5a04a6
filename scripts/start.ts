/**
 * `npm start`: opens the database (embedded PGlite under .data/ unless DATABASE_URL is set),
 * migrates it, seeds it on first run, builds the site once for this version of the code (reused
 * on later starts) and serves everything on http://localhost:4321 (PORT and HOST override).
 * Pages that show data are rendered on demand and cached until a write purges them (ADR 011).
 */
import { randomBytes } from 'node:crypto';
import { checkEnv, databaseUrl, env, siteUrl } from '../functions/_lib/env.ts';
import { ensureSiteBuild } from '../server/site-build.ts';

checkEnv();
/** Share of SEED_SYNTHETIC listings that start approved; the rest are pending. */
const SYNTHETIC_APPROVED_SHARE = 0.7;
const port = env('PORT');
const host = env('HOST');
const site = siteUrl();

// Peak memory (issue 11, ADR 026): the steps that hold the most run one at a time, each in a
// child process that exits, while this process is still small: first PGlite's initdb (a fresh
// embedded database only), then the site build, which reads no data (ADR 011). The database is
// opened after both, so none of their peaks adds to another's.
if (!databaseUrl()) {
  const { initEmbeddedDataDir } = await import('../server/embedded-database.ts');
  if (await initEmbeddedDataDir(env('PGLITE_DATA_DIR')))
    console.log('\n  Created the embedded database.');
}
console.log('\n  Lagos Auto Hub: preparing the site build…\n');
const build = await ensureSiteBuild(env('SITE_BUILD_DIR'), site);

// Loaded after the build: the build's child process and this one never both hold their peak.
const { sql } = await import('kysely');
const { FIRST_MIGRATION, openDatabase, provideSharedDatabase } =
  await import('../functions/_lib/db.ts');
const { log } = await import('../functions/_lib/log.ts');
const { migrateToLatest } = await import('../functions/db/migrate.ts');
const { seedDatabase } = await import('../functions/db/seeds/seed.ts');
const { insertSyntheticListings } = await import('../tests/factories/synthetic-listings.ts');
const { ensureAdmin } = await import('../functions/users/users.service.ts');
const { startLocalServer } = await import('../server/local-server.ts');

const handle = await openDatabase();
const applied = await migrateToLatest(handle.db);
const fresh = applied.includes(FIRST_MIGRATION);
if (fresh && env('SEED')) {
  log.info('fresh database: loaded the content shipped in content/', {
    ...(await seedDatabase(handle.db)),
  });
}
const synthetic = env('SEED_SYNTHETIC');
if (fresh && synthetic > 0) {
  // Opt-in, fresh databases only: a directory of realistic size with old pending listings, whose
  // approval lands past the first page of their category (the e2e scale journey, ADR 014).
  await insertSyntheticListings(handle.db, synthetic, { approvedShare: SYNTHETIC_APPROVED_SHARE });
  log.info('fresh database: added synthetic listings', { count: synthetic });
}
if (handle.kind === 'pglite') {
  // PGlite runs no autovacuum: refresh the planner's statistics and the visibility map once per
  // start so the listing pages stay index-only scans (ADR 011).
  await sql`vacuum (analyze) business_registrations`.execute(handle.db);
}
let adminNotice = '';
if (fresh && handle.kind === 'pglite') {
  // A fresh local database gets an admin whose credentials are printed once (README).
  const email = env('LOCAL_ADMIN_EMAIL');
  const password = env('LOCAL_ADMIN_PASSWORD') ?? randomBytes(9).toString('base64url');
  await ensureAdmin(handle.db, { email, password, name: 'Local Admin' });
  adminNotice = `  Local admin account (shown only this once):\n    email:    ${email}\n    password: ${password}\n`;
}

provideSharedDatabase(handle);
const local = await startLocalServer({ db: handle.db, port, host, site: build });
if (adminNotice) console.log(`${adminNotice}    sign in:  ${local.url}/admin/sign-in/\n`);
console.log(
  `  Ready: ${local.url} (${build.built ? 'built' : 'reused the build'} in ${build.ms} ms)\n`,
);

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
