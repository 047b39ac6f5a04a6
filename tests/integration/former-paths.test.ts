import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { ROUTES } from '../../functions/routes.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * ADR 086 (issue 39.2): listings have one name in URLs, and the paths they replaced keep
 * answering for one release: the same handler behind the same guard, marked deprecated with a
 * link to the new path.
 */

let handle: DatabaseHandle;
let call: ReturnType<typeof testApi>['call'];

beforeAll(async () => {
  handle = await createTestDatabase();
  call = testApi(handle.db).call;
  await signInAdmin(handle.db, call, { email: 'former-admin@example.com', password: 'former-1' });
});
afterAll(() => handle.close());

const formerly = ROUTES.filter((route) => route.formerly);
const ID = '00000000-0000-4000-8000-000000000000';
const fill = (path: string, id: string) => path.replace(/:\w+/g, id);

describe('former API paths (ADR 086)', () => {
  it('name a listing "listings" in every new path', () => {
    expect(formerly.length).toBeGreaterThan(15);
    for (const route of formerly) expect(route.path, route.formerly).toMatch(/\/listings(\/|$)/);
  });

  it.each(formerly.map((route) => [`${route.method} ${route.formerly}`, route] as const))(
    '%s answers a visitor as its new path does',
    async (_name, route) => {
      const init = route.method === 'GET' ? {} : { method: route.method, json: {} };
      const now = await call(`/api${fill(route.path, ID)}`, init);
      const before = await call(`/api${fill(route.formerly!, ID)}`, init);
      expect(before.status).toBe(now.status);
      expect(before.body?.error?.code).toBe(now.body?.error?.code);
      expect(now.headers.get('deprecation')).toBeNull();
      expect(before.headers.get('deprecation')).toMatch(/^@\d+$/);
      expect(before.headers.get('link')).toBe(
        `</api${fill(route.path, ID)}>; rel="successor-version"`,
      );
    },
  );

  it('serve a listing, its claim target and the admin list at the old URLs', async () => {
    const listing = await insertBusiness(handle.db, {
      status: 'approved',
      business_name: 'Former Path Motors',
      slug: 'former-path-motors',
    });
    const page = await call(`/api/directory/${listing.id}`);
    expect(page.status).toBe(200);
    expect(page.body.business.business_name).toBe('Former Path Motors');
    expect(page.headers.get('link')).toBe(`</api/listings/${listing.id}>; rel="successor-version"`);

    const target = await call('/api/claims/listing/former-path-motors', { as: 'admin' });
    expect(target.status).toBe(200);
    expect(target.body.listing.id).toBe(listing.id);
    expect(target.headers.get('link')).toBe(
      '</api/listings/former-path-motors/claim>; rel="successor-version"',
    );

    const admin = await call('/api/admin/registrations?status=approved', { as: 'admin' });
    const current = await call('/api/admin/listings?status=approved', { as: 'admin' });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual(current.body);
  });
});
