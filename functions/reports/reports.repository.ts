import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
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
    listing_id: string;
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
      oc.columns(['listing_id', 'reason', 'reporter_key']).where('status', '=', 'open').doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether the listing is in the public directory (approved): only those can be reported. */
export async function isPublicListing(db: Db, listingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('business_directory')
    .select('id')
    .where('id', '=', listingId)
    .executeTakeFirst();
  return Boolean(row);
}

export interface GroupRow {
  listing_id: string;
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
        .groupBy('listing_id')
        .select([
          'listing_id',
          sql<string>`count(*)`.as('count'),
          sql<string>`count(distinct reporter_key) filter (where reason = 'closed')`.as(
            'closed_reporters',
          ),
          sql<Date>`max(created_at)`.as('last_reported_at'),
        ])
        .as('g'),
    )
    .innerJoin('business_registrations as b', 'b.id', 'g.listing_id');
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
        'g.listing_id',
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
      .orderBy('g.listing_id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    countGroups(db, q),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      count: Number(r.count),
      closed_reporters: Number(r.closed_reporters),
    })),
    total,
  };
}

/**
 * Listings with open reports, matching the business name search `q`. Without a search it reads
 * only the partial index of open reports (`listing_reports_open_recent`); with one it joins the
 * listings of those groups.
 */
export async function countGroups(db: Db, q: string | undefined): Promise<number> {
  if (q) {
    const row = await openGroups(db, q)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }
  const row = await db
    .selectFrom('listing_reports')
    .select(sql<string>`count(distinct listing_id)`.as('total'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Open reports per listing and reason, for the listings `ids`. */
export async function reasonCounts(
  db: Db,
  ids: readonly string[],
): Promise<{ listing_id: string; reason: Reason; count: number }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('listing_reports')
    .select(['listing_id', 'reason', (eb) => eb.fn.countAll<string>().as('count')])
    .where('status', '=', 'open')
    .where('listing_id', 'in', [...ids])
    .groupBy(['listing_id', 'reason'])
    .orderBy('listing_id')
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
          'listing_id',
          'reason',
          'details',
          'created_at',
          'reporter_user_id',
          sql<number>`row_number() over (partition by listing_id order by created_at desc, id desc)`.as(
            'n',
          ),
        ])
        .where('status', '=', 'open')
        .where('listing_id', 'in', [...ids])
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
    .select('listing_id')
    .where('status', '=', 'open')
    .where('reason', '=', 'closed')
    .where('listing_id', 'in', [...ids])
    .groupBy('listing_id')
    .having(sql<number>`count(distinct reporter_key)`, '>=', CLOSED_FLAG_REPORTERS)
    .execute();
  return new Set(rows.map((r) => r.listing_id));
}

/** Whether `reportId` is a report (any status) of the listing `listingId`. */
export async function isReportOf(db: Db, listingId: string, reportId: string): Promise<boolean> {
  const row = await db
    .selectFrom('listing_reports')
    .select('id')
    .where('id', '=', reportId)
    .where('listing_id', '=', listingId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The open reports of a listing the admin saw: those created no later than the report `through`
 * (the newest one the admin's page showed). The comparison stays in SQL so the microseconds of
 * `created_at` are kept (a JavaScript Date has milliseconds only).
 */
function seenOpen(db: Db, listingId: string, through: string) {
  return (eb: ExpressionBuilder<Database, 'listing_reports'>) =>
    eb.and([
      eb('listing_id', '=', listingId),
      eb('status', '=', 'open'),
      eb(
        'created_at',
        '<=',
        db.selectFrom('listing_reports as t').select('t.created_at').where('t.id', '=', through),
      ),
    ]);
}

/**
 * Closes the open reports of a listing created no later than the report `through` with `status`
 * by `adminId`; reports that arrived later stay open. @returns how many were closed.
 */
export async function closeOpen(
  db: Db,
  listingId: string,
  through: string,
  status: ClosedStatus,
  adminId: string | null,
): Promise<number> {
  const result = await db
    .updateTable('listing_reports')
    .set({ status, handled_at: new Date(), handled_by: adminId })
    .where(seenOpen(db, listingId, through))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * One page of closed reports of `status`, most recently closed first, with their listing and the
 * admin who closed them, and how many match in all. The page's ids are read on the index
 * `listing_reports_closed_recent` first and joined after (ADR 014), so a deep page costs about
 * what the first does; a search `q` joins the listings to filter on the business name.
 */
export async function listClosed(
  db: Db,
  filter: { status: ClosedStatus; q: string | undefined },
  page: { offset: number; limit: number },
) {
  const matching = () => {
    let query = db.selectFrom('listing_reports as r').where('r.status', '=', filter.status);
    if (filter.q)
      query = query.where(
        'r.listing_id',
        'in',
        db
          .selectFrom('business_registrations as fb')
          .select('fb.id')
          .where(sql`lower(fb.business_name)`, 'like', containsPattern(filter.q)),
      );
    return query;
  };
  const [rows, total] = await Promise.all([
    db
      .selectFrom(
        matching()
          .select(['r.id', 'r.handled_at'])
          .orderBy('r.handled_at', 'desc')
          .orderBy('r.id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .as('p'),
      )
      .innerJoin('listing_reports as r', 'r.id', 'p.id')
      .innerJoin('business_registrations as b', 'b.id', 'r.listing_id')
      .leftJoin('user as u', 'u.id', 'r.handled_by')
      .select([
        'r.id',
        'r.reason',
        'r.details',
        'r.created_at',
        'r.reporter_user_id',
        'r.status',
        'r.handled_at',
        'r.listing_id',
        'b.business_name',
        'b.slug',
        'b.status as business_status',
        'u.name as handler_name',
        'u.email as handler_email',
      ])
      .orderBy('r.handled_at', 'desc')
      .orderBy('r.id', 'desc')
      .execute(),
    matching()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}
