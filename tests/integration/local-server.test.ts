import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, provideSharedDatabase } from '../../functions/_lib/db.ts';
import { seedDatabase } from '../../functions/db/seeds/seed.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { type LocalServer, startLocalServer } from '../../server/local-server.ts';
import { ensureSiteBuild } from '../../server/site-build.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, TEST_DB } from '../setup/test-db.ts';

/**
 * ADR 011 on the local server: pages that show data are rendered on demand through the page
 * cache; an admin write through the API purges exactly the tags it touched, so the next request
 * renders the change. No build runs after a change.
 * The build is reused across runs while the sources are unchanged (.data/test-site).
 */
describe.runIf(TEST_DB === 'pglite')('local server: on-demand pages and purges', () => {
  let handle: DatabaseHandle;
  let local: LocalServer;
  let cookie = '';
  const admin = { email: 'cache-admin@example.com', password: 'cache-admin-password' };

  beforeAll(async () => {
    mkdirSync('.data', { recursive: true });
    handle = await createTestDatabase();
    await seedDatabase(handle.db);
    await ensureAdmin(handle.db, { ...admin, name: 'Cache Admin' });
    provideSharedDatabase(handle);
    const site = await ensureSiteBuild('.data/test-site', 'http://127.0.0.1');
    local = await startLocalServer({ db: handle.db, port: 0, host: '127.0.0.1', site });
    const signIn = await fetch(`${local.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: local.url },
      body: JSON.stringify(admin),
    });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }, 240_000);

  afterAll(async () => {
    await local?.close();
    await handle?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${local.url}${path}`, { headers });
  const adminPost = (path: string, body: unknown) =>
    fetch(`${local.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: local.url, cookie },
      body: JSON.stringify(body),
    });

  it('renders a category page once, then serves it from the cache, compressed, with an ETag', async () => {
    const first = await get('/mechanic/');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    // CDN-only headers stay on the server side, as on Netlify.
    expect(first.headers.get('netlify-cache-tag')).toBeNull();
    expect(first.headers.get('netlify-cdn-cache-control')).toBeNull();
    const html = await first.text();
    expect(html).toContain('Yaba Precision Auto Workshop');

    const again = await get('/mechanic/', { 'accept-encoding': 'br' });
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('content-encoding')).toBe('br');
    const etag = again.headers.get('etag')!;
    // fetch() decodes br itself: the decoded body is the page as first rendered.
    expect(await again.text()).toBe(html);
    expect((await get('/mechanic/', { 'if-none-match': etag })).status).toBe(304);
  });

  it('shows an approval on the business page, its category page and the home counts at the next request', async () => {
    const pending = await insertBusiness(handle.db, {
      business_name: 'Freshly Approved Tyres',
      business_type: 'Tyre Services',
      services: 'Tyre sales and wheel balancing',
      tags: ['Tyre Services', 'Parts'],
      status: 'pending',
      slug: 'freshly-approved-tyres',
    });
    await get('/parts/');
    await get('/');
    expect((await get('/business/freshly-approved-tyres/')).status).toBe(404);
    const before = local.pageCache.stats().purged;

    const approved = await adminPost(`/api/admin/listings/${pending.id}/status`, {
      status: 'approved',
    });
    expect(approved.status).toBe(200);
    expect(local.pageCache.stats().purged).toBeGreaterThan(before);

    const parts = await get('/parts/');
    expect(parts.headers.get('x-cache')).toBe('MISS');
    expect(await parts.text()).toContain('Freshly Approved Tyres');
    const page = await get('/business/freshly-approved-tyres/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Freshly Approved Tyres');
    expect((await get('/')).headers.get('x-cache')).toBe('MISS');
    // Pages it is not on keep their cache.
    expect((await get('/mechanic/')).headers.get('x-cache')).toBe('HIT');
  });

  it('compresses a page it does not cache (a form page, private to its visitor)', async () => {
    const plain = await get('/register/');
    expect(plain.headers.get('cache-control')).toBe('private, no-store');
    const size = (await plain.arrayBuffer()).byteLength;
    const compressed = await get('/register/', { 'accept-encoding': 'br' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(Number(compressed.headers.get('content-length'))).toBeLessThan(size / 3);
    expect(await compressed.text()).toContain('List Your Business');
  });

  it('answers 404 (not cached) for unknown listings, articles, pages past the end and routes', async () => {
    for (const path of [
      '/business/no-such-business/',
      '/articles/no-such-article/',
      '/mechanic/page/999/',
      '/mechanic/page/1/',
      '/spaceships/page/2/',
      '/no/such/route',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    expect(await (await get('/articles/no-such-article/')).text()).toContain('Article Not Found');
  });

  it('serves a sitemap index whose files list every approved business page', async () => {
    const index = await (await get('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(files).toContain('/sitemaps/pages.xml');
    const businessFiles = files.filter((f) => f.startsWith('/sitemaps/businesses/'));
    const locs: string[] = [];
    for (const file of businessFiles) {
      const xml = await (await get(file)).text();
      locs.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
    }
    const approved = await handle.db
      .selectFrom('business_directory')
      .select('slug')
      .where('slug', 'is not', null)
      .execute();
    expect(locs.sort()).toEqual(approved.map((b) => `/business/${b.slug}/`).sort());
  });
});
