import { describe, expect, it } from 'vitest';
import { runsMax, runsMedian, seconds } from './first-use-stats.ts';

describe('first-use figures', () => {
  it('takes the median of five runs', () => {
    expect(runsMedian([900, 700, 800, 1000, 600])).toBe(800);
  });
  it('counts a run whose control never worked as the slowest, not as missing', () => {
    // Leaving the failed run out gave 0.75 s, the upper middle of the four that worked.
    expect(runsMedian([NaN, 700, 800, 600, 650])).toBe(700);
    expect(runsMedian([NaN, NaN, NaN, 600, 650])).toBeNaN();
    expect(runsMax([NaN, 700])).toBeNaN();
    expect(runsMax([700, 900])).toBe(900);
    expect(seconds(NaN)).toBe('–');
    expect(seconds(815)).toBe('0.81 s');
  });
});
