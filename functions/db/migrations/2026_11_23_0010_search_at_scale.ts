import { type Kysely, sql } from 'kysely';

/**
 * Directory search at 100,000 listings (issue 11 point 3, ADR 012):
 * - `search_text` gains `area` (eight fields: name, description, services, city, state, general
 *   location, area, type), `location_text` gains `area` (the location filter reads city, state,
 *   general_location and area). Both stay lower-cased, fields joined by newlines so no match spans
 *   two fields, each with its trigram GIN index.
 * - One trigram GIN index over the three search columns replaces the three single-column ones, so
 *   a query term, the type filter and the location filter intersect inside one index scan (with
 *   separate indexes the planner often checks two of them row by row on the heap: 80–140 ms
 *   instead of 7 ms at 100,000 listings). It keeps no pending list (`fastupdate = off`): a search
 *   would otherwise scan up to 4 MB of unsorted entries after a bulk import.
 * - `business_registrations_search_walk_idx`: approved listings in search order (created_at desc,
 *   id desc) carrying the search columns, so walking the newest listings reads the index only.
 *
 * `business_directory` lists both columns, so it is dropped and recreated unchanged.
 */
const SEARCH_TEXT = (withArea: boolean) => sql`lower(
  coalesce(business_name, '') || E'\n' || coalesce(description, '') || E'\n' ||
  coalesce(services, '') || E'\n' || coalesce(city, '') || E'\n' ||
  coalesce(state, '') || E'\n' || coalesce(general_location, '') || E'\n' ||
  ${withArea ? sql`coalesce(area, '') || E'\n' || ` : sql``}coalesce(business_type, ''))`;

const LOCATION_TEXT = (withArea: boolean) => sql`lower(
  coalesce(city, '') || E'\n' || coalesce(state, '') || E'\n' ||
  coalesce(general_location, '')${withArea ? sql` || E'\n' || coalesce(area, '')` : sql``})`;

async function redefine(db: Kysely<unknown>, withArea: boolean): Promise<void> {
  await sql`drop view business_directory`.execute(db);
  // One statement, so the table is rewritten once. Dropping the columns drops their indexes.
  await sql`
    alter table business_registrations
      drop column search_text,
      drop column location_text,
      add column search_text text generated always as (${SEARCH_TEXT(withArea)}) stored,
      add column location_text text generated always as (${LOCATION_TEXT(withArea)}) stored`.execute(
    db,
  );
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

export async function up(db: Kysely<unknown>): Promise<void> {
  await redefine(db, true);
  await sql`drop index business_registrations_type_text_idx`.execute(db);
  await sql`
    create index business_registrations_search_idx on business_registrations
      using gin (search_text gin_trgm_ops, type_text gin_trgm_ops, location_text gin_trgm_ops)
      with (fastupdate = off)`.execute(db);
  await sql`
    create index business_registrations_search_walk_idx on business_registrations
      (created_at desc, id desc) include (search_text, type_text, location_text, category_keys)
      where status = 'approved'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index business_registrations_search_walk_idx`.execute(db);
  await sql`drop index business_registrations_search_idx`.execute(db);
  await redefine(db, false);
  for (const column of ['search_text', 'type_text', 'location_text']) {
    await sql`
      create index ${sql.id(`business_registrations_${column}_idx`)} on business_registrations
        using gin (${sql.id(column)} gin_trgm_ops)`.execute(db);
  }
}
