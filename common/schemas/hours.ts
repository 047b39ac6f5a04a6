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
