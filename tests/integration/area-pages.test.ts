import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, provideSharedDatabase } from '../../functions/_lib/db.ts';
import { type LocalServer, startLocalServer } from '../../server/local-server.ts';
import { ensureSiteBuild } from '../../server/site-build.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, TEST_DB } from '../setup/test-db.ts';

/**
 * Issue 16.4 area pages as the local server serves them (ADR 011/020): "Mechanics in Ikeja" at
 * /mechanic/?area=ikeja with its own title, description, canonical, numbered pages with
 * rel=prev/next, a JSON-LD ItemList, the category's busiest areas linked from the category page,
 * the area pages in the sitemap, 404 for unknown areas, and the category's cache tag.
 */
describe.runIf(TEST_DB === 'pglite')('area pages', () => {
  let handle: DatabaseHandle;
  let local: LocalServer;
  /** The origin the build renders absolute URLs with (SITE_URL of the build). */
  let SITE = '';

  beforeAll(async () => {
    mkdirSync('.data', { recursive: true });
    handle = await createTestDatabase();
    // 30 mechanics in the Ikeja LGA (two pages of 24), the two oldest derived to its
    // neighbourhoods Opebi and Alausa; 4 in Yaba, 1 in Ojo; 3 parts shops in Ikeja.
    for (let i = 0; i < 30; i += 1) {
      await insertBusiness(handle.db, {
        business_name: `Ikeja Mechanic ${String(i).padStart(2, '0')}`,
        area: i === 0 ? 'Opebi' : i === 1 ? 'Alausa' : 'Ikeja',
        created_at: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    for (let i = 0; i < 4; i += 1)
      await insertBusiness(handle.db, { business_name: `Yaba Mechanic ${i}`, area: 'Yaba' });
    await insertBusiness(handle.db, { business_name: 'Ojo Mechanic', area: 'Ojo' });
    for (let i = 0; i < 3; i += 1) {
      await insertBusiness(handle.db, {
        business_name: `Ikeja Parts ${i}`,
        business_type: 'Auto Parts & Accessories',
        business_categories: ['Auto Parts & Accessories'],
        tags: ['Auto Parts & Accessories'],
        services: 'Spare parts',
        area: 'Ikeja',
      });
    }
    provideSharedDatabase(handle);
    const site = await ensureSiteBuild('.data/test-site', 'http://127.0.0.1');
    local = await startLocalServer({ db: handle.db, port: 0, host: '127.0.0.1', site });
    const home = await (await fetch(`${local.url}/mechanic/`)).text();
    SITE = /<link rel="canonical" href="(https?:\/\/[^/"]+)\//.exec(home)![1]!;
  }, 240_000);

  afterAll(async () => {
    await local?.close();
    await handle?.close();
  });

  const get = (path: string) => fetch(`${local.url}${path}`);
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );

  it('renders "Mechanics in Ikeja" with its title, description, canonical, ItemList and next page', async () => {
    const response = await get('/mechanic/?area=ikeja');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cache')).toBe('MISS');
    const html = await response.text();
    // Cached per area: the same page again is a hit, another area its own page.
    expect((await get('/mechanic/?area=ikeja')).headers.get('x-cache')).toBe('HIT');
    expect((await get('/mechanic/?area=yaba')).headers.get('x-cache')).toBe('MISS');
    expect(html).toContain('<title>Mechanics in Ikeja | ');
    expect(html).toMatch(/<h1[^>]*>Mechanics in Ikeja<\/h1>/);
    expect(html).toMatch(
      /<meta name="description" content="Mechanics in Ikeja, Lagos: 30 listings\./,
    );
    expect(html).toContain(`<link rel="canonical" href="${SITE}/mechanic/?area=ikeja">`);
    expect(html).toContain(`<link rel="next" href="${SITE}/mechanic/page/2/?area=ikeja">`);
    expect(html).not.toContain('rel="prev"');
    expect(html).not.toContain('Yaba Mechanic');
    expect(html).not.toContain('Ikeja Parts');
    const list = jsonLd(html).find((d) => d['@type'] === 'ItemList')!;
    expect(list).toMatchObject({ name: 'Mechanics in Ikeja', numberOfItems: 30 });
    const items = list.itemListElement as { position: number; name: string; url: string }[];
    expect(items).toHaveLength(24);
    expect(items[0]).toMatchObject({ position: 1, name: 'Ikeja Mechanic 29' });
    expect(items[0]!.url).toMatch(new RegExp(`^${SITE}/business/`));
  });

  it('serves page 2 of the area page with rel=prev and positions after page 1; 404 past the end', async () => {
    const html = await (await get('/mechanic/page/2/?area=ikeja')).text();
    expect(html).toContain('<title>Mechanics in Ikeja – page 2 | ');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/mechanic/page/2/?area=ikeja">`);
    expect(html).toContain(`<link rel="prev" href="${SITE}/mechanic/?area=ikeja">`);
    const list = jsonLd(html).find((d) => d['@type'] === 'ItemList')!;
    const items = list.itemListElement as { position: number }[];
    expect(items.map((i) => i.position)).toEqual([25, 26, 27, 28, 29, 30]);
    expect((await get('/mechanic/page/3/?area=ikeja')).status).toBe(404);
  });

  it('an LGA page includes its neighbourhoods; a neighbourhood page only itself', async () => {
    const page2 = await (await get('/mechanic/page/2/?area=ikeja')).text();
    // The two oldest, derived to Opebi and Alausa, close the Ikeja LGA's listing order.
    expect(page2).toContain('Ikeja Mechanic 01');
    expect(page2).toContain('Ikeja Mechanic 00');
    const opebi = await (await get('/mechanic/?area=opebi')).text();
    expect(opebi).toMatch(/<h1[^>]*>Mechanics in Opebi<\/h1>/);
    expect(opebi).toMatch(
      /<meta name="description" content="Mechanics in Opebi \(Ikeja\), Lagos: 1 listing\./,
    );
    expect(opebi).toContain('Ikeja Mechanic 00');
    expect(opebi).not.toContain('Ikeja Mechanic 01');
  });

  it('keys the page cache on the area only: other parameters share the entry and add none', async () => {
    expect((await get('/mechanic/?area=ikeja')).headers.get('x-cache')).toBe('HIT');
    const entries = local.pageCache.stats().entries;
    for (const query of [
      'utm_source=x&area=ikeja',
      'area=ikeja&fbclid=1',
      'area=ikeja&area=yaba',
      'z=1&area=ikeja&a=2',
    ]) {
      const response = await get(`/mechanic/?${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-cache'), query).toBe('HIT');
    }
    // A flood of random parameters renders nothing and stores nothing.
    for (let i = 0; i < 20; i += 1) {
      expect((await get(`/mechanic/?r${i}=${Math.random()}`)).headers.get('x-cache')).toBe('HIT');
    }
    expect(local.pageCache.stats().entries).toBe(entries); // /mechanic/ was cached already
    // A business page varies on nothing: its area parameter is ignored too.
    const { slug } = await insertBusiness(handle.db, { slug: 'cache-key-motors', area: null });
    const business = `/business/${slug}/`;
    expect((await get(business)).status).toBe(200);
    expect((await get(`${business}?area=ikeja`)).headers.get('x-cache')).toBe('HIT');
    // Unknown or over-long area values are 404s, never stored.
    const before = local.pageCache.stats().entries;
    expect((await get('/mechanic/?area=nowhere')).status).toBe(404);
    expect((await get(`/mechanic/?area=${'a'.repeat(500)}`)).status).toBe(404);
    expect(local.pageCache.stats().entries).toBe(before);
  });

  it('answers 404 for an area not on the list or not written as its slug', async () => {
    expect((await get('/mechanic/?area=atlantis')).status).toBe(404);
    expect((await get('/mechanic/?area=Ikeja')).status).toBe(404);
    expect((await get('/mechanic/page/2/?area=atlantis')).status).toBe(404);
    // "All of Lagos" in the form: the category page itself.
    expect((await get('/mechanic/?area=')).status).toBe(200);
  });

  it('links the busiest areas from the category page, and lists them in the sitemap', async () => {
    const html = await (await get('/mechanic/')).text();
    expect(html).toMatch(/<label for="area-select"[^>]*>Area<\/label>/);
    const links = [
      ...html.matchAll(/<a href="(\/mechanic\/\?area=[a-z0-9-]+)"[^>]*>([^<]+)</g),
    ].map((m) => [m[1], m[2]!.trim()]);
    // An LGA counts its neighbourhoods (Yaba's four are Lagos Mainland's).
    expect(links.slice(0, 5)).toEqual([
      ['/mechanic/?area=ikeja', 'Ikeja'],
      ['/mechanic/?area=lagos-mainland', 'Lagos Mainland'],
      ['/mechanic/?area=yaba', 'Yaba'],
      ['/mechanic/?area=alausa', 'Alausa'],
      ['/mechanic/?area=ojo', 'Ojo'],
    ]);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/mechanic/">`);
    const sitemap = await (await get('/sitemaps/pages.xml')).text();
    expect(sitemap).toContain(`<loc>${SITE}/mechanic/?area=ikeja</loc>`);
    expect(sitemap).toContain(`<loc>${SITE}/mechanic/?area=yaba</loc>`);
    expect(sitemap).not.toContain('area=ojo'); // one listing: linked, not advertised
    expect(sitemap).toContain(`<loc>${SITE}/parts/?area=ikeja</loc>`);
  });
});
