import { useEffect, useRef, useState } from 'react';
import type { InsightDay } from '../../../common/schemas/insights';

/**
 * The daily chart of the owner's Insights (issue 27.2): page views, calls and WhatsApp messages
 * per day, drawn by uPlot (a small, well-kept canvas charting library), imported by this island
 * once it has started, so it is loaded on this page only. The table above it carries the
 * same figures for screen readers and for phones without JavaScript; the chart is a picture of
 * them (`role="img"` with a text alternative).
 */
export default function InsightsChart({ daily }: { daily: InsightDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css?inline')])
      .then(([{ default: UPlot }, css]) => {
        if (cancelled) return;
        if (!document.getElementById('uplot-css')) {
          const style = document.createElement('style');
          style.id = 'uplot-css';
          style.textContent = css.default;
          document.head.append(style);
        }
        const x = daily.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
        chart = new UPlot(
          {
            width: Math.max(280, element.clientWidth),
            height: 220,
            series: [
              {},
              { label: 'Page views', stroke: '#1d4ed8', width: 2 },
              { label: 'Calls', stroke: '#15803d', width: 2 },
              { label: 'WhatsApp', stroke: '#b45309', width: 2 },
            ],
            // Whole numbers on the counts' axis; no live values under the chart (the table has them).
            axes: [
              {},
              { size: 40, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 5_000, 10_000] },
            ],
            legend: { live: false },
          },
          [
            x,
            daily.map((d) => d.page_views),
            daily.map((d) => d.call_taps),
            daily.map((d) => d.whatsapp_taps),
          ],
          element,
        );
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [daily]);
  const total = (pick: (d: InsightDay) => number) => daily.reduce((sum, d) => sum + pick(d), 0);
  return (
    <figure className="insight-chart">
      <div
        ref={box}
        role="img"
        aria-label={`Chart of ${daily.length} days: ${total((d) => d.page_views)} page views, ${total((d) => d.call_taps)} calls, ${total((d) => d.whatsapp_taps)} WhatsApp messages.`}
      />
      {failed && (
        <p className="small muted">
          The chart could not be drawn; the table above has every figure.
        </p>
      )}
    </figure>
  );
}
