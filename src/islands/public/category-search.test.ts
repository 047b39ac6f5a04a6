import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LIST_WAIT_MS,
  listenForSearches,
  sendSearch,
  takeEarlySearch,
  typedQuery,
} from './SearchForm';

/** The category page's search box and its list (ADR 031, ADR 091): what passes between them. */
describe('a category search sent before the list listens (ADR 091)', () => {
  const asked: string[] = [];
  beforeAll(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { location: { origin: 'https://example.test' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return new Response(JSON.stringify({ businesses: [], total: 0 }), { status: 200 });
      }),
    );
  });
  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const filters = { type: 'Mechanic', area: 'yaba', open: undefined };
  const form = () => ({ submit: vi.fn() }) as unknown as HTMLFormElement & { submit: () => void };

  it('is posted by the form when it has no words, filters or form to wait with', () => {
    expect(sendSearch('  ', filters, form())).toBe(false);
    expect(sendSearch('brake')).toBe(false);
    expect(typedQuery()).toBe('brake');
    expect(asked).toEqual([]);
  });

  it('is asked of the API at once; the list takes that answer once, for the same search', async () => {
    const box = form();
    expect(sendSearch(' brake pads ', filters, box)).toBe(true);
    expect(asked).toHaveLength(1);
    const url = new URL(asked[0]!);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'brake pads',
      type: 'Mechanic',
      area: 'yaba',
    });
    // Another search (other words, another area) is not this one.
    expect(takeEarlySearch('brake', filters)).toBeUndefined();
    expect(takeEarlySearch('brake pads', { ...filters, area: 'ikeja' })).toBeUndefined();
    const answer = takeEarlySearch('brake pads', filters);
    expect(await answer).toEqual({ ok: true, data: { businesses: [], total: 0 } });
    expect(takeEarlySearch('brake pads', filters)).toBeUndefined();
    // The list listened in time: the form never posts.
    const stop = listenForSearches(() => {});
    vi.advanceTimersByTime(LIST_WAIT_MS);
    expect(box.submit).not.toHaveBeenCalled();
    stop();
  });

  it('posts the form when the list has not listened in time', () => {
    const box = form();
    expect(sendSearch('tyres', filters, box)).toBe(true);
    vi.advanceTimersByTime(LIST_WAIT_MS - 1);
    expect(box.submit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(box.submit).toHaveBeenCalledTimes(1);
  });

  it('goes straight to the list once it listens', () => {
    const taken: string[] = [];
    const stop = listenForSearches((query) => taken.push(query));
    const before = asked.length;
    expect(sendSearch('battery', filters, form())).toBe(true);
    expect(taken).toEqual(['battery']);
    expect(asked).toHaveLength(before);
    stop();
  });
});
