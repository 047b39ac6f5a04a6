import { type Kysely, sql } from 'kysely';

/**
 * Search counts and the admin's insights (issue 27.2 and 27.5, ADR 044). Nothing personal:
 * a normalized query (at most 60 characters, never one that looks like a phone number or an
 * e-mail address), an area, a category filter, a day and counts; no address, user agent, cookie
 * or account.
 *
 * - `search_stats_daily`: one row per day, query, area and category ('' = none): how many times
 *   it was searched and the result count of its last search that day. Read by the admin's
 *   "Searches with no or few results" over the last 30 days (the primary key's `day` prefix).
 * - `listing_search_daily`: how many times a listing was on the first page of a query's results,
 *   per day; the owner's "searches that showed the listing most" read one listing's days by the
 *   primary key. Deleting a listing deletes its rows.
 * - `listing_stats_daily (day)`: the admin's site-wide figures, top listings and top areas of the
 *   last 30 days read the days, not one listing.
 * - `created_at` indexes of service_requests, contacts and reviews: the admin's forms per day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_stats_daily (
      day date not null,
      query text not null,
      area text not null default '',
      category text not null default '',
      searches integer not null default 0,
      results integer not null default 0,
      primary key (day, query, area, category)
    )`.execute(db);
  await sql`
    create table listing_search_daily (
      listing_id uuid not null references business_registrations (id) on delete cascade,
      day date not null,
      query text not null,
      impressions integer not null default 0,
      primary key (listing_id, day, query)
    )`.execute(db);
  await sql`create index listing_stats_daily_day on listing_stats_daily (day)`.execute(db);
  await sql`create index service_requests_created on service_requests (created_at)`.execute(db);
  await sql`create index contacts_created on contacts (created_at)`.execute(db);
  await sql`create index reviews_created on reviews (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists reviews_created`.execute(db);
  await sql`drop index if exists contacts_created`.execute(db);
  await sql`drop index if exists service_requests_created`.execute(db);
  await sql`drop index if exists listing_stats_daily_day`.execute(db);
  await sql`drop table if exists listing_search_daily`.execute(db);
  await sql`drop table if exists search_stats_daily`.execute(db);
}
