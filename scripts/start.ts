/**
 * `npm start`: opens the database (embedded PGlite under .data/ unless DATABASE_URL is set),
 * migrates it, seeds it on first run, builds the site once for this version of the code (reused
 * on later starts) and serves everything on http://localhost:4321 (PORT and HOST override).
 * Pages that show data are rendered on demand and cached until a write purges them (ADR 011).
 *
 * Restartable at any point (issue 23.3, ADR 029): a new embedded database's folder is marked
 * until initdb has completed (a half-made one is made again); the schema and the plan of a first start (seed, synthetic
 * listings, the local admin) are written in one transaction, and each step is marked done once it
 * has completed, so a start killed anywhere is finished by the next one. The embedded database's
 * lock is stale as soon as its owner process is gone. A data folder that cannot be written stops
 * the start with one message naming it.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { assertWritable, dataFolderProblem } from '../functions/_lib/data-dir-lock.ts';
import { checkEnv, databaseUrl, env, localDataDir, siteUrl } from '../functions/_lib/env.ts';
import { ensureSiteBuild } from '../server/site-build.ts';

checkEnv();
/** Share of SEED_SYNTHETIC listings that start approved; the rest are pending. */
const SYNTHETIC_APPROVED_SHARE = 0.7;
const port = env('PORT');
const host = env('HOST');
const site = siteUrl();
const embedded = !databaseUrl();
const dataDir = env('PGLITE_DATA_DIR');

/** One line a person reads (and the restart tests wait for): what the start is doing now. */
const step = (text: string) => console.log(`  ${text}`);

async function main() {
  // A read-only or full data folder: one clear message now, not an error deep in a step.
  assertWritable([
    localDataDir(),
    env('SITE_BUILD_DIR'),
    ...(embedded ? [path.dirname(path.resolve(dataDir)), dataDir] : []),
  ]);

  // Peak memory (issue 11, ADR 026): the steps that hold the most run one at a time, each in a
  // child process that exits, while this process is still small: first PGlite's initdb (a fresh
  // embedded database only), then the site build, which reads no data (ADR 011). The database is
  // opened after both, so none of their peaks adds to another's.
  if (embedded) {
    const { initEmbeddedDataDir } = await import('../server/embedded-database.ts');
    if (await initEmbeddedDataDir(dataDir)) step('Created the embedded database.');
  }
  console.log('\n  Lagos Auto Hub: preparing the site build…\n');
  const build = await ensureSiteBuild(env('SITE_BUILD_DIR'), site);

  // Loaded after the build: the build's child process and this one never both hold their peak.
  const { sql } = await import('kysely');
  const { openDatabase, provideSharedDatabase } = await import('../functions/_lib/db.ts');
  const { log } = await import('../functions/_lib/log.ts');
  const { completeStep, isEmptyDirectory, migrateAndPlan } =
    await import('../functions/db/setup-steps.ts');
  const { seedDatabase } = await import('../functions/db/seeds/seed.ts');
  const { insertSyntheticListings } = await import('../functions/db/seeds/synthetic-listings.ts');
  const { ensureAdmin } = await import('../functions/users/users.service.ts');
  const { startLocalServer } = await import('../server/local-server.ts');

  const handle = await openDatabase();
  step('Migrating the database…');
  const synthetic = env('SEED_SYNTHETIC');
  const prepared = await migrateAndPlan(handle.db, {
    seed: env('SEED'),
    synthetic,
    admin: handle.kind === 'pglite',
  });
  if (!prepared.fresh && prepared.pending.length > 0)
    step(`Finishing the first start that was interrupted: ${prepared.pending.join(', ')}.`);

  let adminNotice = '';
  for (const pending of prepared.pending) {
    if (pending === 'seed') {
      step('Loading the shipped content (articles, service cards, sample businesses)…');
      log.info('loaded the content shipped in content/', { ...(await seedDatabase(handle.db)) });
      await completeStep(handle.db, 'seed');
    } else if (pending === 'synthetic') {
      // Opt-in, fresh databases only: a directory of realistic size with old pending listings,
      // whose approval lands past the first page of their category (the e2e scale journey, ADR
      // 014). One transaction with its record: an interrupted run leaves none of its rows.
      step(`Adding ${synthetic} synthetic listings…`);
      await handle.db.transaction().execute(async (trx) => {
        await insertSyntheticListings(trx, synthetic, {
          approvedShare: SYNTHETIC_APPROVED_SHARE,
        });
        await completeStep(trx, 'synthetic');
      });
      log.info('added synthetic listings', { count: synthetic });
    } else {
      // A new local database gets an admin whose password is printed (docs/development.md). Redone until it
      // was printed: an interrupted start's account gets a new password, printed this time.
      step('Creating the local admin account…');
      const email = env('LOCAL_ADMIN_EMAIL');
      const password = env('LOCAL_ADMIN_PASSWORD') ?? randomBytes(9).toString('base64url');
      await ensureAdmin(handle.db, { email, password, name: 'Local Admin', setPassword: true });
      adminNotice = `  Local admin account (shown only this once):\n    email:    ${email}\n    password: ${password}\n`;
      console.log(`\n${adminNotice}`);
      await completeStep(handle.db, 'admin');
    }
  }
  if (prepared.pending.length === 0 && env('SEED') && (await isEmptyDirectory(handle.db))) {
    const message =
      'The database has no listings, articles or service cards: its first start was probably ' +
      'interrupted by an older version. Load the shipped content with `npm run db:seed`, and ' +
      'create an admin with `npm run admin:create -- --email you@example.com --password "…"` ' +
      '(stop npm start first when on the embedded database).';
    log.warn('empty directory', { message });
    console.log(`\n  ${message}\n`);
  }
  if (handle.kind === 'pglite') {
    // PGlite runs no autovacuum: refresh the planner's statistics and the visibility map once per
    // start so the listing pages stay index-only scans (ADR 011).
    await sql`vacuum (analyze) business_registrations, search_listings`.execute(handle.db);
  }

  provideSharedDatabase(handle);
  const local = await startLocalServer({ db: handle.db, port, host, site: build });
  // `npm run db:backup` asks this process for a consistent copy while it serves (ADR 029).
  const { startControlSocket } = await import('../server/backup.ts');
  const control = handle.kind === 'pglite' ? await startControlSocket(dataDir, handle) : undefined;
  // The owners' monthly summary (issue 27.3, ADR 045): checked once an hour, sent when due.
  const { startMonthlySummaryTimer } = await import('../server/monthly-summary-timer.ts');
  const summaryTimer = startMonthlySummaryTimer(handle.db);
  if (adminNotice) console.log(`    sign in:  ${local.url}/admin/sign-in/\n`);
  console.log(
    `  Ready: ${local.url} (${build.built ? 'built' : 'reused the build'} in ${build.ms} ms)\n`,
  );

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    await local.close();
    control?.close();
    await summaryTimer.stop();
    // The listing counts still buffered (issue 27.1, ADR 041) are written before the database closes.
    const { flushCounts } = await import('../functions/insights/insights.service.ts');
    await flushCounts(handle.db);
    await handle.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

try {
  await main();
} catch (error) {
  const { isDatabaseUnavailable } = await import('../functions/_lib/db-resilience.ts');
  const problem =
    dataFolderProblem(error, embedded ? dataDir : localDataDir()) ??
    (!embedded && isDatabaseUnavailable(error)
      ? `The database of DATABASE_URL cannot be reached (${String((error as Error).cause ?? error)}). ` +
        'Start PostgreSQL (or check the URL and the network), then run npm start again.'
      : undefined);
  if (!problem) throw error;
  console.error(`\n  ${problem}\n`);
  process.exit(1);
}
