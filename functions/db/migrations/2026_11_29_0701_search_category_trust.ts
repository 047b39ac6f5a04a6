import { type Kysely, sql } from 'kysely';
import { CATEGORY_FILTERS } from './2026_11_23_0001_directory_pages.ts';

/**
 * Issue 35.8 (ADR 087): a search with a category page's type filter walks that category's
 * approved listings in trust order (`quality_score desc, created_at desc, id desc`, the order
 * ADR 060 reads candidates in), not the whole directory's: "mechanic" on the Body Work page
 * reads about a thousand body-work listings, not every listing until a thousand body-work ones
 * have passed. One partial index per category, each holding that category's listings only; the
 * search reads each index's `reltuples` as the category's size when it chooses its plan.
 * Beside each, the category's own GIN index of `search_vector`: a bitmap scan under the filter
 * reads the category's matches only ("gearbox" on the Parts page: 1,600 rows, not 21,500). The
 * GIN indexes are small (the whole directory's is 6 MB at 100,000 listings).
 *
 * Under the area filter, `business_registrations_area_trust_idx` walks each of its areas in
 * trust order, merged ("garage" in Shomolu at 1,000,000 listings: the walk reads about 7,500
 * rows where a bitmap scan read the areas' 46,000).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index business_registrations_area_trust_idx on business_registrations
      (area, quality_score desc, created_at desc, id desc)
      where status = 'approved' and area is not null`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS))
    await sql`
      create index ${sql.id(`business_registrations_category_${key}_trust_idx`)}
        on business_registrations (quality_score desc, created_at desc, id desc)
        where status = 'approved' and category_keys @> ${sql.lit(`{${key}}`)}::text[]`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS))
    await sql`
      create index ${sql.id(`business_registrations_category_${key}_words_idx`)}
        on business_registrations using gin (search_vector)
        where status = 'approved' and category_keys @> ${sql.lit(`{${key}}`)}::text[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists business_registrations_area_trust_idx`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS))
    await sql`drop index if exists ${sql.id(`business_registrations_category_${key}_words_idx`)}`.execute(
      db,
    );
  for (const key of Object.keys(CATEGORY_FILTERS))
    await sql`drop index if exists ${sql.id(`business_registrations_category_${key}_trust_idx`)}`.execute(
      db,
    );
}
