import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { purgeNetlifyCdn } from '../../netlify/purge.ts';
import { ALL } from '../../src/pages/api/[...path].ts';
import { insertBusiness } from '../factories/business.ts';
import { startFakePurgeApi, type FakePurgeApi } from '../fakes/netlify-purge.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * Data changes reach the deployed site by purge (ADR 011, ADR 017): inside a Netlify function the
 * API's `invalidate` is `purgeNetlifyCdn`, which calls `purgeCache` from @netlify/functions; here
 * the real client talks to a loopback fake of Netlify's purge API (NETLIFY_API_URL) and the test
 * reads what it sent. The `Netlify` global is what Netlify's functions runtime defines.
 */

const TOKEN = 'purge-token-of-this-deploy';
const SITE_ID = '0a1b2c3d-site';

let handle: DatabaseHandle;
let fake: FakePurgeApi;
let call: ReturnType<typeof testApi>['call'];
const AS = { as: 'admin' } as const;

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  [handle, fake] = await Promise.all([createTestDatabase(), startFakePurgeApi()]);
  ({ call } = testApi(handle.db, { invalidate: purgeNetlifyCdn }));
  await signInAdmin(handle.db, call, {
    email: 'cdn-admin@example.com',
    password: 'cdn-admin-pass-1',
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await fake?.stop();
  await handle?.close();
});
beforeEach(() => {
  fake.reset();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.stubGlobal('Netlify', { env: { get: () => undefined }, context: null });
  vi.stubEnv('NETLIFY_PURGE_API_TOKEN', TOKEN);
  vi.stubEnv('SITE_ID', SITE_ID);
  vi.stubEnv('NETLIFY_API_URL', fake.baseUrl);
});

/** The tag lists the fake received, one per purge request, after checking each request's form. */
function sentTags(): string[][] {
  return fake.requests.map((request) => {
    expect(request).toMatchObject({
      method: 'POST',
      path: '/api/v1/purge',
      authorization: `Bearer ${TOKEN}`,
      contentType: 'application/json; charset=utf8',
    });
    expect(request.body.site_id).toBe(SITE_ID);
    return request.body.cache_tags ?? [];
  });
}

describe('purges sent to Netlify by the API function', () => {
  it('an approval purges the business page, the directory API answers, its category, home and the sitemap', async () => {
    const business = await insertBusiness(handle.db, {
      status: 'pending',
      business_name: 'Purged Tyres',
      business_type: 'Tyre Services',
      tags: ['Tyre Services', 'Parts'],
      email: null,
    });
    const { status } = await call(`/api/admin/listings/${business.id}/status`, {
      method: 'POST',
      json: { status: 'approved' },
      ...AS,
    });
    expect(status).toBe(200);
    expect(sentTags()).toEqual([
      [`listing-${business.id}`, 'directory', 'category-parts', 'home', 'sitemap'],
    ]);
  });

  it('an edit that moves a listing purges the page and both categories, not the sitemap', async () => {
    const business = await insertBusiness(handle.db, { status: 'approved', email: null });
    const { status } = await call(`/api/admin/listings/${business.id}`, {
      method: 'PATCH',
      json: {
        business_name: 'Moved Panel Works',
        phone: '0803 555 0101',
        display_name: '',
        email: '',
        address: '',
        city: 'Yaba',
        state: 'Lagos',
        website: '',
        description: 'Panel beating and spraying near Yaba.',
        services: 'Panel beating',
        business_categories: ['Body Work & Paint'],
        additional_tags: [],
        contact_visibility: 'public',
      },
      ...AS,
    });
    expect(status).toBe(200);
    expect(sentTags()).toEqual([
      [`listing-${business.id}`, 'directory', 'category-mechanic', 'category-bodywork', 'home'],
    ]);
  });

  it('publishing an article purges its page, the article list, home and the sitemap', async () => {
    const { status, body } = await call('/api/admin/articles', {
      method: 'POST',
      json: {
        title: 'Purged Article About Brakes',
        slug: '',
        content: 'Check your brake pads before the rainy season.',
        excerpt: 'Brakes and rain.',
        author: 'Ngozi',
        category: 'Car Care',
        read_time: 3,
        published: true,
        featured: false,
        image_url: null,
        meta_title: null,
        meta_description: null,
      },
      ...AS,
    });
    expect(status).toBe(201);
    expect(sentTags()).toEqual([[`article-${body.article.id}`, 'articles', 'home', 'sitemap']]);
  });

  it('a draft sends nothing: no page shows it', async () => {
    const { status } = await call('/api/admin/articles', {
      method: 'POST',
      json: {
        title: 'Unpublished Draft',
        slug: '',
        content: 'Not yet.',
        excerpt: 'Draft.',
        author: 'Ngozi',
        category: 'Car Care',
        read_time: 1,
        published: false,
        featured: false,
        image_url: null,
        meta_title: null,
        meta_description: null,
      },
      ...AS,
    });
    expect(status).toBe(201);
    expect(fake.requests).toEqual([]);
  });

  it('a failed purge (API answers 500) is logged and the write is kept', async () => {
    fake.fail(500);
    vi.stubEnv('LOG_LEVEL', 'error');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const business = await insertBusiness(handle.db, { status: 'pending', email: null });
      const { status, body } = await call(`/api/admin/listings/${business.id}/status`, {
        method: 'POST',
        json: { status: 'approved' },
        ...AS,
      });
      expect(status).toBe(200);
      expect(body.registration.status).toBe('approved');
      expect(fake.requests).toHaveLength(1);
      const logged = errors.mock.calls.map((args) => JSON.parse(String(args[0])));
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 'error',
          message: 'cache purge failed',
          tags: expect.arrayContaining([`listing-${business.id}`]),
        }),
      );
    } finally {
      errors.mockRestore();
    }
  });

  it('outside a Netlify function nothing is sent (no CDN caches the pages there)', async () => {
    vi.unstubAllGlobals();
    await purgeNetlifyCdn(['home']);
    expect(fake.requests).toEqual([]);
  });
});

describe('the API mount on a deployment without a database', () => {
  it('answers every call 503 in the error envelope, naming the variables', async () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('NETLIFY_DATABASE_URL', '');
    for (const [method, path] of [
      ['GET', '/api/directory'],
      ['GET', '/api/no/such/route'],
      ['POST', '/api/contacts'],
    ] as const) {
      const request = new Request(`https://lagos.example${path}`, {
        method,
        headers: { origin: 'https://lagos.example', 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      const response = await ALL({ request, clientAddress: '203.0.113.9' } as Parameters<
        typeof ALL
      >[0]);
      expect(response.status, path).toBe(503);
      const body = await response.json();
      expect(body.error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/DATABASE_URL.*NETLIFY_DATABASE_URL/),
      });
      expect(body.error.requestId).toEqual(expect.any(String));
    }
  });
});
