import { clockText, DAY_KEYS, dayRange, type DayKey, type OpeningHours } from './hours';

/**
 * The hours in one line (issue 38.4, ADR 081), apart from hours.ts: the business page's script
 * needs only the state ("Open now"), and its bytes are budgeted (issue 13.2).
 */

const SHORT_DAYS: Record<DayKey, string> = {
  mo: 'Mon',
  tu: 'Tue',
  we: 'Wed',
  th: 'Thu',
  fr: 'Fri',
  sa: 'Sat',
  su: 'Sun',
};

/**
 * The hours in one line, days of equal hours run together: "Mon–Fri 8:00–18:00, Sat 9:00–15:00".
 * What a card shows until the page's script knows the moment (and without JavaScript): never a
 * state that a cached page could carry past the hour (ADR 081). Empty when no day has hours.
 */
export function hoursSummary(hours: OpeningHours | null | undefined): string {
  if (!hours || typeof hours !== 'object') return '';
  const runs: { from: DayKey; to: DayKey; range: [number, number] }[] = [];
  for (const day of DAY_KEYS) {
    const range = dayRange(hours, day);
    const last = runs.at(-1);
    if (!range) continue;
    const previous = DAY_KEYS[DAY_KEYS.indexOf(day) - 1];
    if (last && last.to === previous && last.range[0] === range[0] && last.range[1] === range[1])
      last.to = day;
    else runs.push({ from: day, to: day, range });
  }
  return runs
    .map(({ from, to, range }) => {
      const days = from === to ? SHORT_DAYS[from] : `${SHORT_DAYS[from]}–${SHORT_DAYS[to]}`;
      return `${days} ${clockText(range[0])}–${clockText(range[1])}`;
    })
    .join(', ');
}
