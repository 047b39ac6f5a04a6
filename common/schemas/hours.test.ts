import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the Lagos clock (ADR 100)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('creates no Intl formatter, when its module loads or when it reads the time', async () => {
    // The first one with a time zone cost 40–70 ms of a phone's main thread as the cards loaded.
    const format = vi.spyOn(Intl, 'DateTimeFormat');
    vi.resetModules();
    const { lagosClock, lagosWeekMinute } = await import('./hours.ts');
    expect(lagosClock(new Date('2026-11-30T11:00:00Z'))).toEqual({ day: 'mo', minutes: 720 });
    expect(lagosWeekMinute(new Date('2026-11-30T11:00:00Z'))).toBe(720);
    expect(format).not.toHaveBeenCalled();
  });
});
