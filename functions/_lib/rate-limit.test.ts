import { describe, expect, it } from 'vitest';
import {
  addressBucket,
  backoffRemaining,
  keyedAddress,
  slidingCount,
  slidingRetryAfter,
  type BackoffRule,
} from './rate-limit.ts';

describe('addressBucket', () => {
  it('keeps IPv4 addresses and folds IPv6 into its /64', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('unknown')).toBe('unknown');
  });
});

describe('slidingCount and slidingRetryAfter (ADR 098)', () => {
  const HOUR = 3600;
  it('holds the previous window in the share of it still within the hour', () => {
    expect(slidingCount(1, 5, 0, HOUR)).toBe(6);
    expect(slidingCount(1, 5, 1800, HOUR)).toBe(3.5);
    expect(slidingCount(3, 0, 10, HOUR)).toBe(3);
    expect(slidingCount(2, 5, HOUR, HOUR)).toBe(2);
  });
  it('holds a burst across the end of a window as one burst', () => {
    // Five in the last seconds of one hour, a sixth in the first second of the next: over 5.
    expect(slidingCount(1, 5, 1, HOUR)).toBeGreaterThan(5);
  });
  it('waits within this window while it has room, else into the next', () => {
    // 1 now + 5 before, limit 5, 60 s in: a second hit now fits once 2/5 of the old hour slid
    // out (2 + 5 × 3/5 = 5), 1,440 s into this one.
    expect(slidingRetryAfter(5, 1, 5, 60, HOUR)).toBe(1440 - 60);
    // 6 now, limit 5, 100 s in: the rest of this hour, then a third of the next (1 + 6 × 2/3 = 5).
    expect(slidingRetryAfter(5, 6, 0, 100, HOUR)).toBe(HOUR - 100 + 1200);
    // One a day allowed, one spent: a whole day after this one.
    expect(slidingRetryAfter(1, 2, 0, 0, 86_400)).toBe(2 * 86_400);
  });
  it('is what slidingCount agrees with, and at least a second', () => {
    for (const [limit, current, previous, elapsed] of [
      [5, 1, 5, 60],
      [5, 6, 0, 100],
      [10, 4, 30, 1234.5],
      [60, 61, 60, 3599.9],
    ] as const) {
      const wait = slidingRetryAfter(limit, current, previous, elapsed, HOUR);
      expect(wait).toBeGreaterThanOrEqual(1);
      const later = elapsed + wait;
      const next =
        later < HOUR
          ? slidingCount(current + 1, previous, later, HOUR)
          : slidingCount(1, current, later - HOUR, HOUR);
      expect(next).toBeLessThanOrEqual(limit);
      const sooner = elapsed + wait - 1;
      const before =
        sooner < HOUR
          ? slidingCount(current + 1, previous, sooner, HOUR)
          : slidingCount(1, current, sooner - HOUR, HOUR);
      expect(before).toBeGreaterThan(limit);
    }
  });
});

describe('backoffRemaining (issue 12.5)', () => {
  const rule: BackoffRule = {
    key: 'k',
    free: 5,
    baseSeconds: 30,
    maxSeconds: 900,
    forgetSeconds: 86_400,
  };
  it('is free for the first failures, then doubles up to the cap', () => {
    expect(backoffRemaining(rule, 4, 0)).toBe(0);
    expect(backoffRemaining(rule, 5, 0)).toBe(30);
    expect(backoffRemaining(rule, 6, 0)).toBe(60);
    expect(backoffRemaining(rule, 7, 10)).toBe(110);
    expect(backoffRemaining(rule, 40, 0)).toBe(900);
  });
  it('counts from the last failure and forgets after a day', () => {
    expect(backoffRemaining(rule, 5, 29.5)).toBe(1);
    expect(backoffRemaining(rule, 5, 31)).toBe(0);
    expect(backoffRemaining(rule, 40, 86_400)).toBe(0);
  });
});

describe('keyedAddress (ADR 019, 034)', () => {
  it('is 32 characters, one per address bucket and purpose, never the address', () => {
    const key = keyedAddress('listing-report', '203.0.113.7');
    expect(key).toMatch(/^[\w-]{32}$/);
    expect(key).not.toContain('203');
    expect(keyedAddress('listing-report', '203.0.113.7')).toBe(key);
    expect(keyedAddress('review-report', '203.0.113.7')).not.toBe(key);
    expect(keyedAddress('listing-report', '203.0.113.8')).not.toBe(key);
    // One IPv6 /64 is one address.
    expect(keyedAddress('review-author', '2001:db8:1:2::1')).toBe(
      keyedAddress('review-author', '2001:db8:1:2:ffff::9'),
    );
  });
});
