import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import lockfile from 'proper-lockfile';

/** The extensions every open must pass, or queries that use them fail (DESIGN.md). */
export const PGLITE_EXTENSIONS = { citext, pg_trgm };

/** Thrown when another process owns the embedded database. */
export class DatabaseLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The embedded database at ${dataDir} is already open in another process ` +
        '(npm start, npm run dev, a build or a test). PGlite allows only one owner: two ' +
        'processes on one data directory silently lose rows. Stop the other process, or set ' +
        'DATABASE_URL to use a PostgreSQL server instead.',
    );
    this.name = 'DatabaseLockedError';
  }
}

/**
 * Takes the exclusive lock of `dataDir` for this process. The lock file is refreshed while
 * the process lives and counts as stale 15 s after it dies, so a crash never locks you out.
 * @returns a function that releases the lock.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}.lock`,
      stale: 15_000,
      update: 5_000,
      realpath: false,
      onCompromised: (error) => {
        throw error;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DatabaseLockedError(dataDir);
    throw error;
  }
}

export interface EmbeddedPool {
  pglite: PGlite;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Opens PGlite at `dataDir` (created on first use) under the exclusive lock and wraps it as a
 * node-postgres Pool of one connection, so Kysely's PostgresDialect drives it like any server.
 * `memory://` skips the lock (nothing to share).
 */
export async function openEmbeddedPool(dataDir: string): Promise<EmbeddedPool> {
  const inMemory = dataDir.startsWith('memory://');
  const absolute = inMemory ? dataDir : path.resolve(dataDir);
  const release = inMemory ? async () => {} : await lockDataDir(absolute);
  try {
    const pglite = await PGlite.create(absolute, { extensions: PGLITE_EXTENSIONS });
    return fromPGlite(pglite, release);
  } catch (error) {
    await release();
    throw error;
  }
}

/** Wraps an already-open PGlite (tests clone a migrated template this way). */
export function fromPGlite(
  pglite: PGlite,
  release: () => Promise<void> = async () => {},
): EmbeddedPool {
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  return {
    pglite,
    pool,
    close: async () => {
      await pglite.close();
      await release();
    },
  };
}
