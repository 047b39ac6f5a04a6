import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import type { Database } from '../../functions/db/database.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { type LocalServer, startLocalServer } from '../../server/local-server.ts';
import type { SiteBuild } from '../../server/site-build.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Issue 28.2, ADR 033: the public list and search API served like the pages. On the local server
 * (`npm start`) a public directory read is kept in the page cache under the pages' tags: a hit
 * and a 304 cost no database query, and the writes that purge the pages purge it. The server runs
 * without a site build (no page is asked for): the API, its database and the cache are real.
 */
describe('public API reads cached by tag on the local server', () => {
  let handle: DatabaseHandle;
  let local: LocalServer;
  let siteDir: string;
  let cookie = '';
  let queries = 0;
  const admin = { email: 'api-cache-admin@example.com', password: 'api-cache-admin-password' };

  beforeAll(async () => {
    handle = await createTestDatabase();
    await ensureAdmin(handle.db, { ...admin, name: 'API Cache Admin' });
    // Every statement the server sends, counted.
    const counted: Kysely<Database> = handle.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    siteDir = mkdtempSync(path.join(tmpdir(), 'api-cache-site-'));
    const site: SiteBuild = {
      dir: siteDir,
      clientDir: siteDir,
      built: false,
      ms: 0,
      staticHeaders: {},
      render: async () => undefined,
    };
    local = await startLocalServer({ db: counted, port: 0, host: '127.0.0.1', site });
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
  }, 120_000);

  afterAll(async () => {
    await local?.close();
    await handle?.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  /** A GET and the number of database statements it cost. */
  async function get(pathAndQuery: string, headers: Record<string, string> = {}) {
    const before = queries;
    const response = await fetch(`${local.url}${pathAndQuery}`, { headers });
    const body = response.status === 304 ? '' : await response.text();
    return { response, body, queries: queries - before };
  }
  const adminPost = (pathAndQuery: string, body: unknown) =>
    fetch(`${local.url}${pathAndQuery}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: local.url, cookie },
      body: JSON.stringify(body),
    });

  it('answers a list once from the database, then from memory, and a 304 to its ETag, with no query', async () => {
    await insertBusiness(handle.db, { business_name: 'Cached Mechanic One', slug: 'cached-one' });
    const first = await get('/api/directory?category=mechanic&page=1');
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('x-cache')).toBe('MISS');
    expect(first.queries).toBeGreaterThan(0);
    expect(first.body).toContain('Cached Mechanic One');
    // Browsers revalidate every time; the CDN-only headers never reach them (as on Netlify).
    expect(first.response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    for (const name of ['netlify-cache-tag', 'netlify-cdn-cache-control', 'netlify-vary'])
      expect(first.response.headers.get(name), name).toBeNull();
    const etag = first.response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get('/api/directory?category=mechanic&page=1');
    expect(again.response.headers.get('x-cache')).toBe('HIT');
    expect(again.response.headers.get('etag')).toBe(etag);
    expect(again.body).toBe(first.body);
    expect(again.queries).toBe(0);

    // The 30-second refresh of an unchanged page (SPEC §9): 304, no body, no query.
    const refresh = await get('/api/directory?category=mechanic&page=1', { 'if-none-match': etag });
    expect(refresh.response.status).toBe(304);
    expect(refresh.response.headers.get('x-cache')).toBe('HIT');
    expect(refresh.queries).toBe(0);
    // Parameters the answer does not depend on share its entry.
    const tracked = await get('/api/directory?page=1&utm_source=x&category=mechanic');
    expect(tracked.response.headers.get('x-cache')).toBe('HIT');
    expect(tracked.queries).toBe(0);
  });

  it('keys a repeated parameter on its first value, the one the API reads', async () => {
    await insertBusiness(handle.db, {
      business_name: 'Parts Only Depot',
      business_type: 'Auto Parts & Accessories',
      business_categories: ['Auto Parts & Accessories'],
      tags: ['Auto Parts & Accessories'],
      services: 'Genuine spare parts',
    });
    const mixed = await get('/api/directory?category=mechanic&category=parts&page=1');
    expect(mixed.body).not.toContain('Parts Only Depot');
    const parts = await get('/api/directory?category=parts&page=1');
    expect(parts.response.headers.get('x-cache')).toBe('MISS');
    expect(parts.body).toContain('Parts Only Depot');
  });

  it('purges by the pages’ tags: an approval refreshes its category’s lists and every search, not other categories', async () => {
    await get('/api/directory?category=parts&page=1');
    await get('/api/directory?category=mechanic&page=1');
    const search = await get('/api/directory/search?q=freshly');
    expect(JSON.parse(search.body).total).toBe(0);
    expect((await get('/api/directory/search?q=freshly')).response.headers.get('x-cache')).toBe(
      'HIT',
    );

    const pending = await insertBusiness(handle.db, {
      business_name: 'Freshly Approved Mechanic',
      status: 'pending',
    });
    const approved = await adminPost(`/api/admin/listings/${pending.id}/status`, {
      status: 'approved',
    });
    expect(approved.status).toBe(200);

    const list = await get('/api/directory?category=mechanic&page=1');
    expect(list.response.headers.get('x-cache')).toBe('MISS');
    expect(list.body).toContain('Freshly Approved Mechanic');
    const found = await get('/api/directory/search?q=freshly');
    expect(found.response.headers.get('x-cache')).toBe('MISS');
    expect(JSON.parse(found.body).total).toBe(1);
    expect(
      (await get('/api/directory?category=parts&page=1')).response.headers.get('x-cache'),
    ).toBe('HIT');
    const business = await get(`/api/listings/${pending.id}`);
    expect(business.response.status).toBe(200);
    expect((await get(`/api/listings/${pending.id}`)).queries).toBe(0);
  });

  it('caches the public view only: contacts of a protected listing come from their own endpoint, never cached', async () => {
    const hidden = await insertBusiness(handle.db, {
      business_name: 'Quiet Protected Garage',
      email: 'quiet-owner@example.com',
      phone: '+234 802 000 1111',
      contact_visibility: 'registered_users_only',
    });
    // Signed in or not, the search answer is the same public body.
    const signedIn = await get('/api/directory/search?q=quiet+protected', { cookie });
    const anonymous = await get('/api/directory/search?q=quiet+protected');
    expect(anonymous.response.headers.get('x-cache')).toBe('HIT');
    expect(anonymous.body).toBe(signedIn.body);
    expect(signedIn.body).toContain('Quiet Protected Garage');
    expect(signedIn.body).not.toContain('quiet-owner@example.com');
    expect(signedIn.body).not.toContain('000 1111');

    const contact = await get(`/api/listings/${hidden.id}/contact`, { cookie });
    expect(contact.response.status).toBe(200);
    expect(contact.body).toContain('quiet-owner@example.com');
    expect(contact.response.headers.get('cache-control')).toBe('private, no-store');
    expect(contact.response.headers.get('x-cache')).toBeNull();
    expect((await get(`/api/listings/${hidden.id}/contact`, { cookie })).queries).toBeGreaterThan(
      0,
    );
    expect((await get(`/api/listings/${hidden.id}/contact`)).response.status).toBe(401);
  });

  it('answers fresh for Cache-Control: no-cache, and leaves uncacheable reads alone', async () => {
    await get('/api/directory/search?q=mechanic');
    const fresh = await get('/api/directory/search?q=mechanic', { 'cache-control': 'no-cache' });
    expect(fresh.response.headers.get('x-cache')).toBe('MISS');
    expect(fresh.queries).toBeGreaterThan(0);
    expect(fresh.response.headers.get('server-timing')).toMatch(
      /^search;dur=[\d.]+;desc="ranked \d+/,
    );
    const refused = await get('/api/directory/search?limit=500&q=mechanic');
    expect(refused.response.status).toBe(400);
    expect(refused.response.headers.get('x-cache')).toBeNull();
  });
});

describe('public API reads: ETag and 304 at the origin (the CDN asks the function)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('sends the CDN headers, tags and parameters, and 304 to a matching If-None-Match', async () => {
    const { api } = testApi(handle.db);
    await insertBusiness(handle.db, { business_name: 'Origin Etag Motors' });
    const first = await api(new Request('http://localhost/api/directory?category=mechanic'));
    expect(first.status).toBe(200);
    expect(first.headers.get('netlify-cache-tag')).toBe('category-mechanic');
    expect(first.headers.get('netlify-cdn-cache-control')).toMatch(/public, durable, s-maxage=/);
    expect(first.headers.get('netlify-vary')).toBe(
      'query=category|type|location|area|featured|cursor|page|limit|sort|open',
    );
    const etag = first.headers.get('etag')!;
    const again = await api(
      new Request('http://localhost/api/directory?category=mechanic', {
        headers: { 'if-none-match': `W/${etag}, "other"` },
      }),
    );
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    const tags = async (query: string) =>
      (await api(new Request(`http://localhost/api/directory${query}`))).headers.get(
        'netlify-cache-tag',
      );
    expect(await tags('?type=Mechanic')).toBe('category-mechanic');
    expect(await tags('?category=mechanic&area=ikeja')).toBe('category-mechanic');
    expect(await tags('?location=ikeja')).toBe('directory');
    expect(await tags('')).toBe('directory');
    expect(await tags('/featured')).toBe('featured');
    const search = await api(new Request('http://localhost/api/directory/search?q=etag'));
    expect(search.headers.get('netlify-cache-tag')).toBe('directory');
    expect(search.headers.get('netlify-vary')).toBe(
      'query=q|type|location|area|sort|open|cursor|limit',
    );
  });
});
