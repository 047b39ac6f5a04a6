import { describe, expect, it } from 'vitest';
import {
  type JudgedAnswer,
  precisionAt,
  reciprocalRank,
  summarise,
  zeroResultRate,
} from './metrics.ts';

/** The relevance bench's measures (issue 35.9), on answers computed by hand. */
const answer = (results: string[], relevant: string[]): JudgedAnswer => ({
  results,
  relevant: new Set(relevant),
});

describe('precision at 5', () => {
  it('counts relevant results among the first five, out of five', () => {
    // a, c and e of the first five are relevant: 3 / 5; f (sixth) does not count.
    expect(precisionAt(5, answer(['a', 'b', 'c', 'd', 'e', 'f'], ['a', 'c', 'e', 'f', 'g']))).toBe(
      0.6,
    );
    expect(precisionAt(5, answer(['x', 'y', 'z', 'w', 'v', 'a'], ['a', 'b', 'c', 'd', 'e']))).toBe(
      0,
    );
  });

  it('divides by the relevant count when fewer than five listings are relevant', () => {
    // 2 relevant, both shown: 2 / min(5, 2) = 1.
    expect(precisionAt(5, answer(['a', 'x', 'b'], ['a', 'b']))).toBe(1);
    // 3 relevant, 1 shown in the first five: 1 / 3.
    expect(precisionAt(5, answer(['x', 'y', 'a', 'z', 'w', 'b'], ['a', 'b', 'c']))).toBeCloseTo(
      1 / 3,
    );
  });

  it('scores a short or empty answer by what it shows', () => {
    // 10 relevant, 2 results both relevant: 2 / 5.
    const relevant = 'abcdefghij'.split('');
    expect(precisionAt(5, answer(['a', 'b'], relevant))).toBe(0.4);
    expect(precisionAt(5, answer([], relevant))).toBe(0);
  });

  it('refuses an unanswerable query', () => {
    expect(() => precisionAt(5, answer(['a'], []))).toThrow(RangeError);
  });
});

describe('reciprocal rank', () => {
  it('is one over the rank of the first relevant result', () => {
    expect(reciprocalRank(answer(['a', 'b'], ['a']))).toBe(1);
    expect(reciprocalRank(answer(['x', 'y', 'a', 'b'], ['a', 'b']))).toBeCloseTo(1 / 3);
    expect(reciprocalRank(answer(['x', 'y', 'z', 'w', 'a'], ['a']))).toBe(0.2);
  });

  it('is 0 when no result is relevant or there is none', () => {
    expect(reciprocalRank(answer(['x', 'y'], ['a']))).toBe(0);
    expect(reciprocalRank(answer([], ['a']))).toBe(0);
  });
});

describe('zero-result rate', () => {
  it('is the share of answers with no result at all', () => {
    const answers = [
      answer([], ['a']),
      answer(['x'], ['a']), // a wrong result is still a result
      answer(['a'], ['a']),
      answer([], ['b']),
    ];
    expect(zeroResultRate(answers)).toBe(0.5);
    expect(zeroResultRate([])).toBe(0);
  });
});

describe('summary', () => {
  it('averages precision at 5 and reciprocal rank over the answers', () => {
    const answers = [
      answer(['a', 'b', 'c', 'd', 'e'], ['a', 'b', 'c', 'd', 'e']), // P@5 1, RR 1
      answer(['x', 'a', 'y', 'b', 'z'], ['a', 'b', 'c', 'd', 'e', 'f']), // P@5 0.4, RR 0.5
      answer([], ['a']), // P@5 0, RR 0, no result
      answer(['x', 'y', 'z', 'w', 'v', 'a'], ['a']), // P@5 0, RR 1/6
    ];
    const summary = summarise(answers);
    expect(summary.queries).toBe(4);
    expect(summary.zeroResultRate).toBe(0.25);
    expect(summary.precisionAt5).toBeCloseTo((1 + 0.4 + 0 + 0) / 4);
    expect(summary.meanReciprocalRank).toBeCloseTo((1 + 0.5 + 0 + 1 / 6) / 4);
  });

  it('is all zeros for no answers', () => {
    expect(summarise([])).toEqual({
      queries: 0,
      zeroResultRate: 0,
      precisionAt5: 0,
      meanReciprocalRank: 0,
    });
  });
});
