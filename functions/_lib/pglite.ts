import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { acquireLock, currentOwner, LockHeldError, type LockOwner } from './data-dir-lock.ts';

/** The extensions every open must pass, or queries that use them fail (DESIGN.md). */
export const PGLITE_EXTENSIONS = { citext, pg_trgm };

/** Thrown when another process owns the embedded database. */
export class DatabaseLockedError extends Error {
  constructor(
    dataDir: string,
    readonly owner?: LockOwner,
  ) {
    super(
      `The embedded database at ${dataDir} is already open in another process ` +
        `(${owner ? `process ${owner.pid}: ${owner.role}` : 'npm start, npm run dev, a build or a test'}). ` +
        'PGlite allows only one owner: two processes on one data directory silently lose rows. ' +
        'Stop the other process, or set DATABASE_URL to use a PostgreSQL server instead.',
    );
    this.name = 'DatabaseLockedError';
  }
}

/** How long a start waits for the initdb child of a killed start to finish or exit by itself. */
const INIT_OWNER_WAIT_MS = 20_000;

/**
 * Takes the exclusive lock of `dataDir` (the file `<dataDir>.lock`) for this process. The lock
 * is stale exactly when its owner process is gone (process id and start time, ADR 029), so a
 * restart right after a crash takes it at once. A lock held by the initdb child of an earlier
 * start is waited for (it finishes, or exits with its parent) for up to 20 s.
 * @param role what holds it, shown to whoever finds it held.
 * @returns a function that releases the lock.
 * @throws DatabaseLockedError when another live process owns it; the file system's error (EROFS,
 *   ENOSPC…) when the lock cannot be written.
 */
export async function lockDataDir(
  dataDir: string,
  role = 'the server',
): Promise<() => Promise<void>> {
  const started = Date.now();
  for (;;) {
    try {
      const release = acquireLock(`${dataDir}.lock`, currentOwner(role));
      return async () => release();
    } catch (error) {
      if (!(error instanceof LockHeldError)) throw error;
      const initializing = error.owner?.role === INIT_ROLE;
      if (!initializing || Date.now() - started > INIT_OWNER_WAIT_MS)
        throw new DatabaseLockedError(dataDir, error.owner);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The role of the short-lived process that creates a database folder. */
export const INIT_ROLE = 'creating the database';

/** Written into a folder while its cluster is being created; removed once initdb completed. */
const CREATING_MARKER = '.creating';

/**
 * Opens the cluster of `dataDir`, creating it when it has none. Creation is marked by a file in
 * the folder until initdb has completed, so a folder left by a start killed during initdb is
 * recognised and made again (issue 23.3). Call it under the folder's lock.
 * @throws Error when `dataDir` exists, is not empty and holds no database.
 */
async function openCluster(dataDir: string): Promise<PGlite> {
  const marker = path.join(dataDir, CREATING_MARKER);
  if (existsSync(marker)) rmSync(dataDir, { recursive: true, force: true });
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh) {
    if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
      throw new Error(
        `${dataDir} is not empty but holds no database: move its files away, or set ` +
          'PGLITE_DATA_DIR to an empty or missing folder.',
      );
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(marker, '');
  }
  const pglite = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
  if (fresh) rmSync(marker);
  return pglite;
}

/**
 * Creates the database folder `dataDir` when it has none (under its lock, atomically), and
 * closes it: the initdb child of `npm start` (server/pglite-init.ts).
 * @returns whether it created the folder.
 */
export async function createEmbeddedDataDir(dataDir: string): Promise<boolean> {
  const absolute = path.resolve(dataDir);
  const release = await lockDataDir(absolute, INIT_ROLE);
  try {
    const fresh =
      !existsSync(path.join(absolute, 'PG_VERSION')) ||
      existsSync(path.join(absolute, CREATING_MARKER));
    if (fresh) await (await openCluster(absolute)).close();
    return fresh;
  } finally {
    await release();
  }
}

export interface EmbeddedPool {
  pglite: PGlite;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Opens PGlite at `dataDir` (created on first use; a half-made one is made again) under the
 * exclusive lock and wraps it as a
 * node-postgres Pool of one connection, so Kysely's PostgresDialect drives it like any server.
 * `memory://` skips the lock (nothing to share).
 */
export async function openEmbeddedPool(dataDir: string, role?: string): Promise<EmbeddedPool> {
  const inMemory = dataDir.startsWith('memory://');
  const absolute = inMemory ? dataDir : path.resolve(dataDir);
  const release = inMemory ? async () => {} : await lockDataDir(absolute, role);
  try {
    const pglite = inMemory
      ? await PGlite.create(absolute, { extensions: PGLITE_EXTENSIONS })
      : await openCluster(absolute);
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
