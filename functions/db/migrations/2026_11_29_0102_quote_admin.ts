import { type Kysely, sql } from 'kysely';

/**
 * Quotes for the admin and the owner (issue 36.8, ADR 079):
 * - `business_registrations.quotes_blocked_at`: an admin blocked the listing from quoting (it is
 *   matched to no request and its answers are refused) until cleared.
 * - two more counters per listing per day in `listing_stats_daily`, counted by the server: quotes
 *   the business sent (`quotes_sent`, each quote once, when first sent) and quotes accepted
 *   (`quotes_accepted`). Requests received are the existing `find_it_forwards`. Adding a column
 *   with a constant default rewrites no row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table business_registrations add column quotes_blocked_at timestamptz`.execute(
    db,
  );
  await sql`
    alter table listing_stats_daily
      add column quotes_sent integer not null default 0,
      add column quotes_accepted integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table listing_stats_daily
      drop column if exists quotes_accepted,
      drop column if exists quotes_sent`.execute(db);
  await sql`alter table business_registrations drop column if exists quotes_blocked_at`.execute(db);
}
