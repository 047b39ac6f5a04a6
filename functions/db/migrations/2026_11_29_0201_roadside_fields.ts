import { type Kysely, sql } from 'kysely';

/**
 * Issue 38.3 and 38.4 (ADR 081): what an owner declares for a motorist stranded on the road, and
 * "Open now" as SQL.
 *
 * - `open_24_hours`: the listing answers at any hour, whatever its opening hours say.
 * - `comes_to_you` and `coverage_areas`: a mobile business, and the places it covers: slugs of
 *   the shipped Lagos areas (`common/config/lagos-areas.ts`) now, road slugs later in the same
 *   column (at most 30, checked here as in `common/schemas/roadside.ts`).
 * - `callout_fee_min` / `callout_fee_max`: the call-out fee range in whole naira, both or neither,
 *   0 ≤ min ≤ max ≤ 1,000,000.
 * - `open_week` (generated): the minutes of the week (Monday 00:00 Lagos = 0, 10,080 in all) the
 *   listing is open, an int4multirange from its hours (`{mo: "08:00-18:00", …}`; a day absent or
 *   malformed is closed, as `src/browser/hours.ts` reads them), or the whole week when open 24
 *   hours. "Open now" is `open_week @> <this minute of the Lagos week>`: one containment test per
 *   row, served by a GiST index over the approved listings when it is selective.
 *
 * The public view carries the five declared columns and `open_week` at its end.
 */
const VIEW_COLUMNS = sql`id, id as business_registration_id, business_name, business_type, services,
           description, tags, city, state, general_location, area, address, email, phone, whatsapp,
           website, featured, display_order, created_at, updated_at, star_rating,
           verification_status, contact_visibility, slug, latitude, longitude, opening_hours, source,
           source_id, is_sample, category_keys, search_text, type_text, location_text,
           owner_user_id is not null as claimed, review_count, review_sum, review_stars,
           verification_checks, verified_at, quality_score, phone_confirmed_at`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function listing_open_week(hours jsonb, always boolean) returns int4multirange
    language sql immutable parallel safe as $$
      select case when always then int4multirange(int4range(0, 10080))
      else coalesce((
        select range_agg(int4range(d.n * 1440 + t.s, d.n * 1440 + t.e))
        from (values ('mo', 0), ('tu', 1), ('we', 2), ('th', 3), ('fr', 4), ('sa', 5), ('su', 6))
          as d(k, n)
        cross join lateral (
          select m[1]::int * 60 + m[2]::int as s, m[3]::int * 60 + m[4]::int as e
          from regexp_match(
            btrim(case when jsonb_typeof(hours) = 'object' then hours ->> d.k end),
            '^([01][0-9]|2[0-4]):([0-5][0-9])-([01][0-9]|2[0-4]):([0-5][0-9])$'
          ) as m
        ) as t
        where t.s < t.e and t.e <= 1440
      ), '{}'::int4multirange)
      end
    $$`.execute(db);
  await sql`
    alter table business_registrations
      add column open_24_hours boolean not null default false,
      add column comes_to_you boolean not null default false,
      add column coverage_areas text[] not null default '{}'
        constraint business_registrations_coverage_areas_bounded
        check (cardinality(coverage_areas) <= 30),
      add column callout_fee_min integer,
      add column callout_fee_max integer,
      add constraint business_registrations_callout_fee_range check (
        (callout_fee_min is null and callout_fee_max is null)
        or (callout_fee_min is not null and callout_fee_max is not null
            and callout_fee_min >= 0 and callout_fee_min <= callout_fee_max
            and callout_fee_max <= 1000000)),
      add column open_week int4multirange
        generated always as (listing_open_week(opening_hours, open_24_hours)) stored`.execute(db);
  await sql`
    create index business_registrations_open_week on business_registrations using gist (open_week)
      where status = 'approved'`.execute(db);
  await sql`
    create or replace view business_directory as
    select ${VIEW_COLUMNS}, open_24_hours, comes_to_you, coverage_areas, callout_fee_min,
           callout_fee_max, open_week
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
  await sql`drop index if exists business_registrations_open_week`.execute(db);
  await sql`
    alter table business_registrations
      drop column open_week,
      drop constraint business_registrations_callout_fee_range,
      drop column callout_fee_max,
      drop column callout_fee_min,
      drop column coverage_areas,
      drop column comes_to_you,
      drop column open_24_hours`.execute(db);
  await sql`drop function if exists listing_open_week(jsonb, boolean)`.execute(db);
}
