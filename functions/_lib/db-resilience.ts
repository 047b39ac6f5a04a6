import type { Kysely, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '../../common/schemas/outage.ts';
import { AppError } from './errors.ts';
import { log } from './log.ts';

/**
 * Connections to a database server are expected to drop (issue 23.1, ADR 029): a PostgreSQL
 * restart, a fast stop, a crash, Neon closing idle connections when its compute scales to zero.
 * This module makes a `pg` or Neon Pool survive it: every client has an `'error'` listener (an
 * unhandled one ends the process), a dropped connection is replaced, and a statement that failed
 * because its connection went away is retried once when that is safe. What still fails becomes
 * {@link DatabaseUnavailableError}: 503 DATABASE_UNAVAILABLE in the API's envelope, the site's
 * 503 page for pages.
 */

/** SQLSTATE classes and codes that mean "the connection or the server went away". */
const CONNECTION_SQLSTATE = /^(08\d{3}|57P0[1-3]|53300)$/;
/** Socket-level codes of Node, node-postgres and the WebSocket of Neon's driver. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and Neon report some of them without a code, in these words. */
const CONNECTION_MESSAGE =
  /Connection terminated|terminating connection|timeout exceeded when trying to connect|Connection ended unexpectedly|not queryable|connection error|WebSocket|socket hang up|Client was closed/i;

/**
 * Whether `error` says that the connection or the database server went away (as opposed to an
 * error of the statement itself: a constraint, a syntax error, a serialization failure).
 */
export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string') {
    if (CONNECTION_SQLSTATE.test(e.code) || SOCKET_CODES.has(e.code)) return true;
    // Any other SQLSTATE is the statement's own error, whatever its message says.
    if (/^[0-9A-Z]{5}$/.test(e.code)) return false;
  }
  // Node's "happy eyeballs" connect fails with an AggregateError of one error per address.
  if (Array.isArray(e.errors) && e.errors.some(isConnectionError)) return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGE.test(e.message)) return true;
  return e.cause !== undefined && e.cause !== error && isConnectionError(e.cause);
}

/**
 * The database cannot be reached: answered 503 DATABASE_UNAVAILABLE with `Retry-After` (the
 * message is {@link DATABASE_UNAVAILABLE_MESSAGE}). `retryable` is true when nothing was
 * committed (the statement was a read, or it ran inside a transaction that had not sent COMMIT),
 * so the whole transaction may run again; `cause` is the driver's error (logged, never sent).
 */
export class DatabaseUnavailableError extends AppError {
  readonly retryable: boolean;

  constructor(cause: unknown, retryable: boolean) {
    super('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, undefined, {
      'retry-after': String(DATABASE_RETRY_AFTER_S),
      'cache-control': 'no-store',
    });
    this.name = 'DatabaseUnavailableError';
    this.cause = cause;
    this.retryable = retryable;
  }
}

/**
 * Whether `error`, or one of its causes (Astro and Better Auth wrap errors), is a
 * {@link DatabaseUnavailableError}: the pools turn every connection failure into one, so an
 * outbound call that failed on its own connection (SendGrid, Places) is not mistaken for it.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth += 1) {
    if (e instanceof DatabaseUnavailableError) return true;
    if ((e as { code?: unknown }).code === 'DATABASE_UNAVAILABLE') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Pause before the one retry: long enough for a pool to drop its dead clients. */
export const RETRY_PAUSE_MS = 250;

const STATE_KEY = Symbol.for('lagos-auto.database-state');

/**
 * What this process last saw of its database server (shared on globalThis: the local server and
 * the pages of its build hold two copies of this module). `since` is when it changed last.
 */
export interface DatabaseState {
  state: 'up' | 'down';
  since: Date | null;
  lastError: string | undefined;
}

export function databaseState(): DatabaseState {
  const slot = globalThis as { [STATE_KEY]?: DatabaseState };
  return (slot[STATE_KEY] ??= { state: 'up', since: null, lastError: undefined });
}

const summarize = (error: unknown) => {
  const e = error as { code?: unknown; message?: unknown };
  return [e?.code, e?.message].filter((part) => typeof part === 'string' && part).join(' ');
};

/** Records a connection failure; logged once per outage (the up → down change). */
export function markDatabaseDown(error: unknown, kind: string): void {
  const state = databaseState();
  state.lastError = summarize(error);
  if (state.state === 'down') return;
  state.state = 'down';
  state.since = new Date();
  log.error('database unreachable', { kind, error: state.lastError });
}

/** Records a successful round trip; logged once when the database comes back. */
export function markDatabaseUp(kind: string): void {
  const state = databaseState();
  if (state.state === 'up') return;
  const downMs = state.since ? Date.now() - state.since.getTime() : undefined;
  state.state = 'up';
  state.since = new Date();
  log.info('database reachable again', { kind, downMs });
}

/** What `pg.Pool` and Neon's Pool have in common that this module uses. */
interface DriverPool {
  connect(): Promise<DriverClient>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error, client?: unknown) => void): unknown;
  on(event: 'connect', listener: (client: DriverClient) => void): unknown;
  options: object;
}

interface DriverClient {
  query(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<unknown>>;
  query(cursor: unknown): unknown;
  release(destroy?: boolean | Error): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** node-postgres' own flags (pg-pool reads them too): false once the connection failed. */
  _queryable?: boolean;
  _ending?: boolean;
}

/** A statement that only reads, so running it twice changes nothing. */
export function isReadOnlyStatement(sql: string): boolean {
  const text = sql.trimStart().toLowerCase();
  if (text.startsWith('select') || text.startsWith('show') || text.startsWith('values')) {
    return !/\b(nextval|setval|set_config|pg_advisory_lock|pg_advisory_xact_lock)\s*\(/.test(text);
  }
  // A `with` query may hide a write in one of its parts.
  if (text.startsWith('with'))
    return (
      !/\b(insert|update|delete|merge)\b/.test(text) &&
      isReadOnlyStatement(text.replace(/^with\b/, 'select'))
    );
  return false;
}

const keyword = (sql: string) => /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? '';
const BEGIN = new Set(['begin', 'start']);
const END = new Set(['commit', 'rollback', 'end', 'abort']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wraps a `pg` or Neon Pool for Kysely's PostgresDialect so that a dropped connection never
 * ends the process and, where safe, never reaches the caller:
 * - every client gets an `'error'` listener while idle and while checked out (node-postgres emits
 *   `'error'` on a client whose socket dies, and without a listener Node throws); the pool's own
 *   `'error'` is handled; each outage is logged once;
 * - a client whose connection failed is destroyed, not returned to the pool;
 * - `connect()` that fails on the connection is retried once after {@link RETRY_PAUSE_MS};
 * - outside a transaction, a read ({@link isReadOnlyStatement}) that fails on the connection runs
 *   once more on a fresh connection; so does any statement when the client was already dead
 *   before it was sent;
 * - inside a transaction, a failure before COMMIT was sent throws a retryable
 *   {@link DatabaseUnavailableError} (the server rolled it back: {@link retryTransactions} runs
 *   the whole transaction again); a failure of COMMIT itself is not retryable (it may have
 *   committed); ROLLBACK on a dead connection succeeds (the server already rolled back).
 * Errors of the statement itself pass through untouched.
 */
export function resilientPool(pool: DriverPool, kind: 'postgres' | 'neon'): PostgresPool {
  pool.on('error', (error) => markDatabaseDown(error, kind));
  pool.on('connect', (client) => {
    client.on('error', (error) => markDatabaseDown(error, kind));
  });

  async function checkout(): Promise<DriverClient> {
    try {
      return await pool.connect();
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      markDatabaseDown(error, kind);
      await sleep(RETRY_PAUSE_MS);
      try {
        return await pool.connect();
      } catch (again) {
        if (!isConnectionError(again)) throw again;
        throw new DatabaseUnavailableError(again, true);
      }
    }
  }

  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      let client = await checkout();
      markDatabaseUp(kind);
      let inTransaction = false;
      let broken = false;
      let released = false;
      const alive = () => !broken && client._queryable !== false && !client._ending;
      const replace = async () => {
        if (!released) client.release(true);
        released = true;
        client = await checkout();
        released = false;
        broken = false;
      };
      const run = async (sql: string, parameters: ReadonlyArray<unknown>) => {
        const result = await client.query(sql, parameters);
        markDatabaseUp(kind);
        return result;
      };
      const wrapper = {
        async query(sql: string, parameters: ReadonlyArray<unknown> = []) {
          const verb = keyword(sql);
          if (END.has(verb) && verb !== 'commit' && !alive()) {
            // The server rolls back a transaction whose connection is gone (after a failed
            // COMMIT too): nothing to send, and never a new connection for it.
            inTransaction = false;
            return { command: 'ROLLBACK', rows: [], rowCount: 0 } as PostgresQueryResult<unknown>;
          }
          if (!inTransaction && !alive()) await replace();
          try {
            const result = await run(sql, parameters);
            if (BEGIN.has(verb)) inTransaction = true;
            else if (END.has(verb)) inTransaction = false;
            return result;
          } catch (error) {
            if (!isConnectionError(error)) throw error;
            broken = true;
            markDatabaseDown(error, kind);
            if (inTransaction || BEGIN.has(verb)) {
              const committing = verb === 'commit';
              if (committing) log.warn('commit outcome unknown: the connection dropped', { kind });
              if (END.has(verb)) inTransaction = false;
              if (verb === 'rollback') {
                inTransaction = false;
                return {
                  command: 'ROLLBACK',
                  rows: [],
                  rowCount: 0,
                } as PostgresQueryResult<unknown>;
              }
              throw new DatabaseUnavailableError(error, !committing);
            }
            if (!isReadOnlyStatement(sql)) throw new DatabaseUnavailableError(error, false);
            await sleep(RETRY_PAUSE_MS);
            try {
              await replace();
              return await run(sql, parameters);
            } catch (again) {
              if (!isConnectionError(again)) throw again;
              broken = true;
              markDatabaseDown(again, kind);
              throw new DatabaseUnavailableError(again, true);
            }
          }
        },
        release() {
          if (released) return;
          released = true;
          client.release(broken || inTransaction || !alive() ? true : undefined);
        },
      };
      // Kysely streams through a cursor only when configured to; none is.
      return wrapper as unknown as PostgresPoolClient;
    },
  };
}

/**
 * Makes `db.transaction().execute(fn)` run `fn` once more, on a fresh connection, when it failed
 * because the connection went away before COMMIT was sent (a retryable
 * {@link DatabaseUnavailableError}): the server rolled the first attempt back, so nothing is
 * written twice. Callbacks must therefore do nothing outside the database that cannot be
 * repeated (the code base sends e-mail and purges caches after the commit). Patches `db` itself,
 * so Better Auth, which is given the same instance, gets it too.
 */
export function retryTransactions<DB>(db: Kysely<DB>): Kysely<DB> {
  const transaction = db.transaction.bind(db);
  db.transaction = () => retryingBuilder(transaction());
  return db;
}

type Builder<DB> = ReturnType<Kysely<DB>['transaction']>;

function retryingBuilder<DB>(builder: Builder<DB>): Builder<DB> {
  const execute = builder.execute.bind(builder);
  builder.execute = async (callback) => {
    try {
      return await execute(callback);
    } catch (error) {
      if (!(error instanceof DatabaseUnavailableError) || !error.retryable) throw error;
      await sleep(RETRY_PAUSE_MS);
      return execute(callback);
    }
  };
  const setIsolationLevel = builder.setIsolationLevel.bind(builder);
  builder.setIsolationLevel = (level) => retryingBuilder(setIsolationLevel(level));
  const setAccessMode = builder.setAccessMode.bind(builder);
  builder.setAccessMode = (mode) => retryingBuilder(setAccessMode(mode));
  return builder;
}
