import { type Kysely, sql } from 'kysely';

/**
 * Two more counters per listing per day (issue 27.1, ADR 041 update): `photo_views`, openings of
 * the listing's photos in the full-size viewer (a beacon), and `reviews`, the listing's reviews
 * that became public that day (the server, once per review: the day its `published_at` is set).
 * Adding a column with a constant default rewrites no row (PostgreSQL 11+).
 *
 * The admin's roll-ups (2026_11_27_0060, ADR 049) are unchanged: they keep visits (page views),
 * contact reveals and taps (Call, WhatsApp, Directions, Website), and neither a photo opened on
 * the business page nor a review is a visit or a tap; their triggers name their columns, so the
 * new ones change nothing there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table listing_stats_daily
      add column photo_views integer not null default 0,
      add column reviews integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table listing_stats_daily drop column if exists photo_views,
      drop column if exists reviews`.execute(db);
}
