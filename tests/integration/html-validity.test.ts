import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, provideSharedDatabase } from '../../functions/_lib/db.ts';
import { seedDatabase } from '../../functions/db/seeds/seed.ts';
import { type LocalServer, startLocalServer } from '../../server/local-server.ts';
import { ensureSiteBuild } from '../../server/site-build.ts';
import { CATEGORY_PAGES } from '../../common/schemas/categories.ts';
import { insertSyntheticListings } from '../../functions/db/seeds/synthetic-listings.ts';
import { checkHtml, formatHtmlMessages } from '../setup/html-checker.ts';
import { createTestDatabase, TEST_DB } from '../setup/test-db.ts';

/**
 * Issue 13.1: 0 errors from the Nu Html Checker on every page type, as the local server serves
 * them (on-demand pages rendered from the database, static pages from the build): home, every
 * category page and a numbered page 2, /featured/ and its page 2, the article list and an
 * article, a business page, the forms, auth and admin shells, promotional pages, the 404 page
 * and an unknown article. The seed plus 300 synthetic listings (a third featured) make every
 * list long enough to have page links.
 */
describe.runIf(TEST_DB === 'pglite')('Nu Html Checker on every page type', () => {
  let handle: DatabaseHandle;
  let local: LocalServer;

  beforeAll(async () => {
    mkdirSync('.data', { recursive: true });
    handle = await createTestDatabase();
    await seedDatabase(handle.db);
    await insertSyntheticListings(handle.db, 300, { featuredShare: 0.35 });
    provideSharedDatabase(handle);
    const site = await ensureSiteBuild('.data/test-site', 'http://127.0.0.1');
    local = await startLocalServer({ db: handle.db, port: 0, host: '127.0.0.1', site });
  }, 240_000);

  afterAll(async () => {
    await local?.close();
    await handle?.close();
  });

  const text = async (path: string, status = 200) => {
    const response = await fetch(`${local.url}${path}`);
    expect(response.status, path).toBe(status);
    return response.text();
  };
  const json = async <T>(path: string) => (await (await fetch(`${local.url}${path}`)).json()) as T;

  it('reports the errors issue 13 found (the checker really runs)', async () => {
    const errors = await checkHtml({
      '/bad/':
        '<!doctype html><html lang="en"><head><title>x</title></head><body><p aria-label="Rated 4 out of 5">★★★★</p></body></html><script>1</script>',
    });
    expect(errors.map((e) => e.url)).toEqual(['/bad/', '/bad/', '/bad/']);
    expect(formatHtmlMessages(errors)).toMatch(/aria-label[\s\S]*Stray start tag “script”/);
  });

  it('finds no errors', async () => {
    const { articles } = await json<{ articles: { slug: string }[] }>('/api/articles?limit=1');
    const { businesses } = await json<{ businesses: { slug: string }[] }>('/api/directory?limit=1');
    const paths = [
      '/',
      ...Object.values(CATEGORY_PAGES).map((c) => `${c.path}/`),
      '/emergency/',
      '/mechanic/page/2/',
      '/mechanic/?area=ikeja',
      '/featured/',
      '/featured/page/2/',
      '/articles/',
      `/articles/${articles[0]!.slug}/`,
      `/business/${businesses[0]!.slug}/`,
      '/register/',
      '/find-it/',
      '/contact/',
      '/auth/',
      '/user-auth/',
      '/auth/forgot-password/',
      '/auth/reset-password/',
      '/admin/',
      '/admin/sign-in/',
      '/bulk-registration/',
      '/download-social-post/',
      '/download-profile-picture/',
      '/download-logo/',
      '/view-social-post/',
      '/saved/',
      '/offline/',
    ];
    const pages: Record<string, string> = {};
    for (const path of paths) pages[path] = await text(path);
    pages['/no-such-page/ (404)'] = await text('/no-such-page/', 404);
    pages['/articles/no-such-article/ (404)'] = await text('/articles/no-such-article/', 404);
    // The numbered pages really have page links to validate.
    expect(pages['/mechanic/page/2/']).toContain('rel="prev"');
    expect(pages['/featured/page/2/']).toContain('aria-current="page"');

    const errors = await checkHtml(pages);
    expect(errors, formatHtmlMessages(errors)).toEqual([]);
  }, 120_000);
});
