import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { ROUTES } from '../../functions/routes.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Every route the router declares as `user` or `admin` is enumerated here, so a new protected
 * route is covered automatically: visitors get 401, plain users 403 on admin routes, and the
 * admin passes the guard.
 */
const protectedRoutes = ROUTES.filter((route) => route.access !== 'public');
const samplePath = (path: string) =>
  path.replace(/:([a-zA-Z]+)/g, () => '00000000-0000-4000-8000-000000000000');

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;

beforeAll(async () => {
  handle = await createTestDatabase();
  api = testApi(handle.db);
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  await ensureAdmin(handle.db, { email: 'boss@example.com', password: 'boss-pass-1' });
  await api.call('/api/auth/sign-in', {
    method: 'POST',
    as: 'admin',
    json: { email: 'boss@example.com', password: 'boss-pass-1' },
  });
  await api.call('/api/auth/sign-up', {
    method: 'POST',
    as: 'user',
    json: { email: 'plain@example.com', password: 'plain-pass-1' },
  });
  // A user whose e-mail is confirmed passes every `user` route (contact reveal needs it).
  await api.verify('plain@example.com');
});
afterAll(() => handle.close());

describe('authorization matrix', () => {
  it('has admin routes to check', () => {
    expect(protectedRoutes.filter((r) => r.access === 'admin').length).toBeGreaterThan(0);
  });

  it('covers the admin-at-scale routes (ADR 014) as admin-only', () => {
    const admin = new Set(
      protectedRoutes.filter((r) => r.access === 'admin').map((r) => `${r.method} ${r.path}`),
    );
    for (const route of [
      'GET /admin/counts',
      'GET /admin/listings/export.csv',
      'GET /admin/users/export.csv',
      'POST /admin/listings/bulk/preview',
      'POST /admin/listings/bulk',
      'GET /admin/service-requests/:id/matches',
      'POST /admin/service-requests/:id/forward',
    ])
      expect(admin.has(route), route).toBe(true);
  });

  it('covers the Reports tab routes (issue 16.3, ADR 019) as admin-only', () => {
    const admin = new Set(
      protectedRoutes.filter((r) => r.access === 'admin').map((r) => `${r.method} ${r.path}`),
    );
    for (const route of [
      'GET /admin/reports',
      'GET /admin/reports/closed',
      'POST /admin/reports/:id/resolve',
      'POST /admin/reports/:id/dismiss',
      'POST /admin/reports/:id/suspend',
    ])
      expect(admin.has(route), route).toBe(true);
  });

  it('covers the Insights tab routes (issue 27.5, ADR 044) as admin-only', () => {
    const admin = new Set(
      protectedRoutes.filter((r) => r.access === 'admin').map((r) => `${r.method} ${r.path}`),
    );
    for (const route of [
      'GET /admin/insights',
      'GET /admin/insights/listings',
      'GET /admin/insights/areas',
      'GET /admin/insights/searches',
    ])
      expect(admin.has(route), route).toBe(true);
  });

  it('covers the Search words tab routes (issue 35.7, ADR 062) as admin-only', () => {
    const admin = new Set(
      protectedRoutes.filter((r) => r.access === 'admin').map((r) => `${r.method} ${r.path}`),
    );
    for (const route of [
      'GET /admin/search-words',
      'POST /admin/search-words',
      'DELETE /admin/search-words/:id',
    ])
      expect(admin.has(route), route).toBe(true);
  });

  it('covers the claims routes (ADR 018): the Claims tab admin-only, claiming and editing signed-in', () => {
    const byRoute = new Map(protectedRoutes.map((r) => [`${r.method} ${r.path}`, r.access]));
    for (const route of [
      'GET /admin/claims',
      'POST /admin/claims/:id/approve',
      'POST /admin/claims/:id/reject',
      'GET /admin/listing-changes',
      'POST /admin/listing-changes/:id/approve',
      'POST /admin/listing-changes/:id/reject',
    ])
      expect(byRoute.get(route), route).toBe('admin');
    for (const route of [
      'GET /listings/:id/claim',
      'POST /claims',
      'POST /claims/:id/verify',
      'GET /account/listings',
      'POST /account/listings/:id/changes',
    ])
      expect(byRoute.get(route), route).toBe('user');
  });

  it.each(protectedRoutes.map((r) => [r.method, r.path, r.access] as const))(
    '%s %s (%s)',
    async (method, path, access) => {
      const url = `/api${samplePath(path)}`;
      const init = { method, ...(method === 'GET' ? {} : { json: {} }) };

      const anonymous = await api.call(url, init);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');

      const user = await api.call(url, { ...init, as: 'user' });
      if (access === 'admin') {
        expect(user.status).toBe(403);
        expect(user.body.error.code).toBe('FORBIDDEN');
      } else {
        expect([401, 403]).not.toContain(user.status);
      }

      const admin = await api.call(url, { ...init, as: 'admin' });
      expect([401, 403]).not.toContain(admin.status);
    },
  );

  it('lets the admin list users with roles and profiles', async () => {
    const { status, body } = await api.call('/api/admin/users', { as: 'admin' });
    expect(status).toBe(200);
    const byEmail = Object.fromEntries(
      body.users.map((u: { email: string; role: string }) => [u.email, u]),
    );
    expect(byEmail['boss@example.com']).toMatchObject({ role: 'admin' });
    expect(byEmail['plain@example.com']).toMatchObject({ role: 'user', display_name: 'plain' });
    expect(byEmail['plain@example.com'].profile_id).toBeTruthy();
  });

  it('ensureAdmin promotes an existing account without changing its password', async () => {
    const result = await ensureAdmin(handle.db, { email: 'PLAIN@example.com' });
    expect(result.created).toBe(false);
    const session = await api.call('/api/auth/sign-in', {
      method: 'POST',
      as: 'promoted',
      json: { email: 'plain@example.com', password: 'plain-pass-1' },
    });
    expect(session.body.user.isAdmin).toBe(true);
    expect((await api.call('/api/admin/users', { as: 'promoted' })).status).toBe(200);
  });
});
