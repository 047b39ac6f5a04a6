import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../functions/_lib/db.ts';
import { countByArea, countDirectory } from '../../functions/directory/directory.repository.ts';
import { insertSyntheticListings } from '../../functions/db/seeds/synthetic-listings.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase } from '../setup/test-db.ts';

/**
 * `directory_counts` (migration 2026_11_27_0080, ADR 051) against counting the listings: after
 * every kind of write the table holds, for each category page and area, what `count(*)` finds.
 */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

/** The counts as the triggers keep them, non-zero cells only, as `key|area → n`. */
async function kept(): Promise<Record<string, number>> {
  const rows = await handle.db.selectFrom('directory_counts').selectAll().execute();
  return Object.fromEntries(
    rows.filter((r) => r.listings !== 0).map((r) => [`${r.category_key}|${r.area}`, r.listings]),
  );
}

/** The same cells counted on the approved listings. */
async function counted(): Promise<Record<string, number>> {
  const { rows } = await sql<{ k: string; a: string; n: number }>`
    select k, a, count(*)::int as n
    from business_registrations r
    cross join lateral unnest(array['']::text[] || coalesce(r.category_keys, '{}')) k
    cross join lateral unnest(case when r.area is null then array['']::text[]
                                   else array['', r.area] end) a
    where r.status = 'approved'
    group by k, a`.execute(handle.db);
  return Object.fromEntries(rows.map((r) => [`${r.k}|${r.a}`, r.n]));
}

describe('directory counts kept by the database', () => {
  it('start equal to the listings, and stay equal through inserts, edits, approvals and deletes', async () => {
    await insertSyntheticListings(handle.db, 300, { approvedShare: 0.8 });
    expect(await kept()).toEqual(await counted());

    const a = await insertBusiness(handle.db, { area: 'Yaba', business_type: 'Body Work' });
    const b = await insertBusiness(handle.db, { area: 'Ikeja', status: 'pending' });
    await insertBusiness(handle.db, { area: null });
    expect(await kept()).toEqual(await counted());

    // Approval, category change (business_type feeds the generated category_keys), area change.
    await handle.db
      .updateTable('business_registrations')
      .set({ status: 'approved' })
      .where('id', '=', b.id)
      .execute();
    await handle.db
      .updateTable('business_registrations')
      .set({ business_type: 'Spare Parts Dealer', area: 'Surulere' })
      .where('id', '=', a.id)
      .execute();
    expect(await kept()).toEqual(await counted());

    // One statement over many rows (a bulk suspension), then deletes.
    await handle.db
      .updateTable('business_registrations')
      .set({ status: 'suspended' })
      .where('area', 'in', ['Ikeja', 'Lekki', 'Yaba'])
      .execute();
    await handle.db.deleteFrom('business_registrations').where('area', '=', 'Surulere').execute();
    await handle.db
      .updateTable('business_registrations')
      .set({ area: null })
      .where('area', '=', 'Ojota')
      .execute();
    expect(await kept()).toEqual(await counted());
  });

  it('answer the category page, area and sitemap counts as counting the listings does', async () => {
    const direct = async (where: ReturnType<typeof sql<boolean>>) =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from business_directory where ${where}`.execute(handle.db)
        ).rows[0]!.n,
      );
    expect(await countDirectory(handle.db, {})).toBe(await direct(sql<boolean>`true`));
    expect(await countDirectory(handle.db, { categoryKey: 'mechanic' })).toBe(
      await direct(sql<boolean>`category_keys @> '{mechanic}'`),
    );
    // An LGA: its neighbourhoods summed.
    expect(await countDirectory(handle.db, { categoryKey: 'parts', area: 'Eti-Osa' })).toBe(
      await direct(
        sql<boolean>`category_keys @> '{parts}' and area in ('Eti-Osa', 'Ajah', 'Chevron', 'Ikoyi', 'Lekki', 'Oniru', 'Sangotedo', 'Victoria Island')`,
      ),
    );
    expect(await countDirectory(handle.db, { area: 'Yaba' })).toBe(
      await direct(sql<boolean>`area = 'Yaba'`),
    );
    const byArea = await countByArea(handle.db, 'mechanic');
    const { rows } = await sql<{ area: string; count: string }>`
      select area, count(*) as count from business_directory
      where area is not null and category_keys @> '{mechanic}' group by area`.execute(handle.db);
    expect(Object.fromEntries(byArea.map((r) => [r.area, r.count]))).toEqual(
      Object.fromEntries(rows.map((r) => [r.area, Number(r.count)])),
    );
  });
});
