import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { authSecret } from './env.ts';
import { AppError } from './errors.ts';

/**
 * Rate limits stored in Postgres, so they hold across serverless instances (ADR 098: a sliding
 * window). A rule allows `limit` hits in any `windowSeconds` for one key (e.g. `sign-in:ip:1.2.3.4`).
 */
export interface RateLimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The bucket of a client address in per-address limits: an IPv4 address itself, an IPv6 address
 * its /64 network (one subscriber line holds a whole /64, so single IPv6 addresses cost an
 * attacker nothing). `2001:db8:1:2:3:4:5:6` → `2001:db8:1:2::/64`.
 */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The network of a client address (issue 37.7, ADR 077): an IPv4 address its /24 (also when
 * written IPv4-mapped, `::ffff:1.2.3.4`), an IPv6 address its /64. `203.0.113.7` → `203.0.113.0/24`.
 */
export function networkBucket(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4 && isIP(address) !== 0) return `${v4[1]}.0/24`;
  return addressBucket(address);
}

/** Shown with 429 RATE_LIMITED. */
export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * The hits a sliding window holds (ADR 098): every hit of the current fixed window, and the
 * previous window's hits in the share of it that still lies within `windowSeconds` of now (the
 * previous window's hits taken as spread evenly over it). `elapsed` is seconds since the current
 * window began. 5 hits in the last window, 1 now, half way through: 1 + 5 × 0.5 = 3.5.
 */
export function slidingCount(
  current: number,
  previous: number,
  elapsed: number,
  windowSeconds: number,
): number {
  return current + previous * Math.max(0, 1 - elapsed / windowSeconds);
}

/**
 * Whole seconds until one more hit of a key held at `current` and `previous` hits
 * ({@link slidingCount}) stays within `limit`: later in this window while the current window has
 * room, else in the next window, once this window's hits have slid out far enough. At least 1.
 */
export function slidingRetryAfter(
  limit: number,
  current: number,
  previous: number,
  elapsed: number,
  windowSeconds: number,
): number {
  const room = limit - current - 1;
  const wait =
    room >= 0 && previous > 0
      ? windowSeconds * (1 - room / previous) - elapsed
      : windowSeconds - elapsed + windowSeconds * Math.max(0, 1 - (limit - 1) / current);
  return Math.max(1, Math.ceil(wait));
}

/**
 * Counts one hit against every rule (all are counted, so a blocked caller stays blocked) and
 * throws RATE_LIMITED (429, Retry-After in seconds) when any rule holds more than its limit in
 * the last `windowSeconds` ({@link slidingCount}; a burst across a window's end is still one
 * burst).
 */
export async function enforceRateLimits(
  db: Kysely<Database>,
  rules: RateLimitRule[],
): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    const { rows } = await sql<{ current: number; previous: number; elapsed: number }>`
      with hit as (
        insert into rate_limits (key, window_start, count)
        values (${rule.key}, to_timestamp(floor(extract(epoch from now()) / ${rule.windowSeconds}) * ${rule.windowSeconds}), 1)
        on conflict (key, window_start) do update set count = rate_limits.count + 1
        returning count, window_start
      )
      select hit.count as current,
        coalesce((select earlier.count from rate_limits earlier
          where earlier.key = ${rule.key}
            and earlier.window_start = hit.window_start - make_interval(secs => ${rule.windowSeconds})), 0) as previous,
        extract(epoch from now() - hit.window_start)::float8 as elapsed
      from hit`.execute(db);
    const row = rows[0];
    if (!row) continue;
    const { current, previous, elapsed } = row;
    if (slidingCount(current, previous, elapsed, rule.windowSeconds) > rule.limit) {
      // At most the window: an exact log would let the caller in by then; the estimate can say
      // later after a burst early in a window (ADR 098), and a limit of "n an hour" answers
      // within the hour. A retry the estimate still holds gets a shorter wait.
      const wait = slidingRetryAfter(rule.limit, current, previous, elapsed, rule.windowSeconds);
      retryAfter = Math.max(retryAfter, Math.min(rule.windowSeconds, wait));
    }
  }
  if (Math.random() < 0.01) {
    // The longest window is a day: its previous window began at most two days ago.
    await sql`delete from rate_limits where window_start < now() - interval '2 days'`.execute(db);
  }
  if (retryAfter > 0) {
    throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE, undefined, {
      'retry-after': String(retryAfter),
    });
  }
}

/**
 * Exponential backoff after repeated failures of one key (issue 12.5): the first `free`
 * failures cost nothing; after that each attempt must wait `baseSeconds × 2^(failures − free)`
 * (at most `maxSeconds`) from the last failure. A key is forgotten `forgetSeconds` after its
 * last failure, and cleared by a success ({@link clearFailures}).
 */
export interface BackoffRule {
  key: string;
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  forgetSeconds: number;
}

/** Seconds a key with `failures` must still wait, `elapsed` seconds after its last failure. */
export function backoffRemaining(rule: BackoffRule, failures: number, elapsed: number): number {
  if (failures < rule.free || elapsed >= rule.forgetSeconds) return 0;
  const wait = Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** (failures - rule.free));
  return Math.max(0, Math.ceil(wait - elapsed));
}

/**
 * Refuses the attempt while any of the keys is inside its backoff; the refusal itself is not a
 * failure (it cannot extend the wait).
 * @throws AppError RATE_LIMITED (429) with Retry-After in seconds.
 */
export async function assertNoBackoff(db: Kysely<Database>, rules: BackoffRule[]): Promise<void> {
  if (rules.length === 0) return;
  const rows = await db
    .selectFrom('auth_failures')
    .select([
      'key',
      'failures',
      sql<number>`extract(epoch from now() - last_failure_at)::float8`.as('elapsed'),
    ])
    .where(
      'key',
      'in',
      rules.map((rule) => rule.key),
    )
    .execute();
  let retryAfter = 0;
  for (const row of rows) {
    const rule = rules.find((r) => r.key === row.key);
    if (rule) retryAfter = Math.max(retryAfter, backoffRemaining(rule, row.failures, row.elapsed));
  }
  if (retryAfter > 0) {
    throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE, undefined, {
      'retry-after': String(retryAfter),
    });
  }
}

/**
 * Counts one failure against each rule's key (a key past its `forgetSeconds` starts again at 1).
 * @returns the failure count of each key after this one, in the order of `rules`.
 */
export async function recordFailure(db: Kysely<Database>, rules: BackoffRule[]): Promise<number[]> {
  const counts: number[] = [];
  for (const rule of rules) {
    const row = await db
      .insertInto('auth_failures')
      .values({ key: rule.key, failures: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql`case when auth_failures.last_failure_at < now() - make_interval(secs => ${rule.forgetSeconds}) then 1 else auth_failures.failures + 1 end`,
          last_failure_at: sql`now()`,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    counts.push(row.failures);
  }
  if (Math.random() < 0.01) {
    await db
      .deleteFrom('auth_failures')
      .where(sql<boolean>`last_failure_at < now() - interval '1 day'`)
      .execute();
  }
  return counts;
}

/** Forgets the failures of these keys (a successful sign-in). */
export async function clearFailures(db: Kysely<Database>, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('auth_failures').where('key', 'in', keys).execute();
}

/**
 * A client's address as it may be stored (ADR 019, 034): 32 base64url characters, the HMAC-SHA-256
 * of `purpose:` and the address bucket ({@link addressBucket}: an IPv6 /64 is one address) keyed
 * by the auth secret, so the address itself is never kept and the hash cannot be reversed by
 * trying every IPv4 address. `purpose` (e.g. `listing-report`, `review-author`) keeps the keys of
 * two uses apart.
 */
export function keyedAddress(purpose: string, address: string): string {
  return keyed(`${purpose}:${addressBucket(address)}`);
}

/** {@link keyedAddress} of the address's network ({@link networkBucket}: IPv4 /24, IPv6 /64). */
export function keyedNetwork(purpose: string, address: string): string {
  return keyed(`${purpose}:${networkBucket(address)}`);
}

function keyed(text: string): string {
  return createHmac('sha256', authSecret()).update(text).digest('base64url').slice(0, 32);
}
