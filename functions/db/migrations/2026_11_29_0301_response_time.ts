import { type Kysely, sql } from 'kysely';

/**
 * Response time, public (issue 36.5, ADR 079 update): per listing, over the last 90 days, how many
 * Find It requests reached it, how many it answered (a quote or a decline), and the median minutes
 * from a request reaching it to its first answer. Kept by the writes (a request matched, an
 * answer saved), read as they are; the public view carries them at its end. Shown from three
 * requests on.
 */
const VIEW_COLUMNS = sql`id, id as business_registration_id, business_name, business_type, services,
           description, tags, city, state, general_location, area, address, email, phone, whatsapp,
           website, featured, display_order, created_at, updated_at, star_rating,
           verification_status, contact_visibility, slug, latitude, longitude, opening_hours, source,
           source_id, is_sample, category_keys, search_text, type_text, location_text,
           owner_user_id is not null as claimed, review_count, review_sum, review_stars,
           verification_checks, verified_at, quality_score, phone_confirmed_at, open_24_hours,
           comes_to_you, coverage_areas, callout_fee_min, callout_fee_max, open_week`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table business_registrations
      add column quote_requests_90d integer not null default 0,
      add column quote_answered_90d integer not null default 0,
      add column quote_answer_minutes integer`.execute(db);
  await sql`
    create or replace view business_directory as
    select ${VIEW_COLUMNS}, quote_requests_90d, quote_answered_90d, quote_answer_minutes
    from business_registrations
    where status = 'approved'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view business_directory`.execute(db);
  await sql`
    create view business_directory as
    select ${VIEW_COLUMNS}
    from business_registrations
    where status = 'approved'`.execute(db);
  await sql`
    alter table business_registrations
      drop column quote_answer_minutes,
      drop column quote_answered_90d,
      drop column quote_requests_90d`.execute(db);
}
