import { type Kysely, sql } from 'kysely';
import { CATEGORY_FILTERS } from './2026_11_23_0001_directory_pages.ts';

/**
 * Search walks an area's or a category's own listings (issue 28.3, ADR 050): at 1,000,000
 * listings a word with an area filter ("garage" in Shomolu) is one listing in 1,000 of the whole
 * directory but one in 16 of the area, and a word with a category's type filter ("mechanic" with
 * Body Work) one in 180 against one in 25. Each index holds approved listings in search order
 * (created_at desc, id desc) with the columns the walk tests, so walking one stays index-only as
 * the walk over every listing does (2026_11_23_0059):
 * - `business_registrations_area_walk_idx`: by area, then in search order;
 * - `business_registrations_category_<key>_walk_idx`: one per category page, partial on its key
 *   (the walk does not test the category, so `category_keys` is not carried).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index business_registrations_area_walk_idx on business_registrations
      (area, created_at desc, id desc)
      include (search_text, type_text, location_text, category_keys)
      where status = 'approved' and area is not null`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS)) {
    await sql`
      create index ${sql.id(`business_registrations_category_${key}_walk_idx`)}
        on business_registrations (created_at desc, id desc)
        include (search_text, type_text, location_text, area)
        where status = 'approved' and category_keys @> ${sql.lit(`{${key}}`)}::text[]`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists business_registrations_area_walk_idx`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS))
    await sql`drop index if exists ${sql.id(`business_registrations_category_${key}_walk_idx`)}`.execute(
      db,
    );
}
