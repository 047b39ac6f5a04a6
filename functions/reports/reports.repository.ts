import { type Kysely, sql } from 'kysely';
import { containsPattern } from '../_lib/like.ts';
import type { Database, ListingReportsTable } from '../db/database.ts';

/** Queries of listing_reports (issue 16.3, ADR 019). `db` may be a transaction. */
type Db = Kysely<Database>;
type Reason = ListingReportsTable['reason'];
type ClosedStatus = 'resolved' | 'dismissed' | 'suspended';

/** Distinct reporters of open "Permanently closed" reports that flag a listing. */
export const CLOSED_FLAG_REPORTERS = 3;

/**
 * Stores an open report unless this reporter already has an open one for the listing and reason
 * (the partial unique index `listing_reports_open_once`).
 * @returns true when a row was added, false for a repeat.
 */
export async function insertOpen(
  db: Db,
  values: {
    business_id: string;
    reason: Reason;
    details: string | null;
    reporter_user_id: string | null;
    reporter_key: string;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('listing_reports')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['business_id', 'reason', 'reporter_key'])
        .where('status', '=', 'open')
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether the listing is in the public directory (approved): only those can be reported. */
export async function isPublicListing(db: Db, businessId: string): Promise<boolean> {
  const row = await db
    .selectFrom('business_directory')
    .select('id')
    .where('id', '=', businessId)
    .executeTakeFirst();
  return Boolean(row);
}

export interface GroupRow {
  business_id: string;
  business_name: string;
  business_type: string;
  city: string | null;
  slug: string | null;
  status: 'pending' | 'approved' | 'suspended' | 'rejected';
  count: number;
  closed_reporters: number;
  last_reported_at: Date;
}

/** The open reports per listing, with the business name search `q` (lower-cased substring). */
function openGroups(db: Db, q: string | undefined) {
  let query = db
    .selectFrom((eb) =>
      eb
        .selectFrom('listing_reports')
        .where('status', '=', 'open')
        .groupBy('business_id')
        .select([
          'business_id',
          sql<string>`count(*)`.as('count'),
          sql<string>`count(distinct reporter_key) filter (where reason = 'closed')`.as(
            'closed_reporters',
          ),
          sql<Date>`max(created_at)`.as('last_reported_at'),
        ])
        .as('g'),
    )
    .innerJoin('business_registrations as b', 'b.id', 'g.business_id');
  if (q) query = query.where(sql`lower(b.business_name)`, 'like', containsPattern(q));
  return query;
}

/**
 * One page of listings with open reports, most recently reported first, and how many such
 * listings match in all.
 */
export async function listGroups(
  db: Db,
  q: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: GroupRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    openGroups(db, q)
      .select([
        'g.business_id',
        'b.business_name',
        'b.business_type',
        'b.city',
        'b.slug',
        'b.status',
        'g.count',
        'g.closed_reporters',
        'g.last_reported_at',
      ])
      .orderBy('g.last_reported_at', 'desc')
      .orderBy('g.business_id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    openGroups(db, q)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      count: Number(r.count),
      closed_reporters: Number(r.closed_reporters),
    })),
    total: Number(total.total),
  };
}

/** Open reports per listing and reason, for the listings `ids`. */
export async function reasonCounts(
  db: Db,
  ids: readonly string[],
): Promise<{ business_id: string; reason: Reason; count: number }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('listing_reports')
    .select(['business_id', 'reason', (eb) => eb.fn.countAll<string>().as('count')])
    .where('status', '=', 'open')
    .where('business_id', 'in', [...ids])
    .groupBy(['business_id', 'reason'])
    .orderBy('business_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('reason')
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** The newest `perListing` open reports of each listing in `ids`. */
export async function newestReports(db: Db, ids: readonly string[], perListing: number) {
  if (ids.length === 0) return [];
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('listing_reports')
        .select([
          'id',
          'business_id',
          'reason',
          'details',
          'created_at',
          'reporter_user_id',
          sql<number>`row_number() over (partition by business_id order by created_at desc, id desc)`.as(
            'n',
          ),
        ])
        .where('status', '=', 'open')
        .where('business_id', 'in', [...ids])
        .as('r'),
    )
    .selectAll()
    .where('n', '<=', perListing)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The listings among `ids` that three distinct reporters (account or address) have reported
 * "Permanently closed" with reports still open.
 */
export async function closedFlagged(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('listing_reports')
    .select('business_id')
    .where('status', '=', 'open')
    .where('reason', '=', 'closed')
    .where('business_id', 'in', [...ids])
    .groupBy('business_id')
    .having(sql<number>`count(distinct reporter_key)`, '>=', CLOSED_FLAG_REPORTERS)
    .execute();
  return new Set(rows.map((r) => r.business_id));
}

/** Number of open reports of a listing. */
export async function countOpen(db: Db, businessId: string): Promise<number> {
  const row = await db
    .selectFrom('listing_reports')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('business_id', '=', businessId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Closes every open report of a listing with `status` by `adminId`. @returns how many. */
export async function closeOpen(
  db: Db,
  businessId: string,
  status: ClosedStatus,
  adminId: string | null,
): Promise<number> {
  const result = await db
    .updateTable('listing_reports')
    .set({ status, handled_at: new Date(), handled_by: adminId })
    .where('business_id', '=', businessId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
