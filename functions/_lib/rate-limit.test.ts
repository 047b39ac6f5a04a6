import { describe, expect, it } from 'vitest';
import { addressBucket, backoffRemaining, keyedAddress, type BackoffRule } from './rate-limit.ts';

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
