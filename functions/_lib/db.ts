import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../db/database.ts';
import { databaseRequired, databaseUrl, env, MISSING_DATABASE_MESSAGE } from './env.ts';
import { resilientPool, retryTransactions } from './db-resilience.ts';
import { AppError } from './errors.ts';

/**
 * One open database: the Kysely instance plus how to close it.
 * `kind` says which driver is behind it (DESIGN.md "Database").
 */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres' | 'neon';
  close(): Promise<void>;
  /**
   * The embedded database only: a consistent copy of its folder as a gzipped tar (a checkpoint,
   * then PGlite's dump, which waits for the query in progress), taken while it keeps serving
   * (`npm run db:backup`, issue 23.5).
   */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenOptions {
  /** A postgres:// URL. Defaults to DATABASE_URL, then NETLIFY_DATABASE_URL. */
  url?: string | undefined;
  /** PGlite data directory when no URL is set. Defaults to PGLITE_DATA_DIR or `.data/pglite`. */
  dataDir?: string | undefined;
  /** Who opens the embedded database, as its lock tells a second opener (`the server`). */
  role?: string | undefined;
  /** Force the driver for a URL (`neon` is chosen automatically for *.neon.tech hosts). */
  driver?: 'pg' | 'neon' | undefined;
}

function isNeonHost(url: string): boolean {
  try {
    return /\.neon\.(tech|build)$/.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * How long a new connection to a server may take before the request answers 503 instead of
 * hanging (a host that drops packets; Neon waking a compute takes a few hundred ms).
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Opens the database chosen by the environment: a `pg` Pool for DATABASE_URL, the Neon
 * serverless Pool for Neon hosts (or DATABASE_DRIVER=neon), otherwise embedded PGlite
 * owned by this process (a second process gets a clear error, see `pglite.ts`).
 * Server pools survive dropped connections and a database restart (`db-resilience.ts`): reads
 * and uncommitted transactions are retried once, and what still fails throws
 * DatabaseUnavailableError (503 DATABASE_UNAVAILABLE).
 * @throws AppError SERVICE_UNAVAILABLE (503, {@link MISSING_DATABASE_MESSAGE}) when no URL is set
 *   in a Netlify function or build (`databaseRequired()`): there is no embedded fallback there.
 */
export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  const url = options.url ?? databaseUrl();
  if (!url && databaseRequired())
    throw new AppError('SERVICE_UNAVAILABLE', MISSING_DATABASE_MESSAGE);
  if (!url) {
    const dataDir = options.dataDir ?? env('PGLITE_DATA_DIR');
    // Loaded only here: deployments on Postgres/Neon never ship the embedded engine (astro.config.mjs).
    const { openEmbeddedPool } = await import('./pglite.ts');
    const embedded = await openEmbeddedPool(dataDir, options.role);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: embedded.pool }) });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        await embedded.close();
      },
      dumpDataDir: async () => {
        await embedded.pglite.query('checkpoint');
        return embedded.pglite.dumpDataDir('gzip');
      },
    };
  }
  const driver = options.driver ?? env('DATABASE_DRIVER');
  if (driver === 'neon' || (driver !== 'pg' && isNeonHost(url))) {
    const { Pool } = await import('@neondatabase/serverless');
    const pool = new Pool({
      connectionString: url,
      max: 5,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    const db = new Kysely<Database>({
      // The Neon Pool is pg-compatible at runtime; its types differ in connect()'s overloads.
      dialect: new PostgresDialect({
        pool: resilientPool(pool as unknown as Parameters<typeof resilientPool>[0], 'neon'),
      }),
    });
    return { db: retryTransactions(db), kind: 'neon', close: () => db.destroy() };
  }
  const pg = await import('pg');
  const pool = new pg.default.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: resilientPool(pool as unknown as Parameters<typeof resilientPool>[0], 'postgres'),
    }),
  });
  return { db: retryTransactions(db), kind: 'postgres', close: () => db.destroy() };
}

/**
 * The embedded database manages itself (astro dev on a fresh checkout): migrate, and load the
 * shipped content when a first start planned it and it is not done yet (issue 23.3: recorded
 * steps, see functions/db/setup-steps.ts). Servers (pg, Neon) are migrated by `npm run db:migrate`
 * at deploy time.
 */
export async function prepareEmbedded(handle: DatabaseHandle): Promise<DatabaseHandle> {
  if (handle.kind !== 'pglite') return handle;
  const { completeStep, migrateAndPlan } = await import('../db/setup-steps.ts');
  const { pending } = await migrateAndPlan(handle.db, {
    seed: env('SEED'),
    synthetic: 0,
    admin: false,
  });
  if (pending.includes('seed')) {
    const { seedDatabase } = await import('../db/seeds/seed.ts');
    await seedDatabase(handle.db);
    await completeStep(handle.db, 'seed');
  }
  return handle;
}

/** The migration that creates the schema: applying it means the database was empty. */
export const FIRST_MIGRATION = '2026_11_21_0001_initial_schema';

const SHARED_KEY = Symbol.for('lagos-auto.database');
type SharedSlot = { [SHARED_KEY]?: Promise<DatabaseHandle> };

/**
 * Makes `handle` the process-wide database (`sharedDatabase()`): the local server owns the
 * embedded database and hands it to the on-demand pages of its build, which reach it through
 * `sharedDatabase()` from another copy of this module (the build's bundle).
 */
export function provideSharedDatabase(handle: DatabaseHandle): void {
  (globalThis as SharedSlot)[SHARED_KEY] = Promise.resolve(handle);
}

/**
 * The process-wide database, opened once on first use (warm serverless invocations and
 * `astro dev` module reloads reuse it; kept on globalThis because Vite may load this module twice).
 */
export function sharedDatabase(): Promise<DatabaseHandle> {
  const slot = globalThis as SharedSlot;
  slot[SHARED_KEY] ??= openDatabase()
    .then(prepareEmbedded)
    .catch((error: unknown) => {
      delete slot[SHARED_KEY];
      throw error;
    });
  return slot[SHARED_KEY];
}
