import { describe, expect, it } from 'vitest';
import { candidatePlan } from './ranked-search.repository.ts';

/** The candidate plan's rule (ADR 076): few matches are read through the GIN index, many walked. */
describe('candidatePlan', () => {
  it('reads a rare word through the index and walks a broad one', () => {
    expect(candidatePlan(0, 100_000, 1001)).toBe('bitmap');
    expect(candidatePlan(2_500, 100_000, 1001)).toBe('bitmap');
    expect(candidatePlan(7_000, 100_000, 1001)).toBe('bitmap');
    expect(candidatePlan(9_000, 100_000, 1001)).toBe('walk');
    expect(candidatePlan(30_000, 100_000, 1001)).toBe('walk');
  });

  it('moves the crossover with the directory: a bitmap goes further at 1,000,000 listings', () => {
    expect(candidatePlan(20_000, 1_000_000, 1001)).toBe('bitmap');
    expect(candidatePlan(30_000, 1_000_000, 1001)).toBe('walk');
  });

  it('leaves the plan to PostgreSQL when the lexicon gives no bound', () => {
    expect(candidatePlan(null, 100_000, 1001)).toBe('planner');
  });

  it('reads a small directory, or unknown statistics, through the index', () => {
    expect(candidatePlan(40, 0, 1001)).toBe('bitmap');
    expect(candidatePlan(40, 40, 1001)).toBe('bitmap');
  });
});
