import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  cacheKeyOf,
  cachePolicyOf,
  MAX_KEY_VALUE_LENGTH,
  PageCache,
  toCachedPage,
} from './page-cache.ts';

const page = (body: string, tags: string[], init: ResponseInit = {}) =>
  toCachedPage(new Response(body, { headers: { 'content-type': 'text/html' }, ...init }), {
    tags,
    maxAgeS: 60,
  });

/** Card-like markup with varied words (brotli 11 beats 6 on it, as on a real category page). */
function cardsHtml(cards: number): string {
  const words = [
    'Adeola',
    'Motors',
    'Ikeja',
    'brake',
    'engine',
    'Toyota',
    'Yaba',
    'tyres',
    'Lekki',
  ];
  let seed = cards;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % words.length;
  return Array.from(
    { length: cards },
    (_, i) =>
      `<article class="card" data-slug="b-${i}"><h3>${words[next()]} ${words[next()]} ${i}</h3>` +
      `<p>${words[next()]}, ${words[next()]} and ${words[next()]} service, +234 80${i % 10} 000 ${1000 + i}</p></article>`,
  ).join('\n');
}

describe('cachePolicyOf', () => {
  const response = (headers: Record<string, string>, status = 200) =>
    new Response('x', { status, headers });

  it('reads tags, s-maxage and the query parameters the page varies on', () => {
    expect(
      cachePolicyOf(
        response({
          'netlify-cdn-cache-control': 'public, durable, s-maxage=86400, stale-while-revalidate=1',
          'netlify-cache-tag': 'home, listing-1',
          'netlify-vary': 'query=area|page',
        }),
      ),
    ).toEqual({ tags: ['home', 'listing-1'], maxAgeS: 86400, varyQuery: ['area', 'page'] });
  });

  it('refuses what a CDN must not keep: no directive, no s-maxage, errors, cookies', () => {
    expect(cachePolicyOf(response({}))).toBeUndefined();
    expect(cachePolicyOf(response({ 'netlify-cdn-cache-control': 'public' }))).toBeUndefined();
    const ok = { 'netlify-cdn-cache-control': 's-maxage=10' };
    expect(cachePolicyOf(response(ok, 404))).toBeUndefined();
    expect(cachePolicyOf(response({ ...ok, 'set-cookie': 'a=b' }))).toBeUndefined();
  });
});

describe('cacheKeyOf', () => {
  it('keeps the path and only the varying parameters, sorted, first value each, re-encoded', () => {
    const url = new URL('http://x/mechanic/?utm_source=a&page=2&area=ikeja&area=yaba');
    expect(cacheKeyOf(url, ['page', 'area'])).toBe('/mechanic/?area=ikeja&page=2');
    expect(cacheKeyOf(url, [])).toBe('/mechanic/');
    expect(cacheKeyOf(new URL('http://x/a/?area=%6Dile%202'), ['area'])).toBe('/a/?area=mile+2');
    expect(cacheKeyOf(new URL('http://x/a/?b=1'), ['area'])).toBe('/a/');
  });

  it('refuses a key for an over-long value (never a page to keep)', () => {
    const long = 'a'.repeat(MAX_KEY_VALUE_LENGTH + 1);
    expect(cacheKeyOf(new URL(`http://x/a/?area=${long}`), ['area'])).toBeUndefined();
    expect(cacheKeyOf(new URL(`http://x/a/?utm=${long}`), ['area'])).toBe('/a/');
  });
});

describe('PageCache.keyOf', () => {
  const stored = (varyQuery: string[]) =>
    toCachedPage(new Response('x'), { tags: ['t'], maxAgeS: 60, varyQuery });

  it('keys a path on what its stored page varies on, else on the default parameters', async () => {
    const cache = new PageCache(1_000_000, ['area']);
    const url = (q: string) => new URL(`http://x/mechanic/${q}`);
    expect(cache.keyOf(url('?utm_source=a&area=ikeja'))).toBe('/mechanic/?area=ikeja');
    cache.set('/mechanic/?area=ikeja', await stored(['area']), cache.sequence());
    expect(cache.get(cache.keyOf(url('?fbclid=1&area=ikeja&x=2'))!)).toBeDefined();
    // A page that varies on nothing: every query shares its one entry, `area` included.
    cache.set('/business/a/', await stored([]), cache.sequence());
    expect(cache.keyOf(new URL('http://x/business/a/?area=ikeja&r=1'))).toBe('/business/a/');
    expect(cache.stats().paths).toBe(2);
  });

  it('forgets what a path varies on with its last entry (bounded by the entries)', async () => {
    const cache = new PageCache(1_000_000, ['area']);
    cache.set('/business/a/', await stored([]), cache.sequence());
    expect(cache.stats().paths).toBe(1);
    cache.purge(['t']);
    expect(cache.stats()).toMatchObject({ entries: 0, paths: 0 });
    expect(cache.keyOf(new URL('http://x/business/a/?area=ikeja'))).toBe('/business/a/?area=ikeja');
  });
});

describe('PageCache', () => {
  it('compresses once and purges exactly the entries carrying a purged tag', async () => {
    const cache = new PageCache(10_000_000);
    const body = 'x'.repeat(5000);
    cache.set('/a', await page(body, ['category-mechanic', 'home']), cache.sequence());
    cache.set('/b', await page(body, ['category-parts']), cache.sequence());
    expect(cache.get('/a')!.br!.length).toBeLessThan(100);
    expect(cache.purge(['home'])).toBe(1);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBeDefined();
  });

  it('drops a render that started before a purge of one of its tags', async () => {
    const cache = new PageCache(10_000_000);
    const started = cache.sequence();
    cache.purge(['listing-1']);
    expect(cache.set('/business/x/', await page('old', ['listing-1']), started)).toBe(false);
    expect(cache.set('/business/x/', await page('new', ['listing-1']), cache.sequence())).toBe(
      true,
    );
  });

  it('stays within its byte budget, least recently used out first', async () => {
    const cache = new PageCache(12_000);
    for (const key of ['/1', '/2', '/3']) {
      cache.set(key, await page('y'.repeat(3000), ['t']), cache.sequence());
      if (key === '/2') cache.get('/1');
    }
    cache.set('/4', await page('z'.repeat(3000), ['t']), cache.sequence());
    expect(cache.stats().bytes).toBeLessThanOrEqual(12_000);
    expect(cache.get('/2')).toBeUndefined();
    expect(cache.get('/1')).toBeDefined();
  });

  it('recompresses an entry served again at brotli 11 in the background, its bytes accounted', async () => {
    const cache = new PageCache(10_000_000);
    const body = cardsHtml(300);
    const entry = await page(body, ['category-mechanic']);
    const fast = entry.br!.length;
    cache.set('/mechanic/', entry, cache.sequence());
    const before = cache.stats().bytes;
    // Stored only: a one-off answer keeps its fast brotli.
    await cache.recompressed();
    expect(entry.br!.length).toBe(fast);
    cache.get('/mechanic/');
    await cache.recompressed();
    const best = cache.get('/mechanic/')!.br!;
    expect(best.length).toBeLessThan(fast);
    expect(brotliDecompressSync(best).toString()).toBe(body);
    expect(cache.stats().bytes).toBe(before - (fast - best.length));
  });

  it('leaves alone an entry purged or replaced before its recompression', async () => {
    const cache = new PageCache(10_000_000);
    const first = await page(cardsHtml(200), ['listing-1']);
    cache.set('/a', first, cache.sequence());
    cache.get('/a'); // queued
    cache.purge(['listing-1']);
    const replaced = await page(cardsHtml(210), ['listing-2']);
    cache.set('/b', replaced, cache.sequence());
    cache.get('/b'); // queued
    const replacement = await page(cardsHtml(220), ['listing-2']);
    cache.set('/b', replacement, cache.sequence());
    const fastFirst = first.br!.length;
    await cache.recompressed();
    expect(first.br!.length).toBe(fastFirst);
    expect(cache.get('/a')).toBeUndefined();
    expect(brotliDecompressSync(cache.get('/b')!.br!).toString()).toBe(cardsHtml(220));
    expect(cache.stats().bytes).toBeGreaterThan(0);
  });

  it('expires entries after s-maxage', async () => {
    const cache = new PageCache(1_000_000);
    const entry = await toCachedPage(new Response('a'), { tags: [], maxAgeS: 1 }, 0);
    cache.set('/x', entry, cache.sequence());
    expect(cache.get('/x', 500)).toBeDefined();
    expect(cache.get('/x', 1000)).toBeUndefined();
  });
});

describe('stale copies for an outage (issue 23.2)', () => {
  it('keeps an expired page for getStale, but never a purged one', async () => {
    const cache = new PageCache(1024 * 1024);
    const response = () =>
      new Response('<p>page</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const expired = await toCachedPage(response(), { tags: ['a'], maxAgeS: 60 }, 0);
    cache.set('/old/', expired, cache.sequence());
    expect(cache.get('/old/')).toBeUndefined();
    expect(cache.getStale('/old/')).toBe(expired);

    const fresh = await toCachedPage(response(), { tags: ['b'], maxAgeS: 60 });
    cache.set('/purged/', fresh, cache.sequence());
    cache.purge(['b']);
    expect(cache.getStale('/purged/')).toBeUndefined();
  });
});
