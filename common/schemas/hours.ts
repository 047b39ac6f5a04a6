/**
 * Opening hours as stored on listings: `{ mo: "08:00-18:00", …, su: "00:00-24:00" }` (days absent =
 * closed), Africa/Lagos time. Zod-free: shared by the pages, the islands, the schemas and the
 * function layer (the browser helpers of src/browser/hours.ts re-export these).
 */
export const DAY_KEYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;
export type DayKey = (typeof DAY_KEYS)[number];
export const DAY_NAMES: Record<DayKey, string> = {
  mo: 'Monday',
  tu: 'Tuesday',
  we: 'Wednesday',
  th: 'Thursday',
  fr: 'Friday',
  sa: 'Saturday',
  su: 'Sunday',
};
export type OpeningHours = Partial<Record<DayKey, string>>;

const RANGE = /^([01]\d|2[0-4]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/** `"08:00-18:00"` → minutes since midnight `[480, 1080]`, or null when malformed. */
export function parseRange(range: string): [number, number] | null {
  const m = RANGE.exec(range.trim());
  if (!m) return null;
  return [Number(m[1]) * 60 + Number(m[2]), Number(m[3]) * 60 + Number(m[4])];
}

/** Minutes in a day and in a week (the week starts on Monday 00:00, Lagos time). */
export const DAY_MINUTES = 24 * 60;
export const WEEK_MINUTES = 7 * DAY_MINUTES;

/**
 * Lagos's offset from UTC in ms: West Africa Time, UTC+1 all year (Nigeria keeps no daylight
 * saving time; the time zone database's Africa/Lagos has been +01:00 since 1919).
 */
const LAGOS_UTC_OFFSET_MS = 60 * 60 * 1000;

/**
 * `date` moved by Lagos's offset, so that its UTC fields (`getUTCDay`, `getUTCHours`,
 * `toISOString().slice(0, 10)`…) read Lagos's wall clock: plain arithmetic, no `Intl` (ADR 100).
 */
export function lagosWallClock(date: Date): Date {
  return new Date(date.getTime() + LAGOS_UTC_OFFSET_MS);
}

/**
 * Weekday key and minutes since midnight of `date` in Lagos (ADR 100: the first
 * `Intl.DateTimeFormat` with a time zone cost 40–70 ms of a phone's main thread when the cards'
 * module ran, before a category page's grid could hydrate).
 */
export function lagosClock(date: Date): { day: DayKey; minutes: number } {
  const lagos = lagosWallClock(date);
  return {
    // getUTCDay() counts from Sunday, the day keys from Monday.
    day: DAY_KEYS[(lagos.getUTCDay() + 6) % 7]!,
    minutes: lagos.getUTCHours() * 60 + lagos.getUTCMinutes(),
  };
}

/**
 * The minute of the Lagos week `date` falls in (Monday 00:00 = 0 … Sunday 23:59 = 10,079): what
 * the `open_week` column is tested against for "Open now" (ADR 081).
 */
export function lagosWeekMinute(date: Date): number {
  const { day, minutes } = lagosClock(date);
  return DAY_KEYS.indexOf(day) * DAY_MINUTES + minutes;
}

/** The open range of `day`, or null when closed or malformed (closing must follow opening). */
export function dayRange(hours: OpeningHours, day: DayKey): [number, number] | null {
  const value = hours[day];
  const range = typeof value === 'string' ? parseRange(value) : null;
  return range && range[0] < range[1] && range[1] <= DAY_MINUTES ? range : null;
}

/** True when the listing is open at `date` (Lagos time). Ranges ending past midnight are not used here. */
export function isOpenAt(hours: OpeningHours, date: Date): boolean {
  const { day, minutes } = lagosClock(date);
  const range = dayRange(hours, day);
  return range !== null && minutes >= range[0] && minutes < range[1];
}

/** `480` → `"8:00"`, `870` → `"14:30"`. */
export function clockText(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A listing's state at a moment: open or not, and the line a card shows. */
export interface OpenState {
  open: boolean;
  text: string;
}

/**
 * "Open now", "Open 24 hours", "Closed · opens 8:00" (later today), "Closed · opens tomorrow 8:00",
 * "Closed · opens Monday 8:00", or "Closed" when no day has hours; in Lagos time (issue 38.4).
 * Null when the listing declares neither hours nor 24 hours (nothing to say).
 */
export function openState(
  hours: OpeningHours | null | undefined,
  open24: boolean | undefined,
  date: Date,
): OpenState | null {
  if (open24) return { open: true, text: 'Open 24 hours' };
  if (!hours || typeof hours !== 'object' || Object.keys(hours).length === 0) return null;
  if (isOpenAt(hours, date)) return { open: true, text: 'Open now' };
  const { day, minutes } = lagosClock(date);
  const today = DAY_KEYS.indexOf(day);
  for (let ahead = 0; ahead < 8; ahead += 1) {
    const key = DAY_KEYS[(today + ahead) % 7]!;
    const range = dayRange(hours, key);
    if (!range || (ahead === 0 && range[0] <= minutes)) continue;
    const when =
      ahead === 0
        ? ''
        : ahead === 1
          ? 'tomorrow '
          : `${ahead === 7 ? 'next ' : ''}${DAY_NAMES[key]} `;
    return { open: false, text: `Closed · opens ${when}${clockText(range[0])}` };
  }
  return { open: false, text: 'Closed' };
}
