import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { insertSyntheticListings } from '../../functions/db/seeds/synthetic-listings.ts';
import { rankedSearchPage } from '../../functions/directory/ranked-search.repository.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase } from '../setup/test-db.ts';

/**
 * ADR 089 (issue 35.8): ranked search reads its candidates from `search_listings`, a narrow copy
 * of the approved listings kept by statement triggers, and reads the trusted band
 * (`quality_score` ≥ 2) alone when it holds a tier's candidates.
 *
 * 4,000 listings, the even ones Verified and complete (trust 2: the band, half the directory).
 * "golf" is in 1,600 (two in five), 800 of them in the band; "hotel" in 1,700, only 100 of
 * them in the band (the statistics cannot know that: the band is tried, falls short, and the
 * whole tier is read).
 */

let handle: DatabaseHandle;
const LISTINGS = 4000;

beforeAll(async () => {
  handle = await createTestDatabase();
  await sql`
    insert into business_registrations
      (business_name, business_type, business_categories, email, phone, city, state, address,
       description, services, tags, status, verification_status, created_at)
    select 'Band Motors ' || n, 'Mechanic / Repair Services', '{Mechanic / Repair Services}',
      'band-' || n || '@example.com', '+234 801 700 ' || lpad(n::text, 4, '0'), 'Ikeja', 'Lagos',
      case when n % 2 = 0 then '1 Band Street' end, 'A listing of the band test.',
      'lima' || case when n % 5 < 2 then ' golf' else '' end
             || case when (n % 2 = 1 and n % 5 < 4) or n % 40 = 0 then ' hotel' else '' end,
      '{}', 'approved', case when n % 2 = 0 then 'verified' else 'not_verified' end,
      timestamptz '2026-01-01' + n * interval '1 minute'
    from generate_series(0, ${LISTINGS - 1}) as n`.execute(handle.db);
  await sql`analyze business_registrations, search_listings`.execute(handle.db);
}, 120_000);
afterAll(() => handle.close());

/** The searched columns as `search_listings` holds them, and as the approved listings have them. */
const COLUMNS = sql.raw(`quality_score, created_at, id, area, open_week::text, category_keys,
  type_text, location_text, search_vector::text`);
const kept = async () =>
  (await sql`select ${COLUMNS} from search_listings order by id`.execute(handle.db)).rows;
const expected = async () =>
  (
    await sql`select ${COLUMNS} from business_registrations where status = 'approved' order by id`.execute(
      handle.db,
    )
  ).rows;

describe('the trusted band (ADR 089)', () => {
  it('answers a tier from the band alone when it holds the candidates, in trust order', async () => {
    const page = await rankedSearchPage(handle.db, { groups: [['golf']], offset: 0, limit: 24 });
    expect(page.plans).toEqual(['trusted']);
    expect(page.exact).toBe(500);
    expect(page.capped).toBe(true);
    // The newest listings of the band holding the word: n even and n % 5 < 2.
    const band = Array.from({ length: LISTINGS }, (_, n) => n)
      .filter((n) => n % 2 === 0 && n % 5 < 2)
      .reverse();
    expect(page.rows.map((r) => r.business_name)).toEqual(
      band.slice(0, 24).map((n) => `Band Motors ${n}`),
    );
  });

  it('reads the whole tier when the band holds fewer than its candidates', async () => {
    const page = await rankedSearchPage(handle.db, { groups: [['hotel']], offset: 0, limit: 24 });
    expect(page.plans).toEqual(['trusted, then bitmap']);
    expect(page.exact).toBe(500);
    // The band's 100 first (n % 40 = 0, newest first), then the rest by age.
    const names = page.rows.map((r) => r.business_name);
    expect(names.slice(0, 24)).toEqual(
      Array.from({ length: 24 }, (_, i) => `Band Motors ${3960 - 40 * i}`),
    );
    const after = await rankedSearchPage(handle.db, { groups: [['hotel']], offset: 96, limit: 8 });
    const outside = Array.from({ length: LISTINGS }, (_, n) => n)
      .filter((n) => n % 2 === 1 && n % 5 < 4)
      .reverse();
    expect(after.rows.map((r) => r.business_name)).toEqual(
      [120, 80, 40, 0, ...outside.slice(0, 4)].map((n) => `Band Motors ${n}`),
    );
  });
});

describe('search_listings (ADR 089)', () => {
  it('holds the approved listings after the seed', async () => {
    const rows = await kept();
    expect(rows).toHaveLength(LISTINGS);
    expect(rows).toEqual(await expected());
  });

  it('follows multi-row inserts, updates and deletes in one transaction', async () => {
    await handle.db.transaction().execute(async (trx) => {
      const rows = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          insertBusiness(trx, {
            business_name: `Copykeep ${i}`,
            description: `Kept copy ${i}.`,
            status: i % 3 === 0 ? 'pending' : 'approved',
          }),
        ),
      );
      const ids = rows.map((r) => r.id);
      await insertSyntheticListings(trx, 120, { batchSize: 60, offset: 800_000, seed: 89 });
      // Approved, rejected, renamed, verified (its trust moves), and a field search ignores.
      await trx
        .updateTable('business_registrations')
        .set({ status: 'approved' })
        .where('id', 'in', ids.slice(0, 9))
        .execute();
      await trx
        .updateTable('business_registrations')
        .set({ status: 'rejected' })
        .where('id', 'in', ids.slice(9, 14))
        .execute();
      await trx
        .updateTable('business_registrations')
        .set({ business_name: 'Copykeep Renamed', area: 'Yaba' })
        .where('id', 'in', ids.slice(14, 20))
        .execute();
      await trx
        .updateTable('business_registrations')
        .set({ verification_status: 'verified' })
        .where('id', 'in', ids.slice(18, 24))
        .execute();
      await trx
        .updateTable('business_registrations')
        .set({ phone: '+234 801 000 0002' })
        .where('id', 'in', ids)
        .execute();
      await trx.deleteFrom('business_registrations').where('id', 'in', ids.slice(24, 28)).execute();
    });
    expect(await kept()).toEqual(await expected());
  });
});
