import { describe, expect, it } from 'vitest';
import {
  areaShare,
  bitmapRows,
  candidatePlan,
  nextWalk,
  trustedRows,
  walkBudget,
  walkRows,
} from './candidate-plan.ts';

/** The candidate plan's rule (ADR 076): few matches are read through the GIN index, many walked. */
describe('candidatePlan', () => {
  it('reads a rare word through the index and walks a broad one', () => {
    // 501 candidates (ADR 088): the crossover is √(0.85 × 501 × 100,000) ≈ 6,500 matches.
    expect(candidatePlan(0, 100_000, 501)).toBe('bitmap');
    expect(candidatePlan(2_500, 100_000, 501)).toBe('bitmap');
    expect(candidatePlan(6_000, 100_000, 501)).toBe('bitmap');
    expect(candidatePlan(7_000, 100_000, 501)).toBe('walk');
    expect(candidatePlan(30_000, 100_000, 501)).toBe('walk');
  });

  it('moves the crossover with the directory: a bitmap goes further at 1,000,000 listings', () => {
    expect(candidatePlan(20_000, 1_000_000, 501)).toBe('bitmap');
    expect(candidatePlan(30_000, 1_000_000, 501)).toBe('walk');
  });

  it('leaves the plan to PostgreSQL when the lexicon gives no bound', () => {
    expect(candidatePlan(null, 100_000, 1001)).toBe('planner');
  });

  it('reads a small directory, or unknown statistics, through the index', () => {
    expect(candidatePlan(40, 0, 1001)).toBe('bitmap');
    expect(candidatePlan(40, 40, 1001)).toBe('bitmap');
  });

  it('reads through the index when a filter keeps few listings (ADR 087)', () => {
    // "breakdown" (4,905 listings) on the Mechanic page: 31% of the directory, walked through
    // its own index, holds the word once in 20 rows; the bitmap reads 4,905 rows instead.
    expect(candidatePlan(4_905, 100_000, 1001)).toBe('bitmap');
    expect(candidatePlan(9_000, 100_000, 1001, { indexed: 1, rest: 0.05 })).toBe('bitmap');
    expect(candidatePlan(30_000, 100_000, 1001, { indexed: 0.13, rest: 1 })).toBe('walk');
    // An area filter keeping 2% of the directory: a broad word's walk would read 160,000 rows.
    expect(candidatePlan(31_000, 100_000, 1001, { indexed: 1, rest: 0.02 })).toBe('bitmap');
  });
});

describe('walkRows and walkBudget', () => {
  it('ends a walk at the end of its index', () => {
    expect(walkRows(500, 100_000, 1001)).toBe(100_000);
    expect(walkRows(500, 100_000, 1001, { indexed: 0.3, rest: 1 })).toBe(30_000);
    expect(Math.round(walkRows(25_000, 100_000, 1001))).toBe(4_004);
  });

  it('first reads twice what was expected, between 1,000 and 3,000 rows', () => {
    expect(walkBudget(0)).toBe(1000);
    expect(walkBudget(1200)).toBe(2400);
    expect(walkBudget(10_400)).toBe(3000);
  });

  it('walks on at the rate it saw while that reads fewer rows than the bitmap scan', () => {
    // 667 of 2,000 rows: 1,953 rows for 501 (with a margin); the bitmap would read a third of
    // 9,000 rows, more than 1,953 × 0.85.
    expect(nextWalk(667, 2000, 501, 10_000, 9000)).toBe(1953);
    // For 1,001 it would read 3,902 rows: the bitmap scan reads fewer.
    expect(nextWalk(667, 2000, 1001, 10_000, 9000)).toBeNull();
    // "gearbox" on the Parts page: 412 of 6,000 rows; the Parts GIN index holds about 1,600
    // of them, fewer than the 18,952 a second walk would read.
    expect(nextWalk(412, 6000, 1001, 21_571, 23_654)).toBeNull();
    expect(nextWalk(0, 4000, 1001, 15_000, 100_000)).toBeNull();
    expect(nextWalk(500, 4000, 1001, null, 100_000)).toBeNull();
    // Under the area filter the bitmap may read the whole area (46,000 rows): walk on.
    expect(nextWalk(300, 6000, 1001, 46_000, null)).toBe(26_026);
  });

  it('counts a bitmap scan at most the rows it can read', () => {
    expect(bitmapRows(20_000, 100_000)).toBe(20_000);
    // A category's own GIN index: its share of the matches.
    expect(bitmapRows(20_000, 100_000, { indexed: 0.25, rest: 1, bitmap: 0.25 })).toBe(5_000);
    // An area of 4.6% under a broad word: the area's rows, not the word's.
    expect(bitmapRows(130_000, 1_000_000, { indexed: 0.046, rest: 1, bitmap: 1 })).toBe(46_000);
  });
});

describe('areaShare', () => {
  const stats = {
    named: 0.02,
    namedCount: 1,
    common: 0.6,
    commonCount: 100,
    nulls: 0.1,
    distinct: 400,
  };
  it("adds the common names' frequencies and the average of the others", () => {
    expect(areaShare(stats, 1)).toBeCloseTo(0.02);
    expect(areaShare(stats, 3)).toBeCloseTo(0.02 + 2 * (0.3 / 300));
  });

  it('is never below 0.1% nor above the whole directory', () => {
    expect(areaShare({ ...stats, named: 0 }, 0)).toBe(0.001);
    expect(areaShare({ ...stats, named: 2 }, 1)).toBe(1);
  });
});

/** ADR 089: the trusted band's own GIN index, read first when it holds the tier. */
describe('trustedRows', () => {
  const band = { indexed: 1, rest: 1, trusted: 0.34 };
  it("reads the band's share of the matches when it is expected to hold 1.5 × the tier", () => {
    // "windscreen" at 1,000,000 listings: 24,905 matches, 8,500 of them in the band.
    expect(trustedRows(24_905, 24_905, 501, band)).toBeCloseTo(8_467.7);
    expect(trustedRows(2_200, 2_200, 501, band)).toBeNull();
    expect(trustedRows(2_300, 2_300, 501, band)).toBeCloseTo(782);
  });

  it('is not tried when its share is unknown or none, nor beyond what the filters keep', () => {
    expect(trustedRows(24_905, 24_905, 501, { indexed: 1, rest: 1 })).toBeNull();
    expect(trustedRows(24_905, 24_905, 501, { ...band, trusted: 0 })).toBeNull();
    expect(trustedRows(24_905, 1_000, 501, band)).toBeNull();
    // A bitmap scan under a filter reads no more than the filter's own index holds.
    expect(trustedRows(24_905, 24_905, 501, { ...band, bitmap: 0.1 })).toBeCloseTo(2_490.5);
  });

  it('makes the bitmap scan the plan where the band is cheaper than the walk', () => {
    // 30,000 matches: a walk of 16,700 rows, or the band's 10,200 (the whole tier's 30,000).
    expect(candidatePlan(30_000, 1_000_000, 501)).toBe('walk');
    expect(candidatePlan(30_000, 1_000_000, 501, band)).toBe('bitmap');
    // Dense enough that the walk stays cheaper: 501 candidates in 1,670 rows.
    expect(candidatePlan(300_000, 1_000_000, 501, band)).toBe('walk');
  });
});
