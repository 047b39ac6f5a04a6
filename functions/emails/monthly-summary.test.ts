import { describe, expect, it } from 'vitest';
import { INSIGHT_COUNTERS, type InsightTotals } from '../../common/schemas/insights.ts';
import { figuresText } from './monthly-summary.ts';

const totals = (counts: Partial<InsightTotals>): InsightTotals => ({
  ...(Object.fromEntries(INSIGHT_COUNTERS.map((c) => [c, 0])) as InsightTotals),
  ...counts,
});

describe("the monthly summary's figures (issue 27.3)", () => {
  it('reads every counter above zero in the Insights order, singular and plural', () => {
    expect(figuresText(totals({ page_views: 412, call_taps: 1, photo_views: 3, reviews: 1 }))).toBe(
      '412 views, 1 call, 3 photo views, 1 new review',
    );
    expect(figuresText(totals({ photo_views: 1, reviews: 2 }))).toBe('1 photo view, 2 new reviews');
    expect(figuresText(totals({}))).toBe('no visits recorded');
  });
});
