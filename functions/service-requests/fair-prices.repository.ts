import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Fair-price ranges (issue 36.6, ADR 080): per job type and car class, the middle half of the
 * totals quoted in the last 90 days, kept in `fair_prices` by the writes that change a quote and
 * read by pages as they are. `db` may be a transaction.
 */
type Db = Kysely<Database>;

/** A range as kept: from {@link MIN_QUOTES} quotes on. */
export interface FairPriceRow {
  job_type: string;
  car_class: 'all' | 'standard' | 'luxury';
  quotes: number;
  low_naira: number;
  high_naira: number;
}

/** Never a range from fewer quotes than this (issue 36.6). */
export const MIN_QUOTES = 5;
/** The window of quotes a range covers. */
export const WINDOW_DAYS = 90;
/** Ranges are rounded to this many naira (down for the low end, up for the high). */
const ROUND = 500;

/**
 * Recomputes job type `jobType`'s ranges from its quotes of the last 90 days (declines and hidden
 * quotes left out), `luxury` makes apart; writes the classes with at least five quotes and
 * deletes the others. Reads the job type's requests of the window through
 * `service_requests_job_type`: it grows with that job's quotes, not with the directory. Run it
 * in a transaction (it takes the job type's advisory lock until the end).
 * @returns whether a shown range changed (a page showing it must be purged).
 */
export async function refresh(
  db: Db,
  jobType: string,
  luxuryMakes: readonly string[],
): Promise<boolean> {
  const { rows } = await sql<{
    car_class: FairPriceRow['car_class'];
    quotes: number;
    low: number;
    high: number;
  }>`
    with quoted as (
      select q.total_naira as total,
             case when r.car_make = any(${sql.val([...luxuryMakes])}::text[]) then 'luxury'
                  when r.car_make is not null then 'standard' end as car_class
      from service_requests r
      join quotes q on q.service_request_id = r.id
      where r.job_type = ${jobType}
        and r.created_at > now() - make_interval(days => ${WINDOW_DAYS + 30})
        and q.created_at > now() - make_interval(days => ${WINDOW_DAYS})
        and q.status <> 'declined' and q.hidden_at is null and q.total_naira is not null
    ), classed as (
      select 'all' as car_class, total from quoted
      union all
      select car_class, total from quoted where car_class is not null
    )
    select car_class, count(*)::int as quotes,
           (floor(percentile_cont(0.25) within group (order by total) / ${ROUND}) * ${ROUND})::int as low,
           (ceil(percentile_cont(0.75) within group (order by total) / ${ROUND}) * ${ROUND})::int as high
    from classed group by car_class`.execute(db);
  const kept = rows.filter((r) => r.quotes >= MIN_QUOTES);
  const before = await db
    .selectFrom('fair_prices')
    .select(['car_class', 'quotes', 'low_naira', 'high_naira'])
    .where('job_type', '=', jobType)
    .execute();
  const same =
    before.length === kept.length &&
    kept.every((k) =>
      before.some(
        (b) =>
          b.car_class === k.car_class &&
          b.quotes === k.quotes &&
          b.low_naira === k.low &&
          b.high_naira === k.high,
      ),
    );
  if (same) return false;
  await db.deleteFrom('fair_prices').where('job_type', '=', jobType).execute();
  if (kept.length > 0)
    await db
      .insertInto('fair_prices')
      .values(
        kept.map((k) => ({
          job_type: jobType,
          car_class: k.car_class,
          quotes: k.quotes,
          low_naira: k.low,
          high_naira: k.high,
        })),
      )
      .execute();
  return true;
}

/** The kept ranges of `jobTypes` (every class), in no order. */
export function list(db: Db, jobTypes: readonly string[]): Promise<FairPriceRow[]> {
  if (jobTypes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fair_prices')
    .select(['job_type', 'car_class', 'quotes', 'low_naira', 'high_naira'])
    .where('job_type', 'in', [...jobTypes])
    .execute();
}
