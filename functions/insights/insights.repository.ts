import { type Kysely, type RawBuilder, sql } from 'kysely';
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

/** Rows per statement: 12 parameters a row (2 + the counters) stays far below Postgres's 65,535. */
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

// ---------------------------------------------------------------------------------------------
// The admin's rolling period (issue 27.6, ADR 049): listing_period_stats and area_period_stats
// hold the days from insights_rollup.period_from on, kept by listing_stats_daily's triggers
// (migration 2026_11_27_0060) in the statement that writes the counts; rollPeriod moves that
// first day to the admin period's. The admin's reads are in admin-insights.repository.ts.
// ---------------------------------------------------------------------------------------------

/** A gap longer than this (days) rebuilds the period rows instead of subtracting day by day. */
export const ROLL_MAX_DAYS = 7;

/** The first day the period rows cover (`null`: not built yet). */
export async function periodFrom(db: Db): Promise<string | null> {
  const { rows } = await sql<{ from: string | null }>`
    select period_from::text as from from insights_rollup where id = 1`.execute(db);
  return rows[0]?.from ?? null;
}

/**
 * Each listing's days with counts and its sums over the days `days` selects, as the period rows
 * hold them (`days`, `visits`, `reveals`, `taps`: the four tap counters together).
 */
const periodSums = (days: RawBuilder<boolean>) => sql`
  select listing_id, count(*) as days, sum(page_views) as visits,
    sum(contact_reveals) as reveals,
    sum(call_taps + whatsapp_taps + directions_taps + website_taps) as taps
  from listing_stats_daily where ${days}
  group by listing_id`;

/**
 * Makes the period rows cover the days from `from` on (`YYYY-MM-DD`), in one transaction that
 * holds the roll-up's row `for update` (a flush's triggers wait for it): when they already do,
 * nothing; when they cover from an earlier day, up to {@link ROLL_MAX_DAYS} days before `from`,
 * the leaving days' listing-days are subtracted (read by `listing_stats_daily (day)`) and the
 * listings left without one are removed; otherwise (never built, a longer gap, or `from` earlier
 * than before) they are rebuilt from listing_stats_daily. Idempotent: run twice = once.
 * @returns what it did.
 */
export async function rollPeriod(db: Db, from: string): Promise<'current' | 'rolled' | 'rebuilt'> {
  if ((await periodFrom(db)) === from) return 'current';
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ from: string | null; gap: number | null }>`
      select period_from::text as from, ${from}::date - period_from as gap
      from insights_rollup where id = 1 for update`.execute(trx);
    const gap = rows[0]?.gap ?? null;
    if (gap === 0) return 'current';
    await sql`update insights_rollup set period_from = ${from}::date where id = 1`.execute(trx);
    if (gap !== null && gap > 0 && gap <= ROLL_MAX_DAYS) {
      await sql`
        with leaving as (${periodSums(sql`day >= ${rows[0]!.from}::date and day < ${from}::date`)})
        update listing_period_stats t set days = t.days - l.days, visits = t.visits - l.visits,
          reveals = t.reveals - l.reveals, taps = t.taps - l.taps
        from leaving l where t.listing_id = l.listing_id`.execute(trx);
      await sql`delete from listing_period_stats where days <= 0`.execute(trx);
      return 'rolled';
    }
    await sql`delete from listing_period_stats`.execute(trx);
    await sql`
      insert into listing_period_stats (listing_id, area, days, visits, reveals, taps)
      select s.listing_id, r.area, s.days, s.visits, s.reveals, s.taps
      from (${periodSums(sql`day >= ${from}::date`)}) s
      join business_registrations r on r.id = s.listing_id
      order by s.listing_id`.execute(trx);
    return 'rebuilt';
  });
}
