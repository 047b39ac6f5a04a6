import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import type { RegistrationStatus } from '../../functions/db/database.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase, signInAdmin, testApi } from '../setup/test-db.ts';

/**
 * The admin dashboard's tab counts (SPEC §2 "Business Listings Admin" tiles, issue 11.5): one
 * grouped query per table, filtered by the search while it is active.
 */

let handle: DatabaseHandle;
let api: ReturnType<typeof testApi>;
let call: ReturnType<typeof testApi>['call'];
const AS = { as: 'admin' } as const;

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

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
      reviews: 0,
    });
    // The count of a tab is the total of its list with the same search.
    const list = await call('/api/admin/listings?status=pending&q=lagoon', AS);
    expect(list.body.total).toBe(lagoon.body.counts.pending);
    const admin = await call('/api/admin/counts?q=ADMIN', AS);
    expect(admin.body.counts.users).toBe(1);
    await handle.db.deleteFrom('contacts').execute();
    await handle.db.deleteFrom('articles').where('slug', '=', 'lagoon-driving').execute();
  });
});
