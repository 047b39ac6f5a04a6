import { type Kysely, sql } from 'kysely';
import { CATEGORY_FILTERS } from './2026_11_23_0001_directory_pages.ts';

/**
 * Issue 35.1 (ADR 071): a category page's "Recommended" order uses search's trust signals.
 *
 * The listing order becomes: featured listings first in the admin's order (SPEC §7: featured
 * desc, display_order asc), then every other listing by `quality_score` (the trust of ADR 059:
 * reviews with a prior, Verified, photos, claimed, complete, opening hours), newest breaking
 * ties, `id` last. A listing that is no longer featured keeps its old `display_order` (SPEC §4
 * only clears `featured`), so the order reads `display_order` of featured listings only.
 *
 * Every index of the old listing order (the whole directory, each category page, each area) is
 * rebuilt with the new keys, every key descending so a keyset cursor is one row comparison the
 * index seeks to. `quality_score` joins the public view (at its end) so a page's last row gives
 * the next cursor.
 */
const OLD_ORDER = sql`featured desc, (-display_order) desc, created_at desc, id desc`;
const NEW_ORDER = sql`featured desc, (case when featured then -display_order else 0 end) desc,
  quality_score desc, created_at desc, id desc`;

const VIEW_COLUMNS = sql`id, id as business_registration_id, business_name, business_type, services,
           description, tags, city, state, general_location, area, address, email, phone, whatsapp,
           website, featured, display_order, created_at, updated_at, star_rating,
           verification_status, contact_visibility, slug, latitude, longitude, opening_hours, source,
           source_id, is_sample, category_keys, search_text, type_text, location_text,
           owner_user_id is not null as claimed, review_count, review_sum, review_stars,
           verification_checks, verified_at`;

async function orderIndexes(db: Kysely<unknown>, order: typeof OLD_ORDER): Promise<void> {
  await sql`drop index if exists business_registrations_listing_order_idx`.execute(db);
  await sql`
    create index business_registrations_listing_order_idx on business_registrations
      (${order}) include (display_order) where status = 'approved'`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS)) {
    const name = `business_registrations_category_${key}_idx`;
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
    await sql`
      create index ${sql.id(name)} on business_registrations (${order}) include (display_order)
        where status = 'approved' and category_keys @> ${sql.lit(`{${key}}`)}::text[]`.execute(db);
  }
  await sql`drop index if exists business_registrations_area_order_idx`.execute(db);
  await sql`
    create index business_registrations_area_order_idx on business_registrations
      (area, ${order}) include (display_order, category_keys)
      where status = 'approved' and area is not null`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace view business_directory as
    select ${VIEW_COLUMNS}, quality_score
    from business_registrations
    where status = 'approved'`.execute(db);
  await orderIndexes(db, NEW_ORDER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await orderIndexes(db, OLD_ORDER);
  await sql`drop view business_directory`.execute(db);
  await sql`
    create view business_directory as
    select ${VIEW_COLUMNS}
    from business_registrations
    where status = 'approved'`.execute(db);
}
