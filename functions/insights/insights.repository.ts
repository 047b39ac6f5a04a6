import { type Kysely, sql } from 'kysely';
import {
  INSIGHT_COUNTERS,
  LISTING_EVENTS,
  type ListingEvent,
} from '../../common/schemas/insights.ts';
import type { Database } from '../db/database.ts';

/** Queries of listing_stats_daily (issue 27.1, ADR 041). `db` may be a transaction. */
type Db = Kysely<Database>;

const COLUMNS = INSIGHT_COUNTERS;

/** One listing's additions for one day: the count of each event (absent = 0). */
export interface ListingDayCounts {
  listingId: string;
  /** `YYYY-MM-DD`, the day in Lagos. */
  day: string;
  counts: Partial<Record<ListingEvent, number>>;
}

/** Rows per statement: 10 parameters a row stays far below Postgres's 65,535. */
export const ROWS_PER_STATEMENT = 2_000;

/**
 * Adds `rows` to the listings' daily counters: one `insert … on conflict do update` per
 * {@link ROWS_PER_STATEMENT} rows. Rows of a listing that is not approved (unknown, pending,
 * deleted) are dropped by the join, so a beacon naming any id cannot create a row.
 * @returns the number of listing-days written.
 */
export async function addCounts(db: Db, rows: readonly ListingDayCounts[]): Promise<number> {
  let written = 0;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const values = rows
      .slice(start, start + ROWS_PER_STATEMENT)
      .map(
        (row) =>
          sql`(${row.listingId}::uuid, ${row.day}::date, ${sql.join(
            LISTING_EVENTS.map((event) => sql`${row.counts[event] ?? 0}::integer`),
          )})`,
      );
    const columns = sql.join(COLUMNS.map((c) => sql.ref(c)));
    const result = await sql`
      insert into listing_stats_daily (listing_id, day, ${columns})
      select v.listing_id, v.day, ${sql.join(COLUMNS.map((c) => sql.ref(`v.${c}`)))}
      from (values ${sql.join(values)}) as v (listing_id, day, ${columns})
      join business_registrations r on r.id = v.listing_id and r.status = 'approved'
      on conflict (listing_id, day) do update set ${sql.join(
        COLUMNS.map(
          (c) => sql`${sql.ref(c)} = listing_stats_daily.${sql.ref(c)} + excluded.${sql.ref(c)}`,
        ),
      )}`.execute(db);
    written += Number(result.numAffectedRows ?? 0);
  }
  return written;
}

/** A listing's counters of the days `from`…`to` (inclusive, `YYYY-MM-DD`), oldest first. */
export function dailyCounts(db: Db, listingId: string, from: string, to: string) {
  return db
    .selectFrom('listing_stats_daily')
    .select([sql<string>`day::text`.as('day'), ...COLUMNS])
    .where('listing_id', '=', listingId)
    .where(sql<boolean>`day between ${from}::date and ${to}::date`)
    .orderBy('day')
    .execute();
}

/**
 * The account that owns a listing (ADR 018): its id, `null` for an unclaimed listing, `undefined`
 * when there is no such listing.
 */
export async function ownerOf(db: Db, listingId: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('business_registrations')
    .select('owner_user_id')
    .where('id', '=', listingId)
    .executeTakeFirst();
  return row ? row.owner_user_id : undefined;
}

// ---------------------------------------------------------------------------------------------
// Search counts (issue 27.2, ADR 044)
// ---------------------------------------------------------------------------------------------

/** One day's searches of a normalized query in an area and category ('' = none). */
export interface SearchDayCount {
  day: string;
  query: string;
  area: string;
  category: string;
  searches: number;
  /** The result count of the last of these searches. */
  results: number;
}

/** How often a listing was on the first page of a query's results on a day. */
export interface ImpressionDayCount {
  listingId: string;
  day: string;
  query: string;
  impressions: number;
}

/** Rows per statement of the search tables (6 and 4 parameters a row). */
const SEARCH_ROWS_PER_STATEMENT = 5_000;

/**
 * Adds `searches` to search_stats_daily and `impressions` to listing_search_daily, one
 * `insert … on conflict do update` per {@link SEARCH_ROWS_PER_STATEMENT} rows of each. A
 * search's `results` becomes the day's last; impressions of a listing that is not approved are
 * dropped by the join.
 * @returns the rows written.
 */
export async function addSearchCounts(
  db: Db,
  searches: readonly SearchDayCount[],
  impressions: readonly ImpressionDayCount[],
): Promise<number> {
  let written = 0;
  for (let start = 0; start < searches.length; start += SEARCH_ROWS_PER_STATEMENT) {
    const values = searches
      .slice(start, start + SEARCH_ROWS_PER_STATEMENT)
      .map(
        (s) =>
          sql`(${s.day}::date, ${s.query}::text, ${s.area}::text, ${s.category}::text, ${s.searches}::integer, ${s.results}::integer)`,
      );
    const result = await sql`
      insert into search_stats_daily (day, query, area, category, searches, results)
      values ${sql.join(values)}
      on conflict (day, query, area, category) do update set
        searches = search_stats_daily.searches + excluded.searches,
        results = excluded.results`.execute(db);
    written += Number(result.numAffectedRows ?? 0);
  }
  for (let start = 0; start < impressions.length; start += SEARCH_ROWS_PER_STATEMENT) {
    const values = impressions
      .slice(start, start + SEARCH_ROWS_PER_STATEMENT)
      .map(
        (i) =>
          sql`(${i.listingId}::uuid, ${i.day}::date, ${i.query}::text, ${i.impressions}::integer)`,
      );
    const result = await sql`
      insert into listing_search_daily (listing_id, day, query, impressions)
      select v.listing_id, v.day, v.query, v.impressions
      from (values ${sql.join(values)}) as v (listing_id, day, query, impressions)
      join business_registrations r on r.id = v.listing_id and r.status = 'approved'
      on conflict (listing_id, day, query) do update set
        impressions = listing_search_daily.impressions + excluded.impressions`.execute(db);
    written += Number(result.numAffectedRows ?? 0);
  }
  return written;
}

/**
 * The queries that showed a listing most over the days `from`…`to` (inclusive), most first
 * (ties by query): at most `limit`. Reads the listing's rows of those days by the primary key.
 */
export async function topSearchesOf(
  db: Db,
  listingId: string,
  from: string,
  to: string,
  limit: number,
): Promise<{ query: string; impressions: number }[]> {
  const rows = await db
    .selectFrom('listing_search_daily')
    .select(['query', sql<string>`sum(impressions)`.as('impressions')])
    .where('listing_id', '=', listingId)
    .where(sql<boolean>`day between ${from}::date and ${to}::date`)
    .groupBy('query')
    .orderBy(sql`sum(impressions)`, 'desc')
    .orderBy('query')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ query: row.query, impressions: Number(row.impressions) }));
}
