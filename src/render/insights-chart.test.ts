import { describe, expect, it } from 'vitest';
import type { InsightDay } from '../../common/schemas/insights';
import { CHART_HEIGHT, chartSummary, countAxis, insightsChartSvg } from './insights-chart';

/** A day with every counter zero but those given. */
function day(date: string, counts: Partial<InsightDay> = {}): InsightDay {
  return {
    day: date,
    page_views: 0,
    detail_opens: 0,
    contact_reveals: 0,
    call_taps: 0,
    whatsapp_taps: 0,
    directions_taps: 0,
    website_taps: 0,
    find_it_forwards: 0,
    photo_views: 0,
    reviews: 0,
    quotes_sent: 0,
    quotes_accepted: 0,
    ...counts,
  };
}

/** The `points` of a series' polyline as [x, y] pairs. */
function points(svg: string, series: string): [number, number][] {
  const match = svg.match(new RegExp(`data-series="${series}" points="([^"]+)"`));
  expect(match, `${series} polyline`).not.toBeNull();
  return match![1]!.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
}

describe('insightsChartSvg (issue 34.7)', () => {
  it('is an image with a title and a description that sums the days up', () => {
    const svg = insightsChartSvg(
      [
        day('2026-11-01', { page_views: 3, call_taps: 1 }),
        day('2026-11-02', { page_views: 7 }),
        day('2026-11-03', { page_views: 2, whatsapp_taps: 4 }),
      ],
      'chart',
    );
    expect(svg).toMatch(
      /^<svg [^>]*role="img" aria-labelledby="chart-title" aria-describedby="chart-desc"/,
    );
    expect(svg).toContain(
      '<title id="chart-title">Page views, calls and WhatsApp messages per day</title>',
    );
    expect(svg).toContain(
      '<desc id="chart-desc">3 days, 1 Nov to 3 Nov. Page views: 12 in all, most on 2 Nov (7). ' +
        'Calls: 1 in all, most on 1 Nov (1). WhatsApp messages: 4 in all, most on 3 Nov (4).</desc>',
    );
    expect(svg).not.toContain('<script');
  });

  it('draws one line per series, left to right, higher counts higher up', () => {
    const svg = insightsChartSvg([
      day('2026-11-01', { page_views: 3 }),
      day('2026-11-02', { page_views: 7 }),
      day('2026-11-03', { page_views: 0 }),
    ]);
    const views = points(svg, 'page_views');
    expect(views).toHaveLength(3);
    expect(views[0]![0]).toBeLessThan(views[1]![0]);
    expect(views[1]![0]).toBeLessThan(views[2]![0]);
    // SVG's y grows downwards: 7 is above 3, which is above 0.
    expect(views[1]![1]).toBeLessThan(views[0]![1]);
    expect(views[0]![1]).toBeLessThan(views[2]![1]);
    expect(points(svg, 'call_taps')).toHaveLength(3);
    expect(points(svg, 'whatsapp_taps')).toHaveLength(3);
    // The days under the axis: first, middle, last.
    expect(svg).toContain('>1 Nov</text>');
    expect(svg).toContain('>2 Nov</text>');
    expect(svg).toContain('>3 Nov</text>');
    // Whole-number gridlines up to the highest count (7 → 0, 2, 4, 6, 8).
    const labels = [...svg.matchAll(/text-anchor="end">.*?<\/g>/g)][0]![0];
    expect([...labels.matchAll(/>(\d+)<\/text>/g)].map((m) => m[1])).toEqual([
      '0',
      '2',
      '4',
      '6',
      '8',
    ]);
  });

  it('shows a frame and "No days to show." for no days, without lines', () => {
    const svg = insightsChartSvg([]);
    expect(svg).toContain('No days to show.</text>');
    expect(svg).toContain('<desc id="insights-chart-desc">No days to show.</desc>');
    expect(svg).not.toContain('polyline');
    expect(svg).not.toContain('<circle');
    expect(svg).not.toContain('NaN');
  });

  it('draws a dot per series for a single day (a line needs two), in the middle', () => {
    const svg = insightsChartSvg([day('2026-11-05', { page_views: 4, call_taps: 1 })]);
    expect(svg).not.toContain('polyline');
    const dots = [...svg.matchAll(/<circle data-series="(\w+)" cx="([\d.]+)" cy="([\d.]+)"/g)];
    expect(dots.map((d) => d[1])).toEqual(['page_views', 'call_taps', 'whatsapp_taps']);
    expect(new Set(dots.map((d) => d[2])).size).toBe(1);
    expect(Number(dots[0]![3])).toBeLessThan(Number(dots[1]![3]));
    expect(svg).toContain(
      '<desc id="insights-chart-desc">1 day, 5 Nov. Page views: 4. Calls: 1. WhatsApp messages: none.</desc>',
    );
    expect(svg.match(/>5 Nov<\/text>/g)).toHaveLength(1);
    expect(svg).not.toContain('NaN');
  });

  it('keeps days of nothing on the baseline (no division by zero)', () => {
    const svg = insightsChartSvg([day('2026-11-01'), day('2026-11-02')]);
    const baseline = points(svg, 'page_views').map(([, y]) => y);
    expect(baseline[0]).toBe(baseline[1]);
    expect(baseline[0]).toBeLessThan(CHART_HEIGHT);
    expect(svg).not.toContain('NaN');
    expect(chartSummary([day('2026-11-01'), day('2026-11-02')])).toBe(
      '2 days, 1 Nov to 2 Nov. Page views: none. Calls: none. WhatsApp messages: none.',
    );
  });
});

describe('countAxis', () => {
  it('keeps whole steps and at most 5 gridlines above zero', () => {
    expect(countAxis(0)).toEqual({ top: 1, step: 1 });
    expect(countAxis(5)).toEqual({ top: 5, step: 1 });
    expect(countAxis(7)).toEqual({ top: 8, step: 2 });
    expect(countAxis(1234)).toEqual({ top: 1500, step: 500 });
    const huge = countAxis(3_000_000);
    expect(huge.top).toBeGreaterThanOrEqual(3_000_000);
    expect(huge.top / huge.step).toBeLessThanOrEqual(5);
  });
});
