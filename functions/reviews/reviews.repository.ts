import { type Kysely, sql } from 'kysely';
import type {
  Database,
  ModerationAction,
  ReviewReportsTable,
  ReviewStatus,
} from '../db/database.ts';
import type { ReviewSort } from '../../common/schemas/review-rules.ts';

/** Queries of reviews, replies, reports of reviews and their moderation (issue 24, ADR 034). */
export type Db = Kysely<Database>;

/** The listing fields reviews need: who owns it, what its pages show (cache tags), its stats. */
export function findListing(db: Db, id: string) {
  return db
    .selectFrom('business_registrations')
    .select([
      'id',
      'business_name',
      'slug',
      'status',
      'featured',
      'category_keys',
      'area',
      'owner_user_id',
      'review_count',
      'review_sum',
      'review_stars',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type ReviewListing = NonNullable<Awaited<ReturnType<typeof findListing>>>;

export const REVIEW_COLUMNS = [
  'r.id',
  'r.listing_id',
  'r.user_id',
  'r.rating',
  'r.title',
  'r.body',
  'r.service',
  sql<string>`to_char(r.visit_month, 'YYYY-MM')`.as('visit_month'),
  'r.author_name',
  'r.status',
  'r.hold_reasons',
  'r.hidden_reason',
  'r.created_at',
  'r.updated_at',
  'r.attention_at',
  // Issue 37.4: "Phone confirmed" beside the reviewer's name, from the account as it is now.
  sql<boolean>`coalesce((select u.phone_number_verified from "user" u where u.id = r.user_id), false)`.as(
    'phone_confirmed',
  ),
  // Issue 36.7: "Job booked through Lagos Auto Hub": the reviewer's account sent a Find It request
  // whose quote from this business it accepted (and did not say the job was not done).
  sql<boolean>`exists (select 1 from quotes q join service_requests s on s.id = q.service_request_id
    where q.listing_id = r.listing_id and q.status = 'accepted' and s.user_id = r.user_id
      and q.job_done is not false)`.as('booked'),
] as const;

/** One review with its reply (any status), or undefined. */
export function findReview(db: Db, id: string) {
  return db
    .selectFrom('reviews as r')
    .leftJoin('review_replies as p', 'p.review_id', 'r.id')
    .select([
      ...REVIEW_COLUMNS,
      'p.body as reply_body',
      'p.status as reply_status',
      'p.hold_reasons as reply_hold_reasons',
      'p.hidden_reason as reply_hidden_reason',
      'p.created_at as reply_created_at',
      'p.updated_at as reply_updated_at',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}
export type ReviewRow = NonNullable<Awaited<ReturnType<typeof findReview>>>;

/** The review of `listingId` by `userId` (one at most), with its reply. */
export async function findReviewBy(db: Db, listingId: string, userId: string) {
  const row = await db
    .selectFrom('reviews')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? findReview(db, row.id) : undefined;
}

/** Locks a review row for the rest of the transaction (an edit, a moderation step). */
export function lockReview(db: Db, id: string) {
  return db
    .selectFrom('reviews')
    .select([
      'id',
      'listing_id',
      'user_id',
      'status',
      'hold_reasons',
      'attention_at',
      'published_at',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export interface ReviewValues {
  rating: number;
  title: string;
  body: string;
  service: string;
  /** `YYYY-MM`. */
  visit_month: string;
  author_name: string;
  status: ReviewStatus;
  hold_reasons: string[];
  body_hash: string;
}

/** Stores a new review. @throws the unique violation `reviews_one_per_account` on a second one. */
export async function insertReview(
  db: Db,
  values: ReviewValues & {
    listing_id: string;
    user_id: string;
    author_address_key: string;
    new_account: boolean;
    /** Keyed hash of the author's confirmed phone number (issue 37.4), or null. */
    author_phone_key?: string | null;
    /** Keyed hash of the author's network (issue 37.7, ADR 077). */
    author_network_key: string;
  },
): Promise<string> {
  const { visit_month, ...rest } = values;
  const row = await db
    .insertInto('reviews')
    .values({
      ...rest,
      visit_month: `${visit_month}-01`,
      published_at: values.status === 'published' ? new Date() : null,
      attention_at: values.status === 'held' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Rewrites a review's content and status (an edit). An admin's `hidden_reason` stays for the
 * record until an admin publishes the review again.
 */
export async function updateReview(db: Db, id: string, values: ReviewValues): Promise<void> {
  const { visit_month, ...rest } = values;
  await db
    .updateTable('reviews')
    .set({
      ...rest,
      visit_month: `${visit_month}-01`,
      updated_at: new Date(),
      published_at:
        values.status === 'published' ? sql`coalesce(published_at, now())` : sql`published_at`,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteReview(db: Db, id: string): Promise<void> {
  await db.deleteFrom('reviews').where('id', '=', id).execute();
}

/** Sets the status of a review (a moderation step) with the reasons or the admin's reason. */
export async function setReviewStatus(
  db: Db,
  id: string,
  status: ReviewStatus,
  extra: { hold_reasons?: string[]; hidden_reason?: string | null } = {},
): Promise<void> {
  await db
    .updateTable('reviews')
    .set({
      status,
      ...(extra.hold_reasons ? { hold_reasons: extra.hold_reasons } : {}),
      ...(extra.hidden_reason !== undefined ? { hidden_reason: extra.hidden_reason } : {}),
      published_at: status === 'published' ? sql`coalesce(published_at, now())` : sql`published_at`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Keeps `attention_at` true to what waits: set (keeping the first moment) while the review is
 * held, has an open report, or its reply is held; cleared otherwise. Call after every change of
 * those, in the same transaction. @returns whether it waits.
 */
export async function refreshAttention(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable('reviews')
    .set({
      attention_at: sql`case when status = 'held'
        or exists (select 1 from review_reports rr where rr.review_id = reviews.id and rr.status = 'open')
        or exists (select 1 from review_replies rp where rp.review_id = reviews.id and rp.status = 'held')
        then coalesce(attention_at, now()) end`,
    })
    .where('id', '=', id)
    .returning('attention_at')
    .executeTakeFirst();
  return Boolean(row?.attention_at);
}

export const SORTS: Record<ReviewSort, ReturnType<typeof sql>> = {
  newest: sql`r.created_at desc, r.id desc`,
  highest: sql`r.rating desc, r.created_at desc, r.id desc`,
  lowest: sql`r.rating asc, r.created_at desc, r.id desc`,
};
export async function block(
  db: Db,
  userId: string,
  reason: string | null,
  adminId: string | null,
): Promise<void> {
  await db
    .insertInto('review_blocks')
    .values({ user_id: userId, reason, blocked_by: adminId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** The reply to a review, any status, or undefined. */
export function findReply(db: Db, reviewId: string) {
  return db
    .selectFrom('review_replies')
    .selectAll()
    .where('review_id', '=', reviewId)
    .executeTakeFirst();
}

/** Writes the owner's reply (the first, or an edit that replaces it). */
export async function upsertReply(
  db: Db,
  values: {
    review_id: string;
    user_id: string;
    body: string;
    status: ReviewStatus;
    hold_reasons: string[];
    body_hash: string;
  },
): Promise<void> {
  await db
    .insertInto('review_replies')
    .values(values)
    .onConflict((oc) =>
      oc.column('review_id').doUpdateSet({
        user_id: values.user_id,
        body: values.body,
        status: values.status,
        hold_reasons: values.hold_reasons,
        body_hash: values.body_hash,
        hidden_reason: null,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function setReplyStatus(
  db: Db,
  reviewId: string,
  status: ReviewStatus,
  hiddenReason: string | null,
): Promise<void> {
  await db
    .updateTable('review_replies')
    .set({ status, hidden_reason: hiddenReason })
    .where('review_id', '=', reviewId)
    .execute();
}

/**
 * Stores an open report unless this reporter has one for the review and reason already.
 * @returns true when a row was added.
 */
export async function insertReport(
  db: Db,
  values: {
    review_id: string;
    reason: ReviewReportsTable['reason'];
    details: string | null;
    reporter_user_id: string | null;
    reporter_key: string;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('review_reports')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['review_id', 'reason', 'reporter_key']).where('status', '=', 'open').doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Closes a review's open reports as `upheld` (hidden) or `dismissed` (kept). @returns how many. */
export async function closeReports(
  db: Db,
  reviewId: string,
  status: 'upheld' | 'dismissed',
  adminId: string | null,
): Promise<number> {
  const result = await db
    .updateTable('review_reports')
    .set({ status, handled_at: new Date(), handled_by: adminId })
    .where('review_id', '=', reviewId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function log(
  db: Db,
  entry: {
    review_id: string;
    listing_id: string;
    action: ModerationAction;
    reasons?: string[];
    note?: string | null;
    admin_id?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('review_moderation_log')
    .values({
      review_id: entry.review_id,
      listing_id: entry.listing_id,
      action: entry.action,
      reasons: entry.reasons ?? [],
      note: entry.note ?? null,
      admin_id: entry.admin_id ?? null,
    })
    .execute();
}

/** The author of a review: account e-mail and name (for the e-mails a reply or a hide sends). */
export function authorOf(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .select(['email', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
