import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { AppError } from '../../functions/_lib/errors.ts';
import { enforceRateLimits } from '../../functions/_lib/rate-limit.ts';
import { createTestDatabase } from '../setup/test-db.ts';

/**
 * ADR 098: the Postgres limiter counts a sliding window, so a burst across the end of a window is
 * still one burst (fixed windows let twice the limit through across an hour's end, and a test that
 * sent the sixth of five claims an hour just after it saw 201).
 */
let handle: DatabaseHandle;
const DAY = 86_400;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

/** Stores `count` hits of `key` in the window `windowsAgo` windows before the current one. */
async function earlierHits(key: string, count: number, windowsAgo: number): Promise<void> {
  await sql`
    insert into rate_limits (key, window_start, count)
    values (${key}, to_timestamp((floor(extract(epoch from now()) / ${DAY}) - ${windowsAgo}) * ${DAY}), ${count})`.execute(
    handle.db,
  );
}

/** The 429 a hit of `key` (at most `limit` a day) gets, or null when it is let through. */
async function hit(key: string, limit: number): Promise<AppError | null> {
  try {
    await enforceRateLimits(handle.db, [{ key, limit, windowSeconds: DAY }]);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('enforceRateLimits (ADR 098)', () => {
  it('lets the limit through in a window, then refuses with RATE_LIMITED (429) and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect(await hit('test:fresh', 3)).toBeNull();
    const refused = await hit('test:fresh', 3);
    expect(refused?.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(2 * DAY);
  });

  it('still holds a key that spent its limit in the window before', async () => {
    // A million hits yesterday: however far into today, their share of the last 24 hours is
    // over the limit (until the last 0.35 s of the day).
    await earlierHits('test:yesterday', 1_000_000, 1);
    const refused = await hit('test:yesterday', 3);
    expect(refused?.code).toBe('RATE_LIMITED');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('forgets hits two windows back, and hits of other keys', async () => {
    await earlierHits('test:long-ago', 1_000_000, 2);
    expect(await hit('test:long-ago', 3)).toBeNull();
    await earlierHits('test:neighbour', 1_000_000, 1);
    expect(await hit('test:other', 3)).toBeNull();
  });
});
