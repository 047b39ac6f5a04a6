import { type Kysely, sql } from 'kysely';

/**
 * Paged public lists at 100,000 listings (ADR 011):
 * - `category_keys`: the category pages a listing appears on (SPEC §7 type filter: business_type,
 *   services or a tag contains the page's business type, any case), stored so each page has its
 *   own partial index in listing order and a page or a count reads only its own rows.
 * - `area`: the Lagos area (LGA or neighbourhood) of a listing, for the area filter.
 * - The listing order of SPEC §7 (featured desc, display_order asc, created_at desc) plus `id`
 *   as a tie-breaker, indexed with every key descending (`-display_order`) so a keyset cursor is
 *   one row comparison the index can seek to. `display_order` is included so pages and counts are
 *   index-only scans (Postgres cannot rebuild a column from the `-display_order` expression).
 *
 * The category list is frozen here; `tests/integration/schema.test.ts` checks it against
 * `CATEGORY_PAGES` so the SQL and the TypeScript rule cannot drift apart.
 */
export const CATEGORY_FILTERS = {
  workshops: 'workshop',
  bodywork: 'body work',
  mechanic: 'mechanic',
  parts: 'parts',
  dealers: 'car dealership',
  breakdown: 'breakdown recovery',
  listings: 'listing websites',
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const cases = Object.entries(CATEGORY_FILTERS).map(
    ([key, filter]) => sql`case when t like ${sql.lit(`%${filter}%`)} then ${sql.lit(key)} end`,
  );
  await sql`
    create function directory_category_keys(business_type text, services text, tags text[])
    returns text[] language sql immutable parallel safe
    as $$
      select array_remove(array[${sql.join(cases)}]::text[], null)
      from (select lower(coalesce(business_type, '') || E'\n' || coalesce(services, '') || E'\n' ||
                         coalesce(immutable_array_to_string(tags, E'\n'), '')) as t) s
    $$`.execute(db);

  await sql`
    alter table business_registrations
      add column area text,
      add column category_keys text[] generated always as
        (directory_category_keys(business_type, services, tags)) stored`.execute(db);

  await sql`drop index if exists business_registrations_listing_idx`.execute(db);
  await sql`
    create index business_registrations_listing_order_idx on business_registrations
      (featured desc, (-display_order) desc, created_at desc, id desc) include (display_order)
      where status = 'approved'`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS)) {
    await sql`
      create index ${sql.id(`business_registrations_category_${key}_idx`)} on business_registrations
        (featured desc, (-display_order) desc, created_at desc, id desc) include (display_order)
        where status = 'approved' and category_keys @> ${sql.lit(`{${key}}`)}::text[]`.execute(db);
  }
  await sql`
    create index business_registrations_newest_idx on business_registrations
      (created_at desc, id desc) where status = 'approved'`.execute(db);
  await sql`
    create index business_registrations_area_idx on business_registrations (area)
      where status = 'approved'`.execute(db);

  await sql`drop view business_directory`.execute(db);
  await sql`
    create view business_directory as
    select id, id as business_registration_id, business_name, business_type, services,
           description, tags, city, state, general_location, area, address, email, phone, whatsapp,
           website, featured, display_order, created_at, updated_at, star_rating,
           verification_status, contact_visibility, slug, latitude, longitude, opening_hours, source,
           source_id, is_sample, category_keys, search_text, type_text, location_text
    from business_registrations
    where status = 'approved'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view business_directory`.execute(db);
  await sql`
    create view business_directory as
    select id, id as business_registration_id, business_name, business_type, services,
           description, tags, city, state, general_location, address, email, phone, whatsapp,
           website, featured, display_order, created_at, star_rating, verification_status,
           contact_visibility, slug, latitude, longitude, opening_hours, source, source_id,
           is_sample, search_text, type_text, location_text
    from business_registrations
    where status = 'approved'`.execute(db);
  await sql`drop index if exists business_registrations_area_idx`.execute(db);
  await sql`drop index if exists business_registrations_newest_idx`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS)) {
    await sql`drop index if exists ${sql.id(`business_registrations_category_${key}_idx`)}`.execute(
      db,
    );
  }
  await sql`drop index if exists business_registrations_listing_order_idx`.execute(db);
  await sql`
    create index business_registrations_listing_idx on business_registrations
      (status, featured desc, display_order, created_at desc)`.execute(db);
  await sql`alter table business_registrations drop column category_keys, drop column area`.execute(
    db,
  );
  await sql`drop function directory_category_keys(text, text, text[])`.execute(db);
}
