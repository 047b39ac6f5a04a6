import { keyedPhone } from '../_lib/sms.ts';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../common/schemas/auth.ts';
import {
  type AdminReview,
  type AdminReviewListQuery,
  type ModerationLogEntry,
  type OwnerReview,
  type OwnReply,
  type OwnReview,
  type PublicReview,
  type ReplyInput,
  type ReviewInput,
  type ReviewListQuery,
  type ReviewReport,
  type ReviewSummary,
  type HoldReason,
  REVIEWS_PAGE_SIZE,
  reviewAverage,
  writeReviewPath,
} from '../../common/schemas/reviews.ts';
import { pageWindow } from '../_lib/paging.ts';
import { siteUrl } from '../_lib/env.ts';
import { AppError } from '../_lib/errors.ts';
import type { Encodable } from '../_lib/http.ts';
import { log } from '../_lib/log.ts';
import type { Mailer, MailMessage } from '../_lib/mail.ts';
import { isUniqueViolation } from '../_lib/pg-errors.ts';
import { addressBucket, enforceRateLimits, keyedAddress } from '../_lib/rate-limit.ts';
import type { Database, ReviewStatus } from '../db/database.ts';
import { replyPostedEmail, reviewHiddenEmail } from '../emails/reviews.ts';
import { listingChangeTags } from '../site/cache-tags.ts';
import {
  DUPLICATE_MIN_CHARACTERS,
  normaliseText,
  textHash,
  textHoldReasons,
} from './hold-rules.ts';
import { countServerEvent } from '../insights/insights.service.ts';
import * as repository from './reviews.repository.ts';
import type { BlobStore } from '../_lib/blobs.ts';
import * as photos from '../photos/photos.service.ts';
import { PHOTO_MESSAGES } from '../../common/schemas/photo-rules.ts';
import type { ReviewPhoto } from '../../common/schemas/photos.ts';

/**
 * Reviews (issue 24, ADR 034): motorists write one review per listing, owners reply, visitors
 * report, admins moderate. Every rule is enforced here, on the server; the published reviews'
 * count, sum and distribution are kept by the database as reviews change (migration
 * 2026_11_26_0340), so nothing here counts reviews for a page.
 */
type Db = Kysely<Database>;

/** A review write from one address in an hour (past it: 429). Floods only; the rules hold the rest. */
export const REVIEW_WRITES_PER_HOUR = 20;
/** Reports of reviews per hour per address, all reviews together (as listing reports, ADR 019). */
export const REVIEW_REPORTS_PER_HOUR = 10;
/** Replies (new or edited) per hour per account. */
export const REPLY_WRITES_PER_HOUR = 60;
/** Reviews (or replies) one account posts in 24 hours before the next ones are held. */
export const DAILY_LIMIT = 5;
/** An account younger than this when it reviews is a new account. */
export const NEW_ACCOUNT_DAYS = 7;
/** This many distinct new accounts from one address reviewing one listing in 30 days are held. */
export const NEW_ACCOUNT_CLUSTER = 3;

export const VERIFY_TO_REVIEW_MESSAGE =
  'Please confirm your email address to write a review: open the link we sent you.';
/** Issue 37.4: one review per listing per phone number, across accounts. */
export const PHONE_ALREADY_REVIEWED_MESSAGE =
  'A review of this business was already written with your phone number.';
export const OWN_LISTING_MESSAGE = 'You cannot review a business you own.';
export const BLOCKED_MESSAGE = 'Your account can no longer post reviews.';
export const ALREADY_REVIEWED_MESSAGE =
  'You have already reviewed this business. You can edit your review instead.';
export const NOT_OWNER_MESSAGE = 'Only the owner of this business can reply to its reviews.';
const REVIEW_NOT_FOUND = 'Review not found';
const BUSINESS_NOT_FOUND = 'Business not found';

/** The published reviews' summary of a listing row (count, average, 1…5 stars). */
export function summaryOf(listing: {
  review_count: number;
  review_sum: number;
  review_stars: number[];
}): ReviewSummary {
  return {
    count: listing.review_count,
    average: reviewAverage(listing.review_count, listing.review_sum),
    stars: [0, 1, 2, 3, 4].map((i) => Number(listing.review_stars[i] ?? 0)),
  };
}

/** What a listing's pages show of its reviews: its business page, category pages, home if featured. */
export function reviewTags(listing: repository.ReviewListing): string[] {
  const state = {
    id: listing.id,
    status: listing.status,
    featured: listing.featured,
    slug: listing.slug,
    category_keys: listing.category_keys,
    area: listing.area,
  };
  return listingChangeTags(state, state);
}

/**
 * The author's address bucket as stored with a review: a keyed hash (the address itself is never
 * stored), as listing reports keep theirs (ADR 019).
 */
export function addressKey(clientAddress: string): string {
  return keyedAddress('review-author', clientAddress);
}

/** Who reported a review: the account when signed in, else the keyed address (ADR 019). */
function reporterKey(user: SessionUser | null, clientAddress: string): string {
  return user ? `user:${user.id}` : `ip:${keyedAddress('review-report', clientAddress)}`;
}

type ReviewRow = repository.ReviewRow;
type PageRow = Awaited<ReturnType<typeof repository.publishedPage>>[number];

function publicReview(
  row: PageRow | ReviewRow,
  reviewPhotos: readonly ReviewPhoto[] = [],
): Encodable<PublicReview> {
  return {
    photos: reviewPhotos,
    id: row.id,
    rating: Number(row.rating),
    title: row.title,
    body: row.body,
    service: row.service,
    visit_month: row.visit_month,
    author_name: row.author_name,
    phone_confirmed: Boolean(row.phone_confirmed),
    created_at: row.created_at,
    updated_at: row.updated_at,
    reply:
      row.reply_body && row.reply_created_at && row.reply_updated_at
        ? {
            body: row.reply_body,
            created_at: row.reply_created_at,
            updated_at: row.reply_updated_at,
          }
        : null,
  };
}

function ownReply(row: {
  reply_body: string | null;
  reply_status: ReviewStatus | null;
  reply_hold_reasons: string[] | null;
  reply_hidden_reason: string | null;
  reply_created_at: Date | null;
  reply_updated_at: Date | null;
}): Encodable<OwnReply> | null {
  if (!row.reply_body || !row.reply_status || !row.reply_created_at || !row.reply_updated_at)
    return null;
  return {
    body: row.reply_body,
    status: row.reply_status,
    hold_reasons: (row.reply_hold_reasons ?? []) as HoldReason[],
    hidden_reason: row.reply_hidden_reason,
    created_at: row.reply_created_at,
    updated_at: row.reply_updated_at,
  };
}

function ownReview(
  row: ReviewRow,
  reviewPhotos: readonly ReviewPhoto[] = [],
): Encodable<OwnReview> {
  return {
    ...publicReview(
      { ...row, ...(row.reply_status === 'published' ? {} : { reply_body: null }) },
      reviewPhotos,
    ),
    business_id: row.business_id,
    status: row.status,
    hold_reasons: row.hold_reasons as HoldReason[],
    hidden_reason: row.hidden_reason,
  };
}

/** The author's view of a review, with all its photos (held ones through the private route). */
async function ownReviewWithPhotos(db: Db, row: ReviewRow): Promise<Encodable<OwnReview>> {
  const byReview = await photos.photosOfReviews(db, [row.id]);
  return ownReview(row, byReview.get(row.id) ?? []);
}

async function publicListing(db: Db, businessId: string) {
  const listing = await repository.findListing(db, businessId);
  if (!listing || listing.status !== 'approved')
    throw new AppError('NOT_FOUND', BUSINESS_NOT_FOUND);
  return listing;
}

/**
 * The Reviews section (issue 24.2): the listing's summary and page `page` of its published
 * reviews (10 a page) in `sort` order, each with its owner's published reply. A page past the
 * last is empty.
 * @throws AppError NOT_FOUND for a listing that is not in the public directory.
 */
export async function listingReviews(db: Db, businessId: string, query: ReviewListQuery) {
  const listing = await publicListing(db, businessId);
  const rows = await repository.publishedPage(
    db,
    businessId,
    query.sort,
    pageWindow({ page: query.page, limit: REVIEWS_PAGE_SIZE }),
  );
  const published = await photos.photosOfReviews(
    db,
    rows.map((row) => row.id),
    { live: true },
  );
  return {
    summary: summaryOf(listing),
    reviews: rows.map((row) => publicReview(row, published.get(row.id))),
    page: query.page,
    sort: query.sort,
    pageCount: Math.max(1, Math.ceil(listing.review_count / REVIEWS_PAGE_SIZE)),
  };
}

/** The signed-in user's review of the listing (any status), or null. */
export async function findOwnReview(
  db: Db,
  businessId: string,
  user: SessionUser,
): Promise<Encodable<OwnReview> | null> {
  const row = await repository.findReviewBy(db, businessId, user.id);
  return row ? ownReviewWithPhotos(db, row) : null;
}

/**
 * The checks every review write passes: a confirmed identity (an e-mail, or a phone number by a
 * code: issue 37.4) and an account not blocked.
 */
async function assertMayReview(db: Db, user: SessionUser): Promise<void> {
  if (!user.emailVerified && !user.phoneVerified)
    throw new AppError('FORBIDDEN', VERIFY_TO_REVIEW_MESSAGE);
  if (await repository.isBlocked(db, user.id)) throw new AppError('FORBIDDEN', BLOCKED_MESSAGE);
}

/** The text rules and "the same text posted elsewhere" for a review's title and text. */
async function textRules(db: Db, input: ReviewInput, reviewId?: string): Promise<HoldReason[]> {
  const reasons = textHoldReasons(input.title, input.body);
  if (
    normaliseText(input.body).length >= DUPLICATE_MIN_CHARACTERS &&
    (await repository.textPostedElsewhere(db, textHash(input.body), { reviewId }))
  )
    reasons.push('duplicate');
  return reasons;
}

export interface ReviewWrite {
  review: Encodable<OwnReview>;
  /** Cache tags to purge: the listing's pages, when what they show changed. */
  tags: string[];
}

/**
 * A motorist's review of a public listing (issue 24.1): one per account, never of a listing the
 * account owns, only with a confirmed e-mail and an account not blocked. Public at once unless a
 * hold rule applies (links, phone numbers or e-mail addresses in the text, the same text posted
 * elsewhere, more than 5 reviews in 24 hours from the account, or the 3rd new account from one
 * address reviewing the listing in 30 days, which holds the others too); a held review waits in
 * the admin's Reviews tab and its author sees why.
 * @throws AppError RATE_LIMITED (20 writes an hour per address), FORBIDDEN (e-mail not confirmed,
 *   own listing, blocked), NOT_FOUND (listing not public), CONFLICT (already reviewed).
 */
export async function writeReview(
  db: Db,
  businessId: string,
  input: ReviewInput,
  writer: { user: SessionUser; clientAddress: string },
  attached: { blobs: BlobStore; files: readonly Uint8Array[] } | null = null,
): Promise<ReviewWrite> {
  const { user } = writer;
  await enforceRateLimits(db, [
    {
      key: `review:ip:${addressBucket(writer.clientAddress)}`,
      limit: REVIEW_WRITES_PER_HOUR,
      windowSeconds: 3600,
    },
  ]);
  await assertMayReview(db, user);
  const listing = await publicListing(db, businessId);
  if (listing.owner_user_id === user.id) throw new AppError('FORBIDDEN', OWN_LISTING_MESSAGE);
  if (await repository.findReviewBy(db, businessId, user.id))
    throw new AppError('CONFLICT', ALREADY_REVIEWED_MESSAGE);
  const phone = await repository.confirmedPhoneOf(db, user.id);
  const phoneKey = phone ? keyedPhone(phone) : null;
  if (phoneKey && (await repository.phoneReviewed(db, businessId, phoneKey)))
    throw new AppError('CONFLICT', PHONE_ALREADY_REVIEWED_MESSAGE);

  // Photos are processed and stored before the review's transaction; its rows are written in it,
  // and a review that is not saved takes their files with it (ADR 042).
  const prepared =
    attached && attached.files.length > 0
      ? await photos.prepareReviewPhotos(db, attached.blobs, businessId, attached.files)
      : null;
  const author = addressKey(writer.clientAddress);
  const created = await repository.accountCreatedAt(db, user.id);
  const newAccount =
    created !== undefined &&
    Date.now() - new Date(created).getTime() < NEW_ACCOUNT_DAYS * 86_400_000;

  let heldOthers = false;
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const reasons = await textRules(trx, input);
      if ((await repository.reviewsInLastDay(trx, user.id)) >= DAILY_LIMIT)
        reasons.push('daily_limit');
      if (newAccount) {
        const others = await repository.newAccountReviews(trx, businessId, author, user.id);
        if (new Set(others.map((o) => o.user_id)).size + 1 >= NEW_ACCOUNT_CLUSTER) {
          reasons.push('new_accounts');
          for (const other of others) {
            if (other.hold_reasons.includes('new_accounts') || other.status === 'hidden') continue;
            if (other.status === 'published') heldOthers = true;
            await repository.setReviewStatus(trx, other.id, 'held', {
              hold_reasons: [...other.hold_reasons, 'new_accounts'],
            });
            await repository.refreshAttention(trx, other.id);
            await repository.log(trx, {
              review_id: other.id,
              business_id: businessId,
              action: 'held',
              reasons: ['new_accounts'],
            });
          }
        }
      }
      if (prepared) reasons.push('photos');
      const status: ReviewStatus = reasons.length > 0 ? 'held' : 'published';
      const reviewId = await repository.insertReview(trx, {
        business_id: businessId,
        user_id: user.id,
        rating: input.rating,
        title: input.title,
        body: input.body,
        service: input.service,
        visit_month: input.visit_month,
        author_name: input.author_name,
        status,
        hold_reasons: reasons,
        body_hash: textHash(input.body),
        author_address_key: author,
        new_account: newAccount,
        author_phone_key: phoneKey,
      });
      if (prepared) await photos.recordReviewPhotos(trx, prepared, reviewId, user.id);
      if (status === 'held')
        await repository.log(trx, {
          review_id: reviewId,
          business_id: businessId,
          action: 'held',
          reasons,
        });
      return reviewId;
    })
    .catch(async (error: unknown) => {
      if (attached) await photos.discardPrepared(attached.blobs, prepared, error);
      if (isUniqueViolation(error, 'reviews_one_per_account'))
        throw new AppError('CONFLICT', ALREADY_REVIEWED_MESSAGE);
      if (isUniqueViolation(error, 'reviews_business_phone_key'))
        throw new AppError('CONFLICT', PHONE_ALREADY_REVIEWED_MESSAGE);
      if (prepared && isUniqueViolation(error, 'photos_listing_id_content_hash_key'))
        throw new AppError('CONFLICT', PHOTO_MESSAGES.duplicate);
      throw error;
    });
  const row = (await repository.findReview(db, id))!;
  if (row.status === 'published') await countPublicReview(db, businessId);
  return {
    review: await ownReviewWithPhotos(db, row),
    tags: row.status === 'published' || heldOthers ? reviewTags(listing) : [],
  };
}

/**
 * Counts a review of `businessId` that has just become public for the first time (its
 * `published_at` was unset: published as written, by an edit that cleared its holds, or by an
 * admin) in the listing's Insights for today (issue 27.1, ADR 041 update). A review hidden and
 * published again, or edited while public, is not counted again.
 */
async function countPublicReview(db: Db, businessId: string): Promise<void> {
  await countServerEvent(db, [businessId], 'review');
}

/**
 * The author's edit of their review (issue 24.1): the text rules run again; a review held by the
 * daily limit or new accounts stays held for them; a review our team hid goes back to our team
 * (held, "Edited after our team hid it") rather than straight to the page.
 * @throws AppError FORBIDDEN (e-mail not confirmed, blocked), NOT_FOUND (not the author's review).
 */
export async function editReview(
  db: Db,
  reviewId: string,
  input: ReviewInput,
  user: SessionUser,
): Promise<ReviewWrite> {
  await assertMayReview(db, user);
  const outcome = await db.transaction().execute(async (trx) => {
    const before = await repository.lockReview(trx, reviewId);
    if (!before || before.user_id !== user.id) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    const reasons = await textRules(trx, input, reviewId);
    if (before.status === 'held')
      for (const kept of ['daily_limit', 'new_accounts', 'photos'] as const)
        if (before.hold_reasons.includes(kept)) reasons.push(kept);
    if (before.status === 'hidden') reasons.push('edited_after_hide');
    const status: ReviewStatus = reasons.length > 0 ? 'held' : 'published';
    await repository.updateReview(trx, reviewId, {
      rating: input.rating,
      title: input.title,
      body: input.body,
      service: input.service,
      visit_month: input.visit_month,
      author_name: input.author_name,
      status,
      hold_reasons: reasons,
      body_hash: textHash(input.body),
    });
    if (status === 'held' && reasons.join() !== before.hold_reasons.join())
      await repository.log(trx, {
        review_id: reviewId,
        business_id: before.business_id,
        action: 'held',
        reasons,
      });
    await repository.refreshAttention(trx, reviewId);
    return { before, status };
  });
  const row = (await repository.findReview(db, reviewId))!;
  if (outcome.status === 'published' && outcome.before.published_at === null)
    await countPublicReview(db, row.business_id);
  const listing = await repository.findListing(db, row.business_id);
  const shown = outcome.before.status === 'published' || outcome.status === 'published';
  return {
    review: await ownReviewWithPhotos(db, row),
    tags: shown && listing ? reviewTags(listing) : [],
  };
}

/**
 * Deletes the author's own review (and its reply, reports and photos: their files too).
 * @returns the cache tags to purge (the listing's pages when the review was public).
 * @throws AppError NOT_FOUND (not the author's review).
 */
export async function deleteReview(
  db: Db,
  reviewId: string,
  user: SessionUser,
  blobs: BlobStore,
): Promise<string[]> {
  const { row: before, keys } = await db.transaction().execute(async (trx) => {
    const row = await repository.lockReview(trx, reviewId);
    if (!row || row.user_id !== user.id) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    // Its photos' rows go with it (cascade); their files after the commit.
    const keys = await photos.reviewPhotoKeys(trx, reviewId);
    await repository.deleteReview(trx, reviewId);
    return { row, keys };
  });
  await photos.deleteReviewPhotoFiles(blobs, keys);
  const listing = await repository.findListing(db, before.business_id);
  return before.status === 'published' && listing ? reviewTags(listing) : [];
}

/**
 * The owner's reply to a published review of their listing (issue 24.3): one per review,
 * editable, under the same hold rules as reviews (links, phone numbers, e-mail addresses, the
 * same text from another account, more than 5 new replies in 24 hours). When the reply becomes
 * public for the first time the reviewer is e-mailed.
 * @throws AppError NOT_FOUND (no such published review), FORBIDDEN (not the listing's owner),
 *   RATE_LIMITED (60 replies an hour per account).
 */
export async function replyToReview(
  db: Db,
  mailer: Mailer,
  reviewId: string,
  input: ReplyInput,
  user: SessionUser,
): Promise<{ reply: Encodable<OwnReply>; tags: string[] }> {
  await enforceRateLimits(db, [
    { key: `review-reply:user:${user.id}`, limit: REPLY_WRITES_PER_HOUR, windowSeconds: 3600 },
  ]);
  const outcome = await db.transaction().execute(async (trx) => {
    const review = await repository.lockReview(trx, reviewId);
    if (!review || review.status !== 'published') throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    const listing = await repository.findListing(trx, review.business_id);
    if (!listing || listing.owner_user_id !== user.id)
      throw new AppError('FORBIDDEN', NOT_OWNER_MESSAGE);
    const before = await repository.findReply(trx, reviewId);
    const reasons = textHoldReasons(input.body);
    const hash = textHash(input.body);
    if (
      normaliseText(input.body).length >= DUPLICATE_MIN_CHARACTERS &&
      (await repository.textPostedElsewhere(trx, hash, {
        replyOf: reviewId,
        replyUserId: user.id,
      }))
    )
      reasons.push('duplicate');
    if (!before && (await repository.repliesInLastDay(trx, user.id)) >= DAILY_LIMIT)
      reasons.push('daily_limit');
    if (before?.status === 'held' && before.hold_reasons.includes('daily_limit'))
      reasons.push('daily_limit');
    if (before?.status === 'hidden') reasons.push('edited_after_hide');
    const status: ReviewStatus = reasons.length > 0 ? 'held' : 'published';
    await repository.upsertReply(trx, {
      review_id: reviewId,
      user_id: user.id,
      body: input.body,
      status,
      hold_reasons: reasons,
      body_hash: hash,
    });
    if (status === 'held')
      await repository.log(trx, {
        review_id: reviewId,
        business_id: review.business_id,
        action: 'reply_held',
        reasons,
      });
    await repository.refreshAttention(trx, reviewId);
    return { listing, before, status };
  });
  const row = (await repository.findReview(db, reviewId))!;
  if (outcome.status === 'published' && outcome.before?.status !== 'published')
    await notifyReply(db, mailer, row, outcome.listing);
  const shown = outcome.status === 'published' || outcome.before?.status === 'published';
  return { reply: ownReply(row)!, tags: shown ? reviewTags(outcome.listing) : [] };
}

/** The business page's address of one review (its anchor on the first page). */
function reviewUrl(listing: { slug: string | null; id: string }, reviewId: string): string {
  return new URL(`/business/${listing.slug ?? listing.id}/#review-${reviewId}`, siteUrl()).href;
}

/** Sends an e-mail of a review after its commit: a failure is logged, never undoes the change. */
async function notify(mailer: Mailer, message: MailMessage, context: Record<string, string>) {
  const sent = await mailer.send(message);
  if (!sent.ok) log.warn('review e-mail failed', { ...context, error: sent.error });
}

/** Tells the reviewer that the owner's reply is public (issue 24.3). */
async function notifyReply(
  db: Db,
  mailer: Mailer,
  review: ReviewRow,
  listing: repository.ReviewListing,
): Promise<void> {
  const author = await repository.authorOf(db, review.user_id);
  if (!author) return;
  await notify(
    mailer,
    replyPostedEmail(author.email, {
      reviewerName: review.author_name,
      businessName: listing.business_name,
      reviewTitle: review.title,
      url: reviewUrl(listing, review.id),
    }),
    { reviewId: review.id },
  );
}

/**
 * The owner's view of their listing's reviews: page `page` of the published reviews (newest
 * first), each with its published photos (ADR 042) and the owner's reply and its state.
 * @throws AppError NOT_FOUND (no such listing, or not the user's).
 */
export async function ownerReviews(
  db: Db,
  businessId: string,
  user: SessionUser,
  page: number,
): Promise<{
  business: { id: string; business_name: string; slug: string | null };
  summary: ReviewSummary;
  reviews: Encodable<OwnerReview>[];
  page: number;
  pageCount: number;
}> {
  const listing = await repository.findListing(db, businessId);
  if (!listing || listing.owner_user_id !== user.id)
    throw new AppError('NOT_FOUND', BUSINESS_NOT_FOUND);
  const rows = await repository.ownerPage(
    db,
    businessId,
    pageWindow({ page, limit: REVIEWS_PAGE_SIZE }),
  );
  // The reviewers' published photos, as the business page shows them (one query for the page).
  const published = await photos.photosOfReviews(
    db,
    rows.map((row) => row.id),
    { live: true },
  );
  return {
    business: { id: listing.id, business_name: listing.business_name, slug: listing.slug },
    summary: summaryOf(listing),
    reviews: rows.map((row) => ({
      ...publicReview({ ...row, reply_body: null }, published.get(row.id)),
      reply: ownReply(row),
    })),
    page,
    pageCount: Math.max(1, Math.ceil(listing.review_count / REVIEWS_PAGE_SIZE)),
  };
}

/**
 * A visitor's report of a published review (issue 24.1), as listing reports are made (ADR 019):
 * rate limited per address, honeypot, one open report per reporter and reason. The review then
 * waits in the Reviews tab; it stays public until an admin hides it.
 * @throws AppError RATE_LIMITED (10 an hour per address), NOT_FOUND (no such public review).
 */
export async function reportReview(
  db: Db,
  reviewId: string,
  input: ReviewReport,
  reporter: { user: SessionUser | null; clientAddress: string },
): Promise<void> {
  await enforceRateLimits(db, [
    {
      key: `review-report:ip:${addressBucket(reporter.clientAddress)}`,
      limit: REVIEW_REPORTS_PER_HOUR,
      windowSeconds: 3600,
    },
  ]);
  if (input.hp) {
    log.warn('honeypot filled; review report dropped', { ip: reporter.clientAddress });
    return;
  }
  await db.transaction().execute(async (trx) => {
    const review = await repository.lockReview(trx, reviewId);
    const listing = review && (await repository.findListing(trx, review.business_id));
    if (!review || review.status !== 'published' || listing?.status !== 'approved')
      throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    await repository.insertReport(trx, {
      review_id: reviewId,
      reason: input.reason,
      details: input.details ?? null,
      reporter_user_id: reporter.user?.id ?? null,
      reporter_key: reporterKey(reporter.user, reporter.clientAddress),
    });
    await repository.refreshAttention(trx, reviewId);
  });
}

// ---------------------------------------------------------------------------------------------
// Admin (issue 24.4)
// ---------------------------------------------------------------------------------------------

/** Moderation steps each card of the Reviews tab shows. */
export const LOG_PER_REVIEW = 5;

const adminName = (row: {
  admin_id: string | null;
  admin_name: string | null;
  admin_email: string | null;
}) => (row.admin_id ? row.admin_name || row.admin_email || null : null);

/**
 * One page of the Reviews tab: the reviews that wait (held by a rule, reported, or with a held
 * reply), most recently waiting first, each with the rules or reports that put it there, its
 * reply and its last moderation steps; `q` searches business name, title, text and shown name.
 */
export async function listWaiting(
  db: Db,
  query: AdminReviewListQuery,
): Promise<{ reviews: Encodable<AdminReview>[]; total: number }> {
  const { rows, total } = await repository.listWaiting(db, query.q, pageWindow(query));
  const ids = rows.map((r) => r.id);
  const [reports, steps, held] = await Promise.all([
    repository.openReportsOf(db, ids),
    repository.logOf(db, ids, LOG_PER_REVIEW),
    photos.photosOfReviews(db, ids),
  ]);
  return {
    total,
    reviews: rows.map((row) => ({
      id: row.id,
      business: {
        id: row.business_id,
        business_name: row.business_name,
        slug: row.slug,
        status: row.business_status,
      },
      rating: Number(row.rating),
      title: row.title,
      body: row.body,
      service: row.service,
      visit_month: row.visit_month,
      author_name: row.author_name,
      author_email: row.author_email,
      author_blocked: row.blocked_user !== null,
      status: row.status,
      hold_reasons: row.hold_reasons,
      hidden_reason: row.hidden_reason,
      created_at: row.created_at,
      updated_at: row.updated_at,
      waiting_since: row.attention_at!,
      reports: reports
        .filter((r) => r.review_id === row.id)
        .map((r) => ({
          id: r.id,
          reason: r.reason,
          details: r.details,
          created_at: r.created_at,
          signed_in: r.reporter_user_id !== null,
        })),
      reply: ownReply(row),
      photos: held.get(row.id) ?? [],
      log: steps
        .filter((s) => s.review_id === row.id)
        .map((s) => ({
          id: s.id,
          action: s.action,
          reasons: s.reasons,
          note: s.note,
          admin: adminName(s),
          created_at: s.created_at,
        })),
    })),
  };
}

/** The Reviews tab's count (SPEC §2 "Label (n)"): what waits, matching the tab search `q`. */
export function countWaiting(db: Db, q: string | undefined): Promise<number> {
  return repository.countWaiting(db, q);
}

/** One page of the moderation log, newest first (who did what, when). */
export async function moderationLog(
  db: Db,
  query: AdminReviewListQuery,
): Promise<{ entries: Encodable<ModerationLogEntry>[]; total: number }> {
  const { rows, total } = await repository.listLog(db, query.q, pageWindow(query));
  return {
    total,
    entries: rows.map((row) => ({
      id: row.id,
      action: row.action,
      reasons: row.reasons,
      note: row.note,
      admin: adminName(row),
      created_at: row.created_at,
      review:
        row.review_id && row.review_title && row.author_name
          ? { id: row.review_id, title: row.review_title, author_name: row.author_name }
          : null,
      business:
        row.business_id && row.business_name
          ? { id: row.business_id, business_name: row.business_name }
          : null,
    })),
  };
}

export interface ModerationOutcome {
  status: ReviewStatus;
  reply_status: ReviewStatus | null;
  waiting: boolean;
  /** Cache tags to purge (the listing's pages when what they show changed). */
  tags: string[];
}

/**
 * Runs one admin action on a locked review in a transaction and reports what the pages must
 * purge; `act` returns whether the public pages' content changed.
 */
async function moderate(
  db: Db,
  reviewId: string,
  act: (
    trx: Db,
    review: NonNullable<Awaited<ReturnType<typeof repository.lockReview>>>,
  ) => Promise<boolean>,
): Promise<ModerationOutcome & { review: ReviewRow; listing: repository.ReviewListing }> {
  const changed = await db.transaction().execute(async (trx) => {
    const review = await repository.lockReview(trx, reviewId);
    if (!review) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    const shown = await act(trx, review);
    await repository.refreshAttention(trx, reviewId);
    return shown;
  });
  const review = (await repository.findReview(db, reviewId))!;
  const listing = (await repository.findListing(db, review.business_id))!;
  return {
    status: review.status,
    reply_status: review.reply_status,
    waiting: review.attention_at !== null,
    tags: changed ? reviewTags(listing) : [],
    review,
    listing,
  };
}

/**
 * Publish: a held or hidden review becomes public with its photos; a reported one stays public and
 * its reports are dismissed. Logged with the admin.
 * @throws AppError NOT_FOUND, CONFLICT (published already, with nothing reported).
 */
export async function publishReview(
  db: Db,
  reviewId: string,
  adminId: string | null,
): Promise<ModerationOutcome> {
  let firstPublic = false;
  const {
    review: published,
    listing: _l,
    ...outcome
  } = await moderate(db, reviewId, async (trx, review) => {
    firstPublic = review.published_at === null;
    const dismissed = await repository.closeReports(trx, reviewId, 'dismissed', adminId);
    if (review.status === 'published' && dismissed === 0)
      throw new AppError('CONFLICT', 'This review is already published.');
    await repository.setReviewStatus(trx, reviewId, 'published', {
      hold_reasons: [],
      hidden_reason: null,
    });
    // Its photos (ADR 042) are published with it.
    await photos.setReviewPhotosLive(trx, reviewId, true);
    await repository.log(trx, {
      review_id: reviewId,
      business_id: review.business_id,
      action: 'published',
      reasons: review.hold_reasons,
      ...(dismissed > 0
        ? { note: `${dismissed} report${dismissed === 1 ? '' : 's'} dismissed` }
        : {}),
      admin_id: adminId,
    });
    return review.status !== 'published';
  });
  if (firstPublic) await countPublicReview(db, published.business_id);
  return outcome;
}

/**
 * Hide: the review leaves the page with a reason its author sees (on their review page, and by
 * e-mail); its open reports are upheld. With `block`, its author is also blocked from reviewing.
 * Logged with the admin.
 * @throws AppError NOT_FOUND, CONFLICT (hidden already, unless blocking).
 */
export async function hideReview(
  db: Db,
  mailer: Mailer,
  reviewId: string,
  reason: string,
  adminId: string | null,
  options: { block?: boolean } = {},
): Promise<ModerationOutcome> {
  let blockedNow = false;
  let hiddenNow = false;
  const { review, listing, ...outcome } = await moderate(db, reviewId, async (trx, row) => {
    if (row.status === 'hidden' && !options.block)
      throw new AppError('CONFLICT', 'This review is already hidden.');
    if (row.status !== 'hidden') {
      await repository.setReviewStatus(trx, reviewId, 'hidden', { hidden_reason: reason });
      await repository.log(trx, {
        review_id: reviewId,
        business_id: row.business_id,
        action: 'hidden',
        note: reason,
        admin_id: adminId,
      });
      hiddenNow = true;
    }
    await repository.closeReports(trx, reviewId, 'upheld', adminId);
    if (options.block && !(await repository.isBlocked(trx, row.user_id))) {
      await repository.block(trx, row.user_id, reason, adminId);
      await repository.log(trx, {
        review_id: reviewId,
        business_id: row.business_id,
        action: 'blocked',
        note: reason,
        admin_id: adminId,
      });
      blockedNow = true;
    }
    return row.status === 'published';
  });
  if (hiddenNow || blockedNow) {
    const author = await repository.authorOf(db, review.user_id);
    if (author)
      await notify(
        mailer,
        reviewHiddenEmail(author.email, {
          authorName: review.author_name,
          businessName: listing.business_name,
          reviewTitle: review.title,
          reason,
          blocked: options.block === true,
          url: new URL(
            options.block ? '/contact/' : writeReviewPath(listing.slug ?? listing.id),
            siteUrl(),
          ).href,
        }),
        { reviewId },
      );
  }
  return outcome;
}

/**
 * Publish the owner's held (or hidden) reply; the reviewer is e-mailed the first time it is public.
 * @throws AppError NOT_FOUND (no reply), CONFLICT (published already).
 */
export async function publishReply(
  db: Db,
  mailer: Mailer,
  reviewId: string,
  adminId: string | null,
): Promise<ModerationOutcome> {
  let firstTime = false;
  const { review, listing, ...outcome } = await moderate(db, reviewId, async (trx, row) => {
    const reply = await repository.findReply(trx, reviewId);
    if (!reply) throw new AppError('NOT_FOUND', 'Reply not found');
    if (reply.status === 'published')
      throw new AppError('CONFLICT', 'This reply is already published.');
    await repository.setReplyStatus(trx, reviewId, 'published', null);
    await repository.log(trx, {
      review_id: reviewId,
      business_id: row.business_id,
      action: 'reply_published',
      reasons: reply.hold_reasons,
      admin_id: adminId,
    });
    firstTime = true;
    return row.status === 'published';
  });
  if (firstTime) await notifyReply(db, mailer, review, listing);
  return outcome;
}

/**
 * Hide the owner's reply with a reason the owner sees on their reviews page.
 * @throws AppError NOT_FOUND (no reply), CONFLICT (hidden already).
 */
export async function hideReply(
  db: Db,
  reviewId: string,
  reason: string,
  adminId: string | null,
): Promise<ModerationOutcome> {
  const {
    review: _r,
    listing: _l,
    ...outcome
  } = await moderate(db, reviewId, async (trx, row) => {
    const reply = await repository.findReply(trx, reviewId);
    if (!reply) throw new AppError('NOT_FOUND', 'Reply not found');
    if (reply.status === 'hidden') throw new AppError('CONFLICT', 'This reply is already hidden.');
    await repository.setReplyStatus(trx, reviewId, 'hidden', reason);
    await repository.log(trx, {
      review_id: reviewId,
      business_id: row.business_id,
      action: 'reply_hidden',
      note: reason,
      admin_id: adminId,
    });
    return row.status === 'published' && reply.status === 'published';
  });
  return outcome;
}
