import { describe, expect, it } from 'vitest';
import { isOpenAt, lagosClock, parseRange } from './hours';

const weekdays = {
  mo: '08:00-18:00',
  tu: '08:00-18:00',
  we: '08:00-18:00',
  th: '08:00-18:00',
  fr: '08:00-18:00',
  sa: '09:00-15:00',
};

describe('opening hours (Africa/Lagos)', () => {
  it('reads ranges', () => {
    expect(parseRange('08:00-18:00')).toEqual([480, 1080]);
    expect(parseRange('00:00-24:00')).toEqual([0, 1440]);
    expect(parseRange('8-6')).toBeNull();
  });

  it('uses Lagos time (UTC+1), not the machine time zone', () => {
    // Saturday 2026-11-21 07:30 UTC is 08:30 in Lagos.
    expect(lagosClock(new Date('2026-11-21T07:30:00Z'))).toEqual({ day: 'sa', minutes: 510 });
  });

  it('is open inside the day range and closed outside it or on closed days', () => {
    expect(isOpenAt(weekdays, new Date('2026-11-23T09:00:00Z'))).toBe(true); // Monday 10:00
    expect(isOpenAt(weekdays, new Date('2026-11-23T06:30:00Z'))).toBe(false); // Monday 07:30
    expect(isOpenAt(weekdays, new Date('2026-11-23T17:00:00Z'))).toBe(false); // Monday 18:00 (closing time)
    expect(isOpenAt(weekdays, new Date('2026-11-22T12:00:00Z'))).toBe(false); // Sunday
    expect(isOpenAt({ su: '00:00-24:00' }, new Date('2026-11-22T23:30:00Z'))).toBe(false); // already Monday in Lagos
    expect(isOpenAt({ su: '00:00-24:00' }, new Date('2026-11-22T22:30:00Z'))).toBe(true); // Sunday 23:30
  });
});
