/**
 * Opening hours as stored on listings: `{ mo: "08:00-18:00", …, su: "00:00-24:00" }` (days absent =
 * closed). "Open now" is computed in Africa/Lagos time, whatever the visitor's own time zone.
 */
import type { DayKey } from '../../common/schemas/hours';

export {
  DAY_KEYS,
  DAY_NAMES,
  isOpenAt,
  lagosClock,
  openState,
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
