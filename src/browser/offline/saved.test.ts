import { describe, expect, it } from 'vitest';
import {
  isSavedSlug,
  readSaved,
  refreshSaved,
  removeSaved,
  SAVED_KEY,
  SAVED_MAX,
  saveBusiness,
  telHref,
} from './saved';

/** An in-memory Storage; `full` makes every write throw as a full or refused quota does. */
function memoryStorage(full = false) {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (full) throw new DOMException('quota', 'QuotaExceededError');
      data.set(key, value);
    },
  };
}

const yaba = {
  slug: 'yaba-precision-auto-workshop',
  name: 'Yaba Precision Auto Workshop',
  type: 'Mechanic / Repair Services',
  location: 'Yaba, Lagos',
  phone: '+234 804 000 1444',
  address: '8 Sample Close, Yaba, Lagos',
};
const ikeja = { ...yaba, slug: 'ikeja-tyres', name: 'Ikeja Tyres', phone: null, address: null };

describe('saved businesses (issue 22.5, ADR 030)', () => {
  it('saves newest first, once per business, and removes', () => {
    const storage = memoryStorage();
    expect(readSaved(storage)).toEqual([]);
    expect(saveBusiness(storage, yaba, new Date('2026-11-01T10:00:00Z'))).toBe(true);
    expect(saveBusiness(storage, ikeja, new Date('2026-11-02T10:00:00Z'))).toBe(true);
    expect(readSaved(storage).map((b) => b.slug)).toEqual([ikeja.slug, yaba.slug]);
    expect(readSaved(storage)[1]).toEqual({ ...yaba, savedAt: '2026-11-01T10:00:00.000Z' });
    // Saving again moves it to the top, without a second copy.
    saveBusiness(storage, yaba, new Date('2026-11-03T10:00:00Z'));
    expect(readSaved(storage).map((b) => b.slug)).toEqual([yaba.slug, ikeja.slug]);
    expect(isSavedSlug(storage, ikeja.slug)).toBe(true);
    expect(removeSaved(storage, ikeja.slug)).toBe(true);
    expect(isSavedSlug(storage, ikeja.slug)).toBe(false);
    expect(readSaved(storage).map((b) => b.slug)).toEqual([yaba.slug]);
  });

  it(`keeps at most ${SAVED_MAX}, dropping the oldest`, () => {
    const storage = memoryStorage();
    for (let i = 0; i <= SAVED_MAX; i++) saveBusiness(storage, { ...yaba, slug: `b-${i}` });
    const saved = readSaved(storage);
    expect(saved).toHaveLength(SAVED_MAX);
    expect(saved[0]!.slug).toBe(`b-${SAVED_MAX}`);
    expect(saved.some((b) => b.slug === 'b-0')).toBe(false);
  });

  it('reads broken or foreign data as nothing, and drops entries of the wrong shape', () => {
    const storage = memoryStorage();
    storage.data.set(SAVED_KEY, '{not json');
    expect(readSaved(storage)).toEqual([]);
    storage.data.set(SAVED_KEY, '{"slug":"x"}');
    expect(readSaved(storage)).toEqual([]);
    const good = { ...yaba, savedAt: '2026-11-01T10:00:00.000Z' };
    storage.data.set(
      SAVED_KEY,
      JSON.stringify([good, { ...good, slug: '' }, { ...good, phone: 5 }, null, 'x']),
    );
    expect(readSaved(storage)).toEqual([good]);
  });

  it('reports a refused write instead of throwing', () => {
    const storage = memoryStorage(true);
    expect(saveBusiness(storage, yaba)).toBe(false);
    expect(removeSaved(storage, yaba.slug)).toBe(false);
    expect(readSaved(storage)).toEqual([]);
  });

  it('refreshes a saved copy from its page, in place, and leaves others alone', () => {
    const storage = memoryStorage();
    saveBusiness(storage, yaba, new Date('2026-11-01T10:00:00Z'));
    saveBusiness(storage, ikeja, new Date('2026-11-02T10:00:00Z'));
    // Unchanged: nothing written (the time stays).
    refreshSaved(storage, yaba, new Date('2026-11-05T10:00:00Z'));
    expect(readSaved(storage)[1]!.savedAt).toBe('2026-11-01T10:00:00.000Z');
    // The owner restricted contact details to registered users: the copy loses them.
    refreshSaved(
      storage,
      { ...yaba, phone: null, address: null },
      new Date('2026-11-05T10:00:00Z'),
    );
    expect(readSaved(storage).map((b) => [b.slug, b.phone, b.savedAt])).toEqual([
      [ikeja.slug, null, '2026-11-02T10:00:00.000Z'],
      [yaba.slug, null, '2026-11-05T10:00:00.000Z'],
    ]);
    // Not saved: not added.
    refreshSaved(storage, { ...yaba, slug: 'other' });
    expect(isSavedSlug(storage, 'other')).toBe(false);
  });

  it('writes a tel: link without the separators of a written number', () => {
    expect(telHref('+234 804 000 1444')).toBe('tel:+2348040001444');
    expect(telHref('0803-123-4567')).toBe('tel:08031234567');
    expect(telHref('(01) 234 5678')).toBe('tel:012345678');
  });
});
