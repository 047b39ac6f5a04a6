import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { ROUTES, type Route } from '../../functions/routes.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * Issue 12.3: every read route of the API (enumerated from the route table), fuzzed in its query
 * string and path parameters as the admin and as a visitor: NUL and other control characters,
 * percent sequences that are not UTF-8 (`%FF`, `%ED%A0%80`), broken escapes, huge and repeated
 * parameters. Never a 5xx; every failure in the error envelope; malformed text is a 400.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
let listingId = '';

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db);
  await ensureAdmin(handle.db, { email: 'read-admin@example.com', password: 'read-admin-1' });
  const signIn = await api.call('/api/auth/sign-in', {
    method: 'POST',
    as: 'admin',
    json: { email: 'read-admin@example.com', password: 'read-admin-1' },
  });
  expect(signIn.status).toBe(200);
  listingId = (await insertBusiness(handle.db, { status: 'approved' })).id;
  await insertBusiness(handle.db, { status: 'approved', featured: true, display_order: 1 });
});
afterAll(() => handle?.close());

const READ_ROUTES = ROUTES.filter((route) => route.method === 'GET');

/** Raw (already encoded) pieces of a query string or path: the URL carries them as they are. */
const MALFORMED = [
  '%00',
  'a%00b',
  '%FF',
  '%C3%28',
  '%ED%A0%80',
  '%F0%9F%98',
  '%E',
  '%',
  '%%32%30',
  '%0B',
  '%1F',
  '%C2%85',
  '%7F',
] as const;
const PLAIN = [
  '',
  'mechanic',
  'car%20repair',
  'panel+beating',
  '%F0%9F%9A%97',
  '%E2%80%AE',
  '%0A',
  '%09',
  "'%20or%201%3D1%20--",
  '%25',
  '%5C',
  '_',
  '%2A',
  '-1',
  '0',
  '1e9',
  '99999999999999999999',
  'all',
  'true',
  'mechanic',
  '00000000-0000-4000-8000-000000000000',
  'x'.repeat(5000),
] as const;
const KEYS = [
  'q',
  'type',
  'location',
  'area',
  'category',
  'cursor',
  'page',
  'limit',
  'featured',
  'status',
  'search',
] as const;

const rawValue = fc.oneof(
  { arbitrary: fc.constantFrom(...MALFORMED), weight: 2 },
  { arbitrary: fc.constantFrom(...PLAIN), weight: 2 },
  { arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent), weight: 1 },
  {
    arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((s) => {
      try {
        return encodeURIComponent(s);
      } catch {
        return '%ED%A0%80'; // a lone surrogate: what a browser would send as bytes
      }
    }),
    weight: 1,
  },
);
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.constantFrom(...MALFORMED)), rawValue), {
    maxLength: 5,
  })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

const pathOf = (route: Route, id: string) => `/api${route.path.replace(/:[a-zA-Z]+/g, () => id)}`;

const isMalformed = (raw: string) => {
  for (const part of raw.split(/[&=/?]/)) {
    try {
      if (/(?![\t\n\r])\p{Cc}/u.test(decodeURIComponent(part.replaceAll('+', ' ')))) return true;
    } catch {
      return true;
    }
  }
  return false;
};

describe('every read route, fuzzed in its query string and path (issue 12.3)', () => {
  it('has the read routes of the table', () => {
    expect(READ_ROUTES.length).toBeGreaterThan(10);
  });

  it.each(READ_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s never answers 5xx; malformed text is a 400 in the envelope',
    async (_name, route) => {
      const id = fc.oneof(
        { arbitrary: fc.constant(listingId), weight: 2 },
        { arbitrary: fc.constantFrom(...MALFORMED, 'how-to-x', 'x'.repeat(300)), weight: 2 },
        {
          arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
          weight: 1,
        },
      );
      await fc.assert(
        fc.asyncProperty(id, query, fc.constantFrom('admin', undefined), async (i, q, as) => {
          const path = `${pathOf(route, i)}${q ? `?${q}` : ''}`;
          const response = await api.call(path, { ...(as ? { as } : {}) });
          expect(response.status, `${path}: ${response.text.slice(0, 300)}`).toBeLessThan(500);
          if (response.status >= 400) {
            expect(response.body.error).toMatchObject({
              code: expect.any(String),
              message: expect.any(String),
              requestId: expect.any(String),
            });
          }
          if (isMalformed(route.path.includes(':') ? `${i}&${q}` : q)) {
            expect(response.status, path).toBe(400);
            expect(response.body.error.code).toBe('BAD_REQUEST');
          }
        }),
        { numRuns: Number(process.env.PROPERTY_RUNS) || 60 },
      );
    },
  );

  it('answers the audit cases with 400: NUL and invalid UTF-8 in search and the directory', async () => {
    for (const path of [
      '/api/directory/search?q=%00',
      '/api/directory/search?q=abc%00def',
      '/api/directory/search?q=%FF',
      '/api/directory/search?q=brake&type=%00',
      '/api/directory/search?q=brake&location=%C3%28',
      '/api/directory?type=%00',
      '/api/directory?location=%ED%A0%80',
      '/api/directory?cursor=%00',
      `/api/listings/${'%FF'}`,
      '/api/articles/%00',
    ]) {
      const response = await api.call(path);
      expect(response.status, `${path}: ${response.text}`).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'BAD_REQUEST', message: 'Malformed URL.' });
    }
  });
});
