import { type Kysely, sql } from 'kysely';
import { CATEGORY_FILTERS } from './2026_11_23_0001_directory_pages.ts';

/**
 * Area pages and near me at 100,000 listings (issue 16.4/16.5, ADR 020):
 * - `business_registrations_area_order_idx`: the approved listings of one area in listing order
 *   (the keys of `business_registrations_listing_order_idx` after `area`), `category_keys`
 *   included, so "Mechanics in Ikeja" page N is an index walk of that area with the category
 *   checked on the index entries, and its count is index-only. Replaces the plain `(area)` index
 *   of 2026_11_23_0001, which this one's first column serves as well.
 * - `business_registrations_category_<key>_area_idx`: per category page, its listings by area:
 *   the category page's busiest areas are an index-only scan of that category only.
 * - `business_registrations_position_idx`: approved listings whose exact position is public
 *   (coordinates, `contact_visibility = 'public'`: ADR 003 keeps protected positions private) by
 *   (latitude, longitude), `category_keys` and `id` included: the bounding box prefilter of near
 *   me, index-only.
 * - `business_registrations_unplaced_idx`: the other approved listings by area, which near me
 *   places at their area's centre.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index business_registrations_area_order_idx on business_registrations
      (area, featured desc, (-display_order) desc, created_at desc, id desc)
      include (display_order, category_keys)
      where status = 'approved' and area is not null`.execute(db);
  await sql`drop index if exists business_registrations_area_idx`.execute(db);
  await sql`
    create index business_registrations_position_idx on business_registrations
      (latitude, longitude) include (category_keys, id)
      where status = 'approved' and latitude is not null and longitude is not null
        and contact_visibility = 'public'`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS)) {
    await sql`
      create index ${sql.id(`business_registrations_category_${key}_area_idx`)}
        on business_registrations (area)
        where status = 'approved' and area is not null
          and category_keys @> ${sql.lit(`{${key}}`)}::text[]`.execute(db);
  }
  await sql`
    create index business_registrations_unplaced_idx on business_registrations
      (area) include (category_keys)
      where status = 'approved' and area is not null
        and (latitude is null or longitude is null or contact_visibility <> 'public')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const key of Object.keys(CATEGORY_FILTERS)) {
    await sql`drop index if exists ${sql.id(`business_registrations_category_${key}_area_idx`)}`.execute(
      db,
    );
  }
  await sql`drop index if exists business_registrations_unplaced_idx`.execute(db);
  await sql`drop index if exists business_registrations_position_idx`.execute(db);
  await sql`
    create index business_registrations_area_idx on business_registrations (area)
      where status = 'approved'`.execute(db);
  await sql`drop index if exists business_registrations_area_order_idx`.execute(db);
}
