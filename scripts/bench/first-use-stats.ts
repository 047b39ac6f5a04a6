/**
 * The figures of `npm run bench:first-use` (scripts/bench/first-use.ts), in ms after the first
 * paint. A run whose control never worked within the timeout is NaN: the slowest of all, never
 * left out (a median of the runs that worked would flatter a page that failed).
 */

/** The median of the runs (the upper one of an even count); NaN when a failed run is it. */
export function runsMedian(values: readonly number[]): number {
  const sorted = values.map((v) => (Number.isFinite(v) ? v : Infinity)).sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  return middle !== undefined && Number.isFinite(middle) ? middle : NaN;
}

/** The slowest run; NaN when a run failed. */
export function runsMax(values: readonly number[]): number {
  return values.length === 0 || values.some((v) => !Number.isFinite(v)) ? NaN : Math.max(...values);
}

/** `0.82 s`, or `–` for a failed run. */
export function seconds(ms: number): string {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–';
}
