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
