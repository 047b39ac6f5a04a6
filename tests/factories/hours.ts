/**
 * Moments and opening hours the Open now and roadside tests share (issue 38, ADR 081, 082).
 * Monday 2026-11-23: 09:00 UTC is 10:00 in Lagos (UTC+1, no daylight saving); 20:00 UTC is 21:00.
 */
export const MONDAY_10 = new Date('2026-11-23T09:00:00Z');
export const MONDAY_21 = new Date('2026-11-23T20:00:00Z');
export const SUNDAY_12 = new Date('2026-11-29T11:00:00Z');

/** `opening_hours` of a weekday business: Monday to Friday 08:00–18:00, as stored (JSON). */
export const WEEKDAYS = JSON.stringify({
  mo: '08:00-18:00',
  tu: '08:00-18:00',
  we: '08:00-18:00',
  th: '08:00-18:00',
  fr: '08:00-18:00',
});
