import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { buildBusiness, insertBusiness } from '../factories/business.ts';
import { createTestDatabase } from '../setup/test-db.ts';
import { CATEGORY_FILTERS } from '../../functions/db/migrations/2026_11_23_0001_directory_pages.ts';
import { CATEGORY_PAGES } from '../../common/schemas/categories.ts';
import { countsForServiceCard, matchesTypeFilter } from '../../common/schemas/directory.ts';
import { insertSyntheticListings } from '../../functions/db/seeds/synthetic-listings.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.deleteFrom('business_registrations').execute();
});

describe('business_registrations constraints (SPEC §3, §4)', () => {
  it('applies the spec defaults', async () => {
    const row = await insertBusiness(handle.db, {
      status: undefined,
      contact_visibility: undefined,
    });
    expect(row).toMatchObject({
      status: 'pending',
      contact_visibility: 'public',
      verification_status: 'not_verified',
      featured: false,
      verified: false,
      display_order: 0,
      zip_code: '',
      star_rating: 0,
    });
  });

  it.each([
    ['status', 'archived'],
    ['verification_status', 'maybe'],
    ['contact_visibility', 'friends'],
    ['star_rating', 3.3],
    ['star_rating', 5.5],
  ])('rejects %s = %s', async (column, value) => {
    await expect(insertBusiness(handle.db, { [column]: value })).rejects.toThrow(
      /check constraint/,
    );
  });

  it('accepts every star rating step from 0 to 5', async () => {
    for (const rating of [0, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]) {
      await expect(insertBusiness(handle.db, { star_rating: rating })).resolves.toMatchObject({
        star_rating: rating,
      });
    }
  });

  it('keeps e-mails unique regardless of case, but allows many without an e-mail', async () => {
    await insertBusiness(handle.db, { email: 'Owner@Example.com' });
    await expect(insertBusiness(handle.db, { email: 'owner@example.COM' })).rejects.toThrow(
      /unique/,
    );
    await insertBusiness(handle.db, { email: null });
    await insertBusiness(handle.db, { email: null });
  });

  it('lets exactly one of two racing submissions with the same e-mail win', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        handle.db
          .insertInto('business_registrations')
          .values(buildBusiness({ email: 'race@example.com' }))
          .execute(),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const { count } = await handle.db
      .selectFrom('business_registrations')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('email', '=', 'RACE@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
  });

  it('keeps imports unique by source and source_id', async () => {
    await insertBusiness(handle.db, { source: 'openstreetmap', source_id: 'node/1' });
    await expect(
      insertBusiness(handle.db, { source: 'openstreetmap', source_id: 'node/1' }),
    ).rejects.toThrow(/unique/);
  });

  it('exposes only approved rows in business_directory', async () => {
    for (const status of ['pending', 'approved', 'rejected', 'suspended'] as const)
      await insertBusiness(handle.db, { status });
    const rows = await handle.db
      .selectFrom('business_directory')
      .select('business_registration_id')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('other tables', () => {
  it('defaults articles to read_time 5, unpublished, not featured, and checks the category', async () => {
    const article = await handle.db
      .insertInto('articles')
      .values({
        title: 'T',
        slug: 't-1',
        content: 'x',
        category: 'Tips',
        excerpt: null,
        author: null,
        image_url: null,
        meta_title: null,
        meta_description: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(article).toMatchObject({ read_time: 5, published: false, featured: false });
    await expect(
      handle.db
        .insertInto('articles')
        .values({
          title: 'T',
          slug: 't-2',
          content: 'x',
          category: 'Gossip' as never,
          excerpt: null,
          author: null,
          image_url: null,
          meta_title: null,
          meta_description: null,
        })
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });

  it('creates contacts and service requests as pending', async () => {
    const contact = await handle.db
      .insertInto('contacts')
      .values({
        name: 'Ada',
        email: 'ada@example.com',
        phone: null,
        subject: 'Hello there',
        message: 'A message body',
        handled_at: null,
        handled_by: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(contact.status).toBe('pending');
    const request = await handle.db
      .insertInto('service_requests')
      .values({
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        customer_phone: '0801',
        customer_location: 'Yaba',
        services_requested: ['Tyre Services'],
        additional_info: null,
        handled_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('pending');
  });

  it('has_role(user_id, role) reads user_roles', async () => {
    const now = new Date();
    await handle.db
      .insertInto('user')
      .values(
        ['u-admin', 'u-plain'].map((id) => ({
          id,
          name: id,
          email: `${id}@example.com`,
          email_verified: false,
          image: null,
          created_at: now,
          updated_at: now,
          role: 'user',
          banned: false,
          ban_reason: null,
          ban_expires: null,
        })),
      )
      .execute();
    await handle.db
      .insertInto('user_roles')
      .values([{ user_id: 'u-admin', role: 'admin' }, { user_id: 'u-plain' }])
      .execute();
    await expect(
      handle.db.insertInto('user_roles').values({ user_id: 'no-such-user' }).execute(),
    ).rejects.toThrow(/foreign key/);
    const { rows } = await sql<{ admin: boolean; plain: boolean; stranger: boolean }>`
      select has_role('u-admin', 'admin') as admin, has_role('u-plain', 'admin') as plain,
             has_role('nobody', 'admin') as stranger`.execute(handle.db);
    expect(rows[0]).toEqual({ admin: true, plain: false, stranger: false });
  });
});

describe('category_keys (ADR 011)', () => {
  it('freezes the same business types as CATEGORY_PAGES', () => {
    expect(CATEGORY_FILTERS).toEqual(
      Object.fromEntries(
        Object.entries(CATEGORY_PAGES).map(([key, page]) => [key, page.typeFilter.toLowerCase()]),
      ),
    );
  });

  it('agrees with the SPEC §7 type filter for every category page', async () => {
    const samples = [
      { business_type: 'Mechanic / Repair Services', services: null, tags: [] },
      { business_type: 'Multiple Services', services: 'Panel BEATING and body work', tags: [] },
      { business_type: 'Auto Parts & Accessories', services: 'spare parts', tags: ['Workshop'] },
      { business_type: 'Car Rental', services: 'airport pickup', tags: ['Listing Websites'] },
      { business_type: 'Breakdown Recovery / Towing', services: '', tags: ['car dealership'] },
      { business_type: 'Car Wash & Detailing', services: 'interior detailing', tags: ['Toyota'] },
    ];
    for (const sample of samples) {
      const row = await insertBusiness(handle.db, sample);
      const expected = Object.entries(CATEGORY_PAGES)
        .filter(([, page]) => matchesTypeFilter(row, page.typeFilter))
        .map(([key]) => key);
      expect(row.category_keys, sample.business_type).toEqual(expected);
    }
  });
});

describe('service card counts (SPEC §9, ADR 011)', () => {
  const counts = async () =>
    Object.fromEntries(
      (
        await handle.db.selectFrom('service_cards').select(['title', 'business_count']).execute()
      ).map((c) => [c.title, c.business_count]),
    );
  const expected = async () => {
    const cards = await handle.db.selectFrom('service_cards').selectAll().execute();
    const listings = await handle.db
      .selectFrom('business_directory')
      .select(['business_type', 'services', 'tags'])
      .execute();
    return Object.fromEntries(
      cards.map((c) => [
        c.title,
        listings.filter((l) => countsForServiceCard(l, c.business_type)).length,
      ]),
    );
  };

  it('follow every insert, update and delete of listings, and a change of card type', async () => {
    await handle.db.deleteFrom('service_cards').execute();
    await handle.db
      .insertInto('service_cards')
      .values([
        {
          title: 'Mechanic',
          button_text: 'Go',
          business_type: 'Mechanic',
          route_path: '/mechanic',
        },
        { title: 'Parts', button_text: 'Go', business_type: 'Parts', route_path: '/parts' },
        { title: 'Exact tag', button_text: 'Go', business_type: 'Tokunbo', route_path: '/dealers' },
      ])
      .execute();
    await insertSyntheticListings(handle.db, 30, { approvedShare: 0.7 });
    const tagged = await insertBusiness(handle.db, {
      business_type: 'Car Rental',
      services: 'hire',
      tags: ['Tokunbo'],
    });
    await insertBusiness(handle.db, {
      business_type: 'Car Rental',
      services: null,
      tags: ['tokunbo cars'],
    });
    expect(await counts()).toEqual(await expected());
    expect((await counts())['Exact tag']).toBe(1);

    // One statement, many rows: a bulk approval and a bulk edit.
    await handle.db.updateTable('business_registrations').set({ status: 'approved' }).execute();
    expect(await counts()).toEqual(await expected());
    await handle.db
      .updateTable('business_registrations')
      .set({ services: 'Genuine spare parts' })
      .where('business_type', 'like', '%Mechanic%')
      .execute();
    expect(await counts()).toEqual(await expected());
    await handle.db.deleteFrom('business_registrations').where('id', '=', tagged.id).execute();
    await handle.db
      .updateTable('business_registrations')
      .set({ status: 'suspended' })
      .where('business_type', 'like', '%Parts%')
      .execute();
    expect(await counts()).toEqual(await expected());

    await handle.db
      .updateTable('service_cards')
      .set({ business_type: 'Body Work' })
      .where('title', '=', 'Exact tag')
      .execute();
    expect(await counts()).toEqual(await expected());
  });
});
