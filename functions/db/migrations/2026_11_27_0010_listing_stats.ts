import { type Kysely, sql } from 'kysely';

/**
 * What a listing earns, per listing per day (issue 27.1, ADR 041): one row per listing and day
 * with a counter per event, written in batches (`on conflict … do update` adds). No address,
 * user agent, cookie or account is stored: the counts are not personal data. A row is ~90 bytes
 * plus ~40 of its primary key; a listing without events that day has no row. Deleting a listing
 * deletes its counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table listing_stats_daily (
      listing_id uuid not null references business_registrations (id) on delete cascade,
      day date not null,
      page_views integer not null default 0,
      detail_opens integer not null default 0,
      contact_reveals integer not null default 0,
      call_taps integer not null default 0,
      whatsapp_taps integer not null default 0,
      directions_taps integer not null default 0,
      website_taps integer not null default 0,
      find_it_forwards integer not null default 0,
      primary key (listing_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists listing_stats_daily`.execute(db);
}
