import type { Kysely } from 'kysely';
import type { HealthResponse } from '../../common/schemas/api.ts';
import {
  databaseState,
  isConnectionError,
  isDatabaseUnavailable,
  markDatabaseDown,
} from '../_lib/db-resilience.ts';
import type { Database } from '../db/database.ts';
import * as repository from './health.repository.ts';

/** Longest wait for the database's answer before it counts as down (a load balancer waits ~5 s). */
export const HEALTH_TIMEOUT_MS = 3_000;

/**
 * The database's state as a load balancer or an uptime monitor wants it (issue 23.2): a
 * `select 1` within {@link HEALTH_TIMEOUT_MS}, its latency, and when the state last changed.
 * Never throws for an outage: a database that fails or does not answer is `down`.
 * @throws the error of `db()` itself when it is not an outage (a configuration error).
 */
export async function checkHealth(db: () => Promise<Kysely<Database>>): Promise<HealthResponse> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  let up: boolean;
  try {
    await Promise.race([
      (async () => repository.ping(await db()))(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error('health check timed out'), { code: 'ETIMEDOUT' })),
          HEALTH_TIMEOUT_MS,
        );
      }),
    ]);
    up = true;
  } catch (error) {
    if (!isDatabaseUnavailable(error) && !isConnectionError(error)) throw error;
    markDatabaseDown(error, 'health');
    up = false;
  } finally {
    clearTimeout(timer);
  }
  const state = databaseState();
  return {
    status: up ? 'ok' : 'unavailable',
    database: {
      state: up ? 'up' : 'down',
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      since: state.since?.toISOString() ?? null,
    },
  };
}
