import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import type { BusinessStatus } from '../../functions/db/database.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, testApi } from '../setup/test-db.ts';

/**
 * The admin dashboard's tab counts (SPEC §2 "Business Listings Admin" tiles, issue 11.5): one
 * grouped query per table, filtered by the search while it is active.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];
const AS = { as: 'admin' } as const;

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const names = (list: { business_name: string }[]) => list.map((b) => b.business_name);

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  handle = await createTestDatabase();
  api = testApi(handle.db);
  call = api.call;
  await ensureAdmin(handle.db, { email: 'lists-admin@example.com', password: 'lists-pass-1' });
  const signIn = await call('/api/auth/sign-in', {
    method: 'POST',
    ...AS,
    json: { email: 'lists-admin@example.com', password: 'lists-pass-1' },
  });
  expect(signIn.status).toBe(200);
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.deleteFrom('business_registrations').execute();
});

/** `n` listings of one status, the first the newest, named `${prefix} 0..n-1`. */
async function seed(prefix: string, status: BusinessStatus, n: number, extra = {}) {
  const made = [];
  for (let i = 0; i < n; i += 1)
    made.push(
      await insertBusiness(handle.db, {
        business_name: `${prefix} ${i}`,
        status,
        created_at: minutesAgo(i + 1),
        ...extra,
      }),
    );
  return made;
}

describe('GET /api/admin/registrations (paged, SQL search)', () => {
  it('pages one status newest first: no duplicates or gaps, total and page echoed', async () => {
    await seed('Approved Motors', 'approved', 7);
    await seed('Pending Motors', 'pending', 2);
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const { status, body } = await call(
        `/api/admin/registrations?status=approved&limit=3&page=${page}`,
        AS,
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ total: 7, page, limit: 3 });
      expect(body.registrations.length).toBe(page < 3 ? 3 : 1);
      for (const r of body.registrations) expect(r.status).toBe('approved');
      seen.push(...names(body.registrations));
    }
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `Approved Motors ${i}`));
    const past = await call('/api/admin/registrations?status=approved&limit=3&page=4', AS);
    expect(past.body).toMatchObject({ registrations: [], total: 7 });
    const first = (await call('/api/admin/registrations?status=approved', AS)).body;
    expect(first.limit).toBe(24);
    expect(first.registrations[0]).not.toHaveProperty('admin_search_text');
    expect(first.registrations[0]).not.toHaveProperty('search_text');
  });

  it('refuses limits over 100 and unknown statuses (422), control characters (400)', async () => {
    for (const query of ['limit=101', 'limit=0', 'page=0', 'status=deleted']) {
      const { status, body } = await call(`/api/admin/registrations?${query}`, AS);
      expect(status, query).toBe(422);
      expect(body.error.code).toBe('VALIDATION_FAILED');
    }
    // A control character makes the URL malformed: refused before routing (issue 12.3).
    const control = await call('/api/admin/registrations?q=%01x', AS);
    expect(control.status).toBe(400);
    expect(control.body.error.code).toBe('BAD_REQUEST');
    expect((await call('/api/admin/registrations?limit=100', AS)).status).toBe(200);
  });

  it('searches name, type, city and services, any case, as a substring; not the description', async () => {
    await insertBusiness(handle.db, { business_name: 'Lagoon Crest Autos', status: 'approved' });
    await insertBusiness(handle.db, {
      business_name: 'Island Body Shop',
      business_type: 'Body Work & Paint',
      status: 'approved',
    });
    await insertBusiness(handle.db, {
      business_name: 'Yaba One',
      city: 'Yaba',
      status: 'approved',
    });
    await insertBusiness(handle.db, {
      business_name: 'Tyre Stop',
      services: 'Wheel ALIGNMENT and balancing',
      status: 'approved',
    });
    await insertBusiness(handle.db, {
      business_name: 'Quiet Garage',
      description: 'Mentions lagoon only in the description',
      status: 'approved',
    });
    await insertBusiness(handle.db, { business_name: '100% Motors', status: 'approved' });
    const search = async (q: string) =>
      names(
        (await call(`/api/admin/registrations?status=approved&q=${encodeURIComponent(q)}`, AS)).body
          .registrations,
      ).sort();
    expect(await search('LAGOON')).toEqual(['Lagoon Crest Autos']);
    expect(await search('body work')).toEqual(['Island Body Shop']);
    expect(await search('yaba')).toEqual(['Yaba One']);
    expect(await search('alignment')).toEqual(['Tyre Stop']);
    // LIKE pattern characters are literal.
    expect(await search('100%')).toEqual(['100% Motors']);
    expect(await search('%')).toEqual(['100% Motors']);
    expect(await search('_')).toEqual([]);
    // Blank is ignored (SPEC §5).
    expect((await search('   ')).length).toBe(6);
  });

  it('lists featured businesses by display_order', async () => {
    await insertBusiness(handle.db, { business_name: 'Second', featured: true, display_order: 2 });
    await insertBusiness(handle.db, { business_name: 'First', featured: true, display_order: 1 });
    await insertBusiness(handle.db, { business_name: 'Plain' });
    const { body } = await call('/api/admin/registrations?featured=true', AS);
    expect(names(body.registrations)).toEqual(['First', 'Second']);
    expect(body.total).toBe(2);
  });
});

describe('GET /api/admin/counts', () => {
  it('counts every tab, each status from one grouped query, filtered by the search', async () => {
    await seed('Lagoon Pending', 'pending', 2);
    await seed('Other Pending', 'pending', 1);
    await seed('Lagoon Approved', 'approved', 3);
    await seed('Other Suspended', 'suspended', 1);
    await handle.db
      .insertInto('contacts')
      .values([
        { name: 'Ada', email: 'ada@example.com', subject: 'About Lagoon', message: 'Hello there.' },
        { name: 'Bola', email: 'bola@example.com', subject: 'Other', message: 'Hello there.' },
      ])
      .execute();
    await handle.db
      .insertInto('articles')
      .values({ title: 'Lagoon driving', slug: 'lagoon-driving', content: 'x', category: 'Tips' })
      .execute();

    const all = await call('/api/admin/counts', AS);
    expect(all.status).toBe(200);
    expect(all.body.counts).toMatchObject({
      pending: 3,
      approved: 3,
      suspended: 1,
      rejected: 0,
      contacts: 2,
      articles: 1,
      requests: 0,
      users: 1,
    });
    const lagoon = await call('/api/admin/counts?q=lagoon', AS);
    expect(lagoon.body.counts).toEqual({
      pending: 2,
      approved: 3,
      suspended: 0,
      rejected: 0,
      requests: 0,
      users: 0,
      contacts: 1,
      articles: 1,
      claims: 0,
      reports: 0,
    });
    // The count of a tab is the total of its list with the same search.
    const list = await call('/api/admin/registrations?status=pending&q=lagoon', AS);
    expect(list.body.total).toBe(lagoon.body.counts.pending);
    const admin = await call('/api/admin/counts?q=ADMIN', AS);
    expect(admin.body.counts.users).toBe(1);
    await handle.db.deleteFrom('contacts').execute();
    await handle.db.deleteFrom('articles').where('slug', '=', 'lagoon-driving').execute();
  });
});
