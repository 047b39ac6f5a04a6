import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Read-only queries of the admin's insights (issue 27.5, ADR 044, ADR 049) over the days
 * `from`…`to` (`YYYY-MM-DD`, days in Lagos, inclusive): each reads what the screen shows, by an
 * index: the days of `site_stats_daily` and `search_stats_daily`, `created_at` of the forms, and
 * the period's roll-ups (`listing_period_stats`, `area_period_stats`, rolled to the period by
 * `rollPeriod` in insights.repository.ts before they are read). Paged lists take `limit` rows
 * from `offset` and carry their total (`null` on a page past the end).
 */
type Db = Kysely<Database>;

/** The first instant of a day in Lagos (UTC+1). */
const lagosMidnight = (day: string) => new Date(`${day}T00:00:00+01:00`);
/** `day` (`YYYY-MM-DD`) plus one. */
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The forms counted per day, by their table. */
export type FormTable = 'service_requests' | 'contacts' | 'business_registrations' | 'reviews';

/** Rows of a form's table created per day in Lagos: day → count. */
export async function createdPerDay(
  db: Db,
  table: FormTable,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ day: string; n: string }>`
    select ((created_at at time zone 'UTC') + interval '1 hour')::date::text as day, count(*) as n
    from ${sql.table(table)}
    where created_at >= ${lagosMidnight(from)} and created_at < ${lagosMidnight(nextDay(to))}
    group by 1`.execute(db);
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}

/**
 * Listing page views and contact reveals of the whole site per day: day → counts. Reads the
 * days' rows of `site_stats_daily` (ADR 049), the sums of listing_stats_daily kept by its
 * triggers: at most one row per day of the period.
 */
export async function listingCountsPerDay(
  db: Db,
  from: string,
  to: string,
): Promise<Map<string, { visits: number; contactReveals: number }>> {
  const { rows } = await sql<{ day: string; visits: string; reveals: string }>`
    select day::text as day, page_views as visits, contact_reveals as reveals
    from site_stats_daily where day between ${from}::date and ${to}::date`.execute(db);
  return new Map(
    rows.map((r) => [r.day, { visits: Number(r.visits), contactReveals: Number(r.reveals) }]),
  );
}

/** Searches shown per day: day → count. */
export async function searchesPerDay(db: Db, from: string, to: string) {
  const { rows } = await sql<{ day: string; n: string }>`
    select day::text as day, sum(searches) as n
    from search_stats_daily where day between ${from}::date and ${to}::date
    group by day`.execute(db);
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}

/** One page of a paged list and its total (`null` when the page is past the end). */
export interface RowsPage<T> {
  rows: T[];
  total: number | null;
}

const totalOf = <T extends { total: string }>(rows: T[]) =>
  rows.length > 0 ? Number(rows[0]!.total) : null;

/** How many listings have counts in the period (the period rows, summed by area). */
export async function countListings(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string | null }>`
    select sum(listings) as n from area_period_stats`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A top listing: its name and page, and its period's sums (bigint: strings from the driver). */
export interface TopListingRow {
  id: string;
  name: string;
  slug: string | null;
  area: string | null;
  visits: string;
  reveals: string;
  taps: string;
}

/**
 * The listings with the most visits in the period (then taps, then id), one page: an index scan
 * of `listing_period_stats_order` to the page's end, then its listings' names.
 */
export async function topListings(
  db: Db,
  limit: number,
  offset: number,
): Promise<RowsPage<TopListingRow>> {
  const { rows } = await sql<TopListingRow>`
    select t.listing_id as id, r.business_name as name, r.slug, r.area, t.visits, t.reveals,
      t.taps
    from (
      select listing_id, visits, reveals, taps from listing_period_stats
      order by visits desc, taps desc, listing_id
      limit ${limit} offset ${offset}
    ) t
    join business_registrations r on r.id = t.listing_id
    order by t.visits desc, t.taps desc, t.listing_id`.execute(db);
  return { rows, total: await countListings(db) };
}

/**
 * The areas whose listings had the most visits in the period (then name), with how many of
 * their listings have counts in it, one page; listings without an area are left out. Reads
 * area_period_stats (one row per area).
 */
export async function topAreas(
  db: Db,
  limit: number,
  offset: number,
): Promise<RowsPage<{ area: string; visits: string; listings: string }>> {
  const { rows } = await sql<{ area: string; visits: string; listings: string; total: string }>`
    select area, visits, listings, count(*) over () as total from area_period_stats
    where area <> '' and listings > 0
    order by visits desc, area
    limit ${limit} offset ${offset}`.execute(db);
  return { rows, total: totalOf(rows) };
}

/** How many areas have listings with counts in the period. */
export async function countAreas(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from area_period_stats where area <> '' and listings > 0`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const fewResultsOf = (from: string, to: string, few: number) => sql`
  select query, area, category, sum(searches) as searches,
    (array_agg(results order by day desc))[1] as results
  from search_stats_daily
  where day between ${from}::date and ${to}::date
  group by query, area, category
  having (array_agg(results order by day desc))[1] <= ${few}`;

/**
 * The searches of the days whose last result count was at most `few`, most searched first
 * (then query, area, category), one page.
 */
export async function fewResultSearches(
  db: Db,
  from: string,
  to: string,
  few: number,
  limit: number,
  offset: number,
) {
  const { rows } = await sql<{
    query: string;
    area: string;
    category: string;
    searches: string;
    results: number;
    total: string;
  }>`
    select s.*, count(*) over () as total from (${fewResultsOf(from, to, few)}) s
    order by s.searches desc, s.query, s.area, s.category
    limit ${limit} offset ${offset}`.execute(db);
  return { rows, total: totalOf(rows) };
}

/** How many searches of the days had at most `few` results at last. */
export async function countFewResultSearches(
  db: Db,
  from: string,
  to: string,
  few: number,
): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from (${fewResultsOf(from, to, few)}) s`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
