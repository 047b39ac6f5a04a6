import { type Kysely, sql } from 'kysely';

/**
 * Issue 38.1 and 38.7 (ADR 082): the roadside screen's "nearest help open now" reads only the
 * listings that can help a stranded motorist: approved, contact public, breakdown and towing
 * or "comes to you". Two partial indexes hold just them, with `open_week` (ADR 081) included
 * so the open-now test is answered from the index:
 * - `business_registrations_roadside_position_idx`: those with coordinates, by position (the
 *   bounding box of near me, ADR 020);
 * - `business_registrations_roadside_unplaced_idx`: those without, by area (placed at its
 *   centre).
 * At a million listings they hold the few per cent that are roadside help, so a box reads a
 * bounded set whatever the size of the directory.
 */
const ROADSIDE = sql`status = 'approved' and contact_visibility = 'public'
  and (category_keys @> '{breakdown}'::text[] or comes_to_you)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index business_registrations_roadside_position_idx on business_registrations
      (latitude, longitude) include (id, open_week)
      where ${ROADSIDE} and latitude is not null and longitude is not null`.execute(db);
  await sql`
    create index business_registrations_roadside_unplaced_idx on business_registrations
      (area) include (id, open_week)
      where ${ROADSIDE} and area is not null and (latitude is null or longitude is null)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists business_registrations_roadside_unplaced_idx`.execute(db);
  await sql`drop index if exists business_registrations_roadside_position_idx`.execute(db);
}
