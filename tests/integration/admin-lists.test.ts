import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import type { RegistrationStatus } from '../../functions/db/database.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * The admin's lists at scale (ADR 014, issue 11.5, 12.10): every tab is paged on the server, its
 * search (SPEC §5 "Admin search": case-insensitive substring over the tab's own fields) runs in
 * SQL, and the tab counts come from the database, filtered while a search is active (SPEC §2).
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
  await signInAdmin(handle.db, call, {
    email: 'lists-admin@example.com',
    password: 'lists-pass-1',
  });
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.deleteFrom('business_registrations').execute();
});

/** `n` listings of one status, the first the newest, named `${prefix} 0..n-1`. */
async function seed(prefix: string, status: RegistrationStatus, n: number, extra = {}) {
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

describe('GET /api/admin/listings (paged, SQL search)', () => {
  it('pages one status newest first: no duplicates or gaps, total and page echoed', async () => {
    await seed('Approved Motors', 'approved', 7);
    await seed('Pending Motors', 'pending', 2);
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const { status, body } = await call(
        `/api/admin/listings?status=approved&limit=3&page=${page}`,
        AS,
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ total: 7, page, limit: 3 });
      expect(body.registrations.length).toBe(page < 3 ? 3 : 1);
      for (const r of body.registrations) expect(r.status).toBe('approved');
      seen.push(...names(body.registrations));
    }
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `Approved Motors ${i}`));
    const past = await call('/api/admin/listings?status=approved&limit=3&page=4', AS);
    expect(past.body).toMatchObject({ registrations: [], total: 7 });
    const first = (await call('/api/admin/listings?status=approved', AS)).body;
    expect(first.limit).toBe(24);
    expect(first.registrations[0]).not.toHaveProperty('admin_search_text');
    expect(first.registrations[0]).not.toHaveProperty('search_text');
  });

  it('refuses limits over 100 and unknown statuses (422), control characters (400)', async () => {
    for (const query of ['limit=101', 'limit=0', 'page=0', 'status=deleted']) {
      const { status, body } = await call(`/api/admin/listings?${query}`, AS);
      expect(status, query).toBe(422);
      expect(body.error.code).toBe('VALIDATION_FAILED');
    }
    // A control character makes the URL malformed: refused before routing (issue 12.3).
    const control = await call('/api/admin/listings?q=%01x', AS);
    expect(control.status).toBe(400);
    expect(control.body.error.code).toBe('BAD_REQUEST');
    expect((await call('/api/admin/listings?limit=100', AS)).status).toBe(200);
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
        (await call(`/api/admin/listings?status=approved&q=${encodeURIComponent(q)}`, AS)).body
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
    const { body } = await call('/api/admin/listings?featured=true', AS);
    expect(names(body.registrations)).toEqual(['First', 'Second']);
    expect(body.total).toBe(2);
  });
});

describe('inbox lists: service requests and contacts', () => {
  it('pages pending newest first and handled most recently handled first, with tiles and search', async () => {
    await handle.db.deleteFrom('service_requests').execute();
    const rows = await handle.db
      .insertInto('service_requests')
      .values(
        [1, 2, 3, 4, 5, 6, 7].map((age) => ({
          customer_name: `Customer ${age}`,
          customer_email: `c${age}@example.com`,
          customer_phone: '0803 555 0101',
          customer_location: age === 3 ? 'Lekki Phase 1' : 'Yaba',
          services_requested: age === 5 ? ['Tyre Services'] : ['Auto Electrical'],
          additional_info: age === 6 ? 'Toyota CAMRY' : null,
          created_at: minutesAgo(age),
        })),
      )
      .returning(['id', 'customer_name'])
      .execute();
    // Handle 7 first, then 6: 6 is the most recently handled.
    for (const name of ['Customer 7', 'Customer 6']) {
      const id = rows.find((r) => r.customer_name === name)!.id;
      expect(
        (await call(`/api/admin/service-requests/${id}/handle`, { method: 'POST', ...AS })).status,
      ).toBe(200);
      await new Promise((r) => setTimeout(r, 5));
    }
    const pending = await call('/api/admin/service-requests?status=pending&limit=2&page=2', AS);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({
      total: 5,
      page: 2,
      limit: 2,
      stats: { total: 7, pending: 5, handled: 2 },
    });
    expect(
      pending.body.serviceRequests.map((r: { customer_name: string }) => r.customer_name),
    ).toEqual(['Customer 3', 'Customer 4']);
    expect(pending.body.serviceRequests[0].forwarded_count).toBe(0);
    const handled = await call('/api/admin/service-requests?status=handled&limit=5', AS);
    expect(
      handled.body.serviceRequests.map((r: { customer_name: string }) => r.customer_name),
    ).toEqual(['Customer 6', 'Customer 7']);
    const search = async (q: string) =>
      (
        await call(`/api/admin/service-requests?q=${encodeURIComponent(q)}`, AS)
      ).body.serviceRequests
        .map((r: { customer_name: string }) => r.customer_name)
        .sort();
    expect(await search('lekki')).toEqual(['Customer 3']);
    expect(await search('TYRE')).toEqual(['Customer 5']);
    expect(await search('camry')).toEqual(['Customer 6']);
    expect(await search('c2@')).toEqual(['Customer 2']);
    expect((await search('handled')).length).toBe(2);
    expect((await call('/api/admin/service-requests?status=done', AS)).status).toBe(422);
  });

  it('contacts: paged, searched over name, e-mail, subject, message, status and phone', async () => {
    await handle.db.deleteFrom('contacts').execute();
    await handle.db
      .insertInto('contacts')
      .values(
        [1, 2, 3, 4].map((age) => ({
          name: `Sender ${age}`,
          email: `s${age}@example.com`,
          phone: age === 2 ? '0803 999 1234' : null,
          subject: age === 3 ? 'Claim my LISTING' : 'Question',
          message: age === 4 ? 'Please remove us' : 'Hello there, friends.',
          created_at: minutesAgo(age),
        })),
      )
      .execute();
    const page = await call('/api/admin/contacts?status=pending&limit=3', AS);
    expect(page.body).toMatchObject({ total: 4, stats: { total: 4, pending: 4, handled: 0 } });
    expect(page.body.contacts.map((c: { name: string }) => c.name)).toEqual([
      'Sender 1',
      'Sender 2',
      'Sender 3',
    ]);
    const search = async (q: string) =>
      (await call(`/api/admin/contacts?q=${encodeURIComponent(q)}`, AS)).body.contacts.map(
        (c: { name: string }) => c.name,
      );
    expect(await search('listing')).toEqual(['Sender 3']);
    expect(await search('999')).toEqual(['Sender 2']);
    expect(await search('REMOVE')).toEqual(['Sender 4']);
    expect(await search('s1@example')).toEqual(['Sender 1']);
    expect((await search('pending')).length).toBe(4);
  });
});

describe('no admin list is unbounded (issue 12.10)', () => {
  it('caps every admin list at 100 rows, whatever is asked', async () => {
    await seed('Many', 'approved', 120);
    for (const path of [
      '/api/admin/listings',
      '/api/admin/users',
      '/api/admin/service-requests',
      '/api/admin/contacts',
      '/api/admin/articles',
      '/api/admin/messages',
      '/api/admin/messaging/recipients?type=businesses',
    ]) {
      const sep = path.includes('?') ? '&' : '?';
      expect((await call(`${path}${sep}limit=1000`, AS)).status, path).toBe(422);
      const { status, body } = await call(`${path}${sep}limit=100`, AS);
      expect(status, path).toBe(200);
      const rows = Object.values(body).find(Array.isArray) as unknown[];
      expect(rows.length, path).toBeLessThanOrEqual(100);
    }
    const { body } = await call('/api/admin/listings?status=approved&limit=100', AS);
    expect(body).toMatchObject({ total: 120 });
    expect(body.registrations).toHaveLength(100);
  });
});
