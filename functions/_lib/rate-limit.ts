import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { AppError } from './errors.ts';

/**
 * Fixed-window rate limits stored in Postgres, so they hold across serverless instances.
 * A rule allows `limit` hits per `windowSeconds` for one key (e.g. `sign-in:ip:1.2.3.4`).
 */
export interface RateLimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** Shown with 429 RATE_LIMITED. */
export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Counts one hit against every rule (all are counted, so a blocked caller stays blocked) and
 * throws RATE_LIMITED (429, Retry-After in seconds) when any rule is over its limit.
 */
export async function enforceRateLimits(
  db: Kysely<Database>,
  rules: RateLimitRule[],
): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    const { rows } = await sql<{ count: number; reset_in: number }>`
      insert into rate_limits (key, window_start, count)
      values (${rule.key}, to_timestamp(floor(extract(epoch from now()) / ${rule.windowSeconds}) * ${rule.windowSeconds}), 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1
      returning count, ceil(extract(epoch from window_start) + ${rule.windowSeconds} - extract(epoch from now()))::int as reset_in`.execute(
      db,
    );
    const row = rows[0];
    if (row && row.count > rule.limit) retryAfter = Math.max(retryAfter, row.reset_in);
  }
  if (Math.random() < 0.01) {
    await sql`delete from rate_limits where window_start < now() - interval '1 day'`.execute(db);
  }
  if (retryAfter > 0) {
    throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE, undefined, {
      'retry-after': String(retryAfter),
    });
  }
}
