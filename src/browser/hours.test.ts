import { describe, expect, it } from 'vitest';
import { isOpenAt, lagosClock, openState, parseRange } from './hours';
import { lagosWeekMinute } from '../../common/schemas/hours';
import { hoursSummary } from '../../common/schemas/hours-summary';

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

  it("agrees with the time zone database's Africa/Lagos every half hour of a year each side of today", () => {
    // A change of Nigeria's clock would show here once Node's time zone data has it (ADR 100).
    const zone = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Lagos',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const year = 365 * 24 * 60 * 60 * 1000;
    for (let t = Date.now() - year; t < Date.now() + year; t += 30 * 60 * 1000 + 7_000) {
      const parts = zone.formatToParts(new Date(t));
      const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      expect(lagosClock(new Date(t)), new Date(t).toISOString()).toEqual({
        day: get('weekday').slice(0, 2).toLowerCase(),
        minutes: Number(get('hour')) * 60 + Number(get('minute')),
      });
    }
  });

  it('is open inside the day range and closed outside it or on closed days', () => {
    expect(isOpenAt(weekdays, new Date('2026-11-23T09:00:00Z'))).toBe(true); // Monday 10:00
    expect(isOpenAt(weekdays, new Date('2026-11-23T06:30:00Z'))).toBe(false); // Monday 07:30
    expect(isOpenAt(weekdays, new Date('2026-11-23T17:00:00Z'))).toBe(false); // Monday 18:00 (closing time)
    expect(isOpenAt(weekdays, new Date('2026-11-22T12:00:00Z'))).toBe(false); // Sunday
    expect(isOpenAt({ su: '00:00-24:00' }, new Date('2026-11-22T23:30:00Z'))).toBe(false); // already Monday in Lagos
    expect(isOpenAt({ su: '00:00-24:00' }, new Date('2026-11-22T22:30:00Z'))).toBe(true); // Sunday 23:30
  });

  it('counts the minute of the Lagos week from Monday 00:00', () => {
    expect(lagosWeekMinute(new Date('2026-11-22T23:00:00Z'))).toBe(0); // Monday 00:00 in Lagos
    expect(lagosWeekMinute(new Date('2026-11-23T09:00:00Z'))).toBe(600); // Monday 10:00
    expect(lagosWeekMinute(new Date('2026-11-22T22:59:00Z'))).toBe(10_079); // Sunday 23:59
  });
});

describe('open state (issue 38.4)', () => {
  const at = (iso: string) => openState(weekdays, false, new Date(iso))?.text;

  it('says open now inside the hours', () => {
    expect(openState(weekdays, false, new Date('2026-11-23T09:00:00Z'))).toEqual({
      open: true,
      text: 'Open now',
    });
  });

  it('names the next opening: later today, tomorrow, or a day further', () => {
    expect(at('2026-11-23T06:30:00Z')).toBe('Closed · opens 8:00'); // Monday 07:30
    expect(at('2026-11-23T17:00:00Z')).toBe('Closed · opens tomorrow 8:00'); // Monday 18:00
    expect(at('2026-11-27T20:00:00Z')).toBe('Closed · opens tomorrow 9:00'); // Friday 21:00
    expect(at('2026-11-28T15:00:00Z')).toBe('Closed · opens Monday 8:00'); // Saturday 16:00
    expect(at('2026-11-22T12:00:00Z')).toBe('Closed · opens tomorrow 8:00'); // Sunday 13:00
  });

  it('waits a week for a listing open one day only', () => {
    const mondays = { mo: '10:30-12:00' };
    expect(openState(mondays, false, new Date('2026-11-23T12:00:00Z'))?.text).toBe(
      'Closed · opens next Monday 10:30',
    ); // Monday 13:00
    expect(openState(mondays, false, new Date('2026-11-23T08:00:00Z'))?.text).toBe(
      'Closed · opens 10:30',
    ); // Monday 09:00
  });

  it('is open 24 hours whatever the hours, and says nothing without hours', () => {
    expect(openState(null, true, new Date('2026-11-22T02:00:00Z'))).toEqual({
      open: true,
      text: 'Open 24 hours',
    });
    expect(openState({}, false, new Date())).toBeNull();
    expect(openState(null, false, new Date())).toBeNull();
    expect(openState({ mo: 'bad' }, false, new Date('2026-11-23T09:00:00Z'))?.text).toBe('Closed');
  });

  it('sums the hours up without a moment, days of equal hours together', () => {
    expect(hoursSummary(weekdays)).toBe('Mon–Fri 8:00–18:00, Sat 9:00–15:00');
    expect(hoursSummary({ mo: '08:00-18:00', we: '08:00-18:00', su: '00:00-24:00' })).toBe(
      'Mon 8:00–18:00, Wed 8:00–18:00, Sun 0:00–24:00',
    );
    expect(hoursSummary(null)).toBe('');
  });
});
