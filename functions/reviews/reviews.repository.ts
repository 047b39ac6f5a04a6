import { type Kysely, sql } from 'kysely';
import { matchesAny } from '../_lib/like.ts';
import { countOf, pageOf, type PageWindow } from '../_lib/paging.ts';
import type {
  Database,
  ModerationAction,
  ReviewReportsTable,
  ReviewStatus,
} from '../db/database.ts';
import type { ReviewSort } from '../../common/schemas/review-rules.ts';

/** Queries of reviews, replies, reports of reviews and their moderation (issue 24, ADR 034). */
type Db = Kysely<Database>;

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

const REVIEW_COLUMNS = [
  'r.id',
  'r.business_id',
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

/** The review of `businessId` by `userId` (one at most), with its reply. */
export async function findReviewBy(db: Db, businessId: string, userId: string) {
  const row = await db
    .selectFrom('reviews')
    .select('id')
    .where('business_id', '=', businessId)
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
      'business_id',
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
    business_id: string;
    user_id: string;
    author_address_key: string;
    new_account: boolean;
    /** Keyed hash of the author's confirmed phone number (issue 37.4), or null. */
    author_phone_key?: string | null;
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

const SORTS: Record<ReviewSort, ReturnType<typeof sql>> = {
  newest: sql`r.created_at desc, r.id desc`,
  highest: sql`r.rating desc, r.created_at desc, r.id desc`,
  lowest: sql`r.rating asc, r.created_at desc, r.id desc`,
};

/**
 * One page of a listing's published reviews in `sort` order, with their published replies. The
 * page's ids come from the listing's partial index of published reviews, the rows after.
 */
export function publishedPage(
  db: Db,
  businessId: string,
  sort: ReviewSort,
  page: { offset: number; limit: number },
) {
  return db
    .selectFrom('reviews as r')
    .leftJoin('review_replies as p', (join) =>
      join.onRef('p.review_id', '=', 'r.id').on('p.status', '=', 'published'),
    )
    .select([
      ...REVIEW_COLUMNS,
      'p.body as reply_body',
      'p.created_at as reply_created_at',
      'p.updated_at as reply_updated_at',
    ])
    .where('r.business_id', '=', businessId)
    .where('r.status', '=', 'published')
    .orderBy(SORTS[sort])
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/**
 * One page of a listing's published reviews for its owner, with the owner's reply in any status
 * (held or hidden replies show their state to the owner).
 */
export function ownerPage(db: Db, businessId: string, page: { offset: number; limit: number }) {
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
    .where('r.business_id', '=', businessId)
    .where('r.status', '=', 'published')
    .orderBy(SORTS.newest)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Reviews written by `userId` in the last 24 hours (the daily limit). */
export async function reviewsInLastDay(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Replies first posted by `userId` in the last 24 hours (the daily limit, for replies). */
export async function repliesInLastDay(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('review_replies')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether another review (not `exceptId`) or a reply has the text of `hash`. */
export async function textPostedElsewhere(
  db: Db,
  hash: string,
  except: { reviewId?: string; replyOf?: string; replyUserId?: string | null },
): Promise<boolean> {
  const review = await db
    .selectFrom('reviews')
    .select('id')
    .where('body_hash', '=', hash)
    .$if(Boolean(except.reviewId), (q) => q.where('id', '<>', except.reviewId!))
    .limit(1)
    .executeTakeFirst();
  if (review) return true;
  let replies = db
    .selectFrom('review_replies')
    .select('review_id')
    .where('body_hash', '=', hash)
    .limit(1);
  if (except.replyOf) replies = replies.where('review_id', '<>', except.replyOf);
  // An owner's own repeated reply is not "elsewhere": only another account's text counts.
  if (except.replyUserId)
    replies = replies.where((eb) =>
      eb.or([eb('user_id', 'is', null), eb('user_id', '<>', except.replyUserId!)]),
    );
  return Boolean(await replies.executeTakeFirst());
}

/**
 * Reviews of `businessId` written in the last 30 days by new accounts (younger than a week) from
 * the address `addressKey`, by accounts other than `userId`: the ids and their statuses.
 */
export function newAccountReviews(db: Db, businessId: string, addressKey: string, userId: string) {
  return db
    .selectFrom('reviews')
    .select(['id', 'user_id', 'status', 'hold_reasons'])
    .where('business_id', '=', businessId)
    .where('author_address_key', '=', addressKey)
    .where('new_account', '=', true)
    .where('user_id', '<>', userId)
    .where('created_at', '>', sql<Date>`now() - interval '30 days'`)
    .execute();
}

/** Whether the account is blocked from reviewing. */
export async function isBlocked(db: Db, userId: string): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('review_blocks')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
}

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

/** When the account was created (the "new account" test). */
export async function accountCreatedAt(db: Db, userId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('user')
    .select('created_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.created_at;
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
    business_id: string;
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
      business_id: entry.business_id,
      action: entry.action,
      reasons: entry.reasons ?? [],
      note: entry.note ?? null,
      admin_id: entry.admin_id ?? null,
    })
    .execute();
}

/** The waiting reviews matching `q` (business name, title, text or shown name). */
function waiting(db: Db, q: string | undefined) {
  let query = db
    .selectFrom('reviews as r')
    .innerJoin('business_registrations as b', 'b.id', 'r.business_id')
    .where('r.attention_at', 'is not', null);
  if (q)
    query = query.where(matchesAny(['b.business_name', 'r.title', 'r.body', 'r.author_name'], q));
  return query;
}

/**
 * One page of the Reviews tab: reviews that wait, most recently waiting first, with their listing
 * and author; and how many wait in all. Without a search the page is a walk of the partial index
 * `reviews_attention`, the count an index-only count of it.
 */
export async function listWaiting(db: Db, q: string | undefined, page: PageWindow) {
  const [rows, total] = await Promise.all([
    pageOf(
      waiting(db, q)
        .leftJoin('user as u', 'u.id', 'r.user_id')
        .leftJoin('review_blocks as k', 'k.user_id', 'r.user_id')
        .leftJoin('review_replies as p', 'p.review_id', 'r.id')
        .select([
          ...REVIEW_COLUMNS,
          'b.business_name',
          'b.slug',
          'b.status as business_status',
          'u.email as author_email',
          'k.user_id as blocked_user',
          'p.body as reply_body',
          'p.status as reply_status',
          'p.hold_reasons as reply_hold_reasons',
          'p.hidden_reason as reply_hidden_reason',
          'p.created_at as reply_created_at',
          'p.updated_at as reply_updated_at',
        ])
        .orderBy('r.attention_at', 'desc')
        .orderBy('r.id', 'desc'),
      page,
    ),
    countWaiting(db, q),
  ]);
  return { rows, total };
}

/** How many reviews wait for the admin (the Reviews tab's count), matching `q`. */
export function countWaiting(db: Db, q: string | undefined): Promise<number> {
  if (q) return countOf(waiting(db, q));
  return countOf(db.selectFrom('reviews').where('attention_at', 'is not', null));
}

/** The open reports of the reviews `ids`, newest first. */
export function openReportsOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('review_reports')
    .select(['id', 'review_id', 'reason', 'details', 'created_at', 'reporter_user_id'])
    .where('review_id', 'in', [...ids])
    .where('status', '=', 'open')
    .orderBy('created_at', 'desc')
    .execute();
}

/** The newest `perReview` moderation steps of each review in `ids`, with the admin's name. */
export function logOf(db: Db, ids: readonly string[], perReview: number) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('review_moderation_log as l')
        .leftJoin('user as u', 'u.id', 'l.admin_id')
        .select([
          'l.id',
          'l.review_id',
          'l.action',
          'l.reasons',
          'l.note',
          'l.created_at',
          'u.name as admin_name',
          'u.email as admin_email',
          'l.admin_id',
          sql<number>`row_number() over (partition by l.review_id order by l.created_at desc, l.id desc)`.as(
            'n',
          ),
        ])
        .where('l.review_id', 'in', [...ids])
        .as('x'),
    )
    .selectAll()
    .where('n', '<=', perReview)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * One page of the moderation log, newest first, with each step's review and listing; `q` on the
 * business name, the review's title or shown name, or the admin's name.
 */
export async function listLog(
  db: Db,
  q: string | undefined,
  page: { offset: number; limit: number },
) {
  const base = () => {
    let query = db
      .selectFrom('review_moderation_log as l')
      .leftJoin('reviews as r', 'r.id', 'l.review_id')
      .leftJoin('business_registrations as b', 'b.id', 'l.business_id')
      .leftJoin('user as u', 'u.id', 'l.admin_id');
    if (q)
      query = query.where(matchesAny(['b.business_name', 'r.title', 'r.author_name', 'u.name'], q));
    return query;
  };
  const [rows, total] = await Promise.all([
    pageOf(
      base()
        .select([
          'l.id',
          'l.action',
          'l.reasons',
          'l.note',
          'l.created_at',
          'l.admin_id',
          'u.name as admin_name',
          'u.email as admin_email',
          'r.id as review_id',
          'r.title as review_title',
          'r.author_name',
          'b.id as business_id',
          'b.business_name',
        ])
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc'),
      page,
    ),
    countOf(base()),
  ]);
  return { rows, total };
}

/** The author of a review: account e-mail and name (for the e-mails a reply or a hide sends). */
export function authorOf(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .select(['email', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The account's confirmed phone number (E.164), or null (issue 37.4). */
export async function confirmedPhoneOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('user')
    .select('phone_number')
    .where('id', '=', userId)
    .where('phone_number_verified', '=', true)
    .executeTakeFirst();
  return row?.phone_number ?? null;
}

/** Whether a review of the listing already carries this phone key (issue 37.4). */
export async function phoneReviewed(
  db: Db,
  businessId: string,
  phoneKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('reviews')
    .select('id')
    .where('business_id', '=', businessId)
    .where('author_phone_key', '=', phoneKey)
    .executeTakeFirst();
  return row !== undefined;
}
