import type { InsightDay } from '../../common/schemas/insights';

/**
 * The owner's Insights chart drawn on the server as SVG (issue 34.7, ADR 055): page views, calls
 * and WhatsApp messages per day, one line each, with whole-number gridlines and the first, middle
 * and last days under the axis. No script: the page that shows it loads no charting library
 * (it was a React island with uPlot, 82.6 KB of JavaScript). The SVG is a picture of figures the
 * page also prints in a table (`role="img"` with a `<title>` and a `<desc>` that sums it up).
 */

/** The series drawn, in the legend's order: the counter, its label and its line's colour. */
export const CHART_SERIES = [
  { counter: 'page_views', label: 'Page views', color: '#1d4ed8', dash: '' },
  { counter: 'call_taps', label: 'Calls', color: '#15803d', dash: '6 3' },
  { counter: 'whatsapp_taps', label: 'WhatsApp messages', color: '#b45309', dash: '2 3' },
] as const satisfies readonly {
  counter: keyof InsightDay;
  label: string;
  color: string;
  dash: string;
}[];

/** The drawing's size in SVG units (it scales to the width of its box). */
export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 240;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };
/** Steps of the counts' axis: the first that gives at most 5 gridlines wins. */
const STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];
const MAX_LINES = 5;

/** `12 Nov` from `2026-11-12` (a day in Lagos, read at noon UTC so no zone shifts it). */
export const chartDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const round = (n: number) => Math.round(n * 10) / 10;
const count = (n: number) => n.toLocaleString('en-NG');

/** The top of the counts' axis and its step: whole numbers, at most {@link MAX_LINES} lines. */
export function countAxis(highest: number): { top: number; step: number } {
  const step =
    STEPS.find((s) => Math.ceil(highest / s) <= MAX_LINES) ??
    10 ** Math.ceil(Math.log10(highest / MAX_LINES));
  return { top: Math.max(step, Math.ceil(highest / step) * step), step };
}

/** The sentence of the chart's `<desc>`: the days, each series' total and its busiest day. */
export function chartSummary(daily: readonly InsightDay[]): string {
  if (daily.length === 0) return 'No days to show.';
  const span =
    daily.length === 1
      ? `1 day, ${chartDay(daily[0]!.day)}`
      : `${daily.length} days, ${chartDay(daily[0]!.day)} to ${chartDay(daily.at(-1)!.day)}`;
  const parts = CHART_SERIES.map(({ counter, label }) => {
    const total = daily.reduce((sum, d) => sum + d[counter], 0);
    if (total === 0) return `${label}: none`;
    const busiest = daily.reduce((best, d) => (d[counter] > best[counter] ? d : best));
    return daily.length === 1
      ? `${label}: ${count(total)}`
      : `${label}: ${count(total)} in all, most on ${chartDay(busiest.day)} (${count(busiest[counter])})`;
  });
  return `${span}. ${parts.join('. ')}.`;
}

/**
 * The SVG markup of the chart of `daily` (oldest first, every day present as the API gives it).
 * `id` prefixes the ids of its `<title>` and `<desc>` (unique on the page). No days: the frame
 * and "No days to show." One day: a dot per series, not a line.
 */
export function insightsChartSvg(daily: readonly InsightDay[], id = 'insights-chart'): string {
  const width = CHART_WIDTH - PAD.left - PAD.right;
  const height = CHART_HEIGHT - PAD.top - PAD.bottom;
  const highest = Math.max(0, ...daily.flatMap((d) => CHART_SERIES.map((s) => d[s.counter])));
  const { top, step } = countAxis(highest);
  const x = (i: number) =>
    round(PAD.left + (daily.length <= 1 ? width / 2 : (i * width) / (daily.length - 1)));
  const y = (n: number) => round(PAD.top + height - (n / top) * height);
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" role="img" aria-labelledby="${id}-title" aria-describedby="${id}-desc" class="insight-chart-svg">`,
    `<title id="${id}-title">Page views, calls and WhatsApp messages per day</title>`,
    `<desc id="${id}-desc">${escapeXml(chartSummary(daily))}</desc>`,
  );
  // Gridlines and the counts' axis.
  parts.push(`<g fill="currentColor" font-size="12" text-anchor="end">`);
  for (let n = 0; n <= top; n += step) {
    parts.push(
      `<line x1="${PAD.left}" x2="${CHART_WIDTH - PAD.right}" y1="${y(n)}" y2="${y(n)}" stroke="currentColor" stroke-opacity="${n === 0 ? 0.6 : 0.15}"/>`,
      `<text x="${PAD.left - 6}" y="${y(n) + 4}">${count(n)}</text>`,
    );
  }
  parts.push('</g>');
  if (daily.length === 0) {
    parts.push(
      `<text x="${CHART_WIDTH / 2}" y="${PAD.top + height / 2}" fill="currentColor" font-size="14" text-anchor="middle">No days to show.</text>`,
    );
  } else {
    // The days under the axis: the first, the middle and the last (one label for one day).
    const labelled = [...new Set([0, Math.floor((daily.length - 1) / 2), daily.length - 1])];
    parts.push(`<g fill="currentColor" font-size="12">`);
    for (const i of labelled) {
      const anchor =
        daily.length === 1
          ? 'middle'
          : i === 0
            ? 'start'
            : i === daily.length - 1
              ? 'end'
              : 'middle';
      parts.push(
        `<text x="${x(i)}" y="${CHART_HEIGHT - 8}" text-anchor="${anchor}">${escapeXml(chartDay(daily[i]!.day))}</text>`,
      );
    }
    parts.push('</g>');
    for (const { counter, color, dash } of CHART_SERIES) {
      const style = `fill="none" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}`;
      if (daily.length === 1) {
        parts.push(
          `<circle data-series="${counter}" cx="${x(0)}" cy="${y(daily[0]![counter])}" r="4" fill="${color}"/>`,
        );
      } else {
        const points = daily.map((d, i) => `${x(i)},${y(d[counter])}`).join(' ');
        parts.push(
          `<polyline data-series="${counter}" points="${points}" ${style} stroke-linejoin="round"/>`,
        );
      }
    }
  }
  parts.push('</svg>');
  return parts.join('');
}
