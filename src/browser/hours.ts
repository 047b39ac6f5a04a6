/**
 * Opening hours as stored on listings: `{ mo: "08:00-18:00", …, su: "00:00-24:00" }` (days absent =
 * closed). "Open now" is computed in Africa/Lagos time, whatever the visitor's own time zone.
 */
import { parseRange, type DayKey, type OpeningHours } from '../../common/schemas/hours';

export {
  DAY_KEYS,
  DAY_NAMES,
  parseRange,
  type DayKey,
  type OpeningHours,
} from '../../common/schemas/hours';

/** schema.org day names (https://schema.org/DayOfWeek). */
export const SCHEMA_DAYS: Record<DayKey, string> = {
  mo: 'https://schema.org/Monday',
  tu: 'https://schema.org/Tuesday',
  we: 'https://schema.org/Wednesday',
  th: 'https://schema.org/Thursday',
  fr: 'https://schema.org/Friday',
  sa: 'https://schema.org/Saturday',
  su: 'https://schema.org/Sunday',
};

/** Weekday key and minutes since midnight of `date` in Lagos. */
export function lagosClock(date: Date): { day: DayKey; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = get('weekday').slice(0, 2).toLowerCase() as DayKey;
  return { day, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** True when the listing is open at `date` (Lagos time). Ranges ending past midnight are not used here. */
export function isOpenAt(hours: OpeningHours, date: Date): boolean {
  const { day, minutes } = lagosClock(date);
  const range = hours[day] ? parseRange(hours[day]!) : null;
  return range !== null && minutes >= range[0] && minutes < range[1];
}
