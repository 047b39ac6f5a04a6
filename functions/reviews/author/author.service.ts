import { keyedPhone } from '../../_lib/sms.ts';
import type { SessionUser } from '../../../common/schemas/auth.ts';
import type { OwnReview, ReviewInput, HoldReason } from '../../../common/schemas/reviews.ts';
import { AppError } from '../../_lib/errors.ts';
import type { Encodable } from '../../_lib/http.ts';
import { isUniqueViolation } from '../../_lib/pg-errors.ts';
import { addressBucket, enforceRateLimits } from '../../_lib/rate-limit.ts';
import type { ReviewStatus } from '../../db/database.ts';
import {
  DUPLICATE_MIN_CHARACTERS,
  normaliseText,
  textHash,
  textHoldReasons,
} from '../hold-rules.ts';
import { countServerEvent } from '../../insights/insights.service.ts';
import * as repository from '../reviews.repository.ts';
import * as authorRepository from './author.repository.ts';
import type { BlobStore } from '../../_lib/blobs.ts';
import * as reviewerPhotos from '../../photos/reviewers/reviewers.service.ts';
import { PHOTO_MESSAGES } from '../../../common/schemas/photo-rules.ts';
import {
  ALREADY_REVIEWED_MESSAGE,
  BLOCKED_MESSAGE,
  DAILY_LIMIT,
  DAY_BURST,
  type Db,
  NEW_ACCOUNT_CLUSTER,
  NEW_ACCOUNT_DAYS,
  OWN_LISTING_MESSAGE,
  PHONE_ALREADY_REVIEWED_MESSAGE,
  REVIEW_NOT_FOUND,
  REVIEW_WRITES_PER_HOUR,
  VERIFY_TO_REVIEW_MESSAGE,
  addressKey,
  networkKey,
  ownReviewWithPhotos,
  publicListing,
  reviewTags,
} from '../reviews.service.ts';

/** Reviews, the author's room (issue 24.1, 37.4, ADR 034, 073): read, write, edit and delete one's own review under the hold rules. */

/** The signed-in user's review of the listing (any status), or null. */
export async function findOwnReview(
  db: Db,
  listingId: string,
  user: SessionUser,
): Promise<Encodable<OwnReview> | null> {
  const row = await repository.findReviewBy(db, listingId, user.id);
  return row ? ownReviewWithPhotos(db, row) : null;
}

/**
 * The checks every review write passes: a confirmed identity (an e-mail, or a phone number by a
 * code: issue 37.4) and an account not blocked.
 */
async function assertMayReview(db: Db, user: SessionUser): Promise<void> {
  if (!user.emailVerified && !user.phoneVerified)
    throw new AppError('FORBIDDEN', VERIFY_TO_REVIEW_MESSAGE);
  if (await authorRepository.isBlocked(db, user.id))
    throw new AppError('FORBIDDEN', BLOCKED_MESSAGE);
}

/** The text rules and "the same text posted elsewhere" for a review's title and text. */
async function textRules(db: Db, input: ReviewInput, reviewId?: string): Promise<HoldReason[]> {
  const reasons = textHoldReasons(input.title, input.body);
  if (
    normaliseText(input.body).length >= DUPLICATE_MIN_CHARACTERS &&
    (await authorRepository.textPostedElsewhere(db, textHash(input.body), { reviewId }))
  )
    reasons.push('duplicate');
  return reasons;
}

/** The rules about who wrote a review, not what it says: an edit does not release them. */
const HELD_ON_EDIT = [
  'daily_limit',
  'new_accounts',
  'new_accounts_day',
  'one_network',
  'photos',
] as const satisfies readonly HoldReason[];

/**
 * Holds the listing's earlier reviews of a burst for `reason` (those hidden or already held for
 * it stay as they are), each logged as a rule's hold.
 * @returns whether one of them was public (the listing's pages change).
 */
async function holdOthers(
  trx: Db,
  listingId: string,
  others: readonly { id: string; status: ReviewStatus; hold_reasons: string[] }[],
  reason: HoldReason,
): Promise<boolean> {
  let wasPublic = false;
  for (const other of others) {
    if (other.hold_reasons.includes(reason) || other.status === 'hidden') continue;
    if (other.status === 'published') wasPublic = true;
    await repository.setReviewStatus(trx, other.id, 'held', {
      hold_reasons: [...other.hold_reasons, reason],
    });
    await repository.refreshAttention(trx, other.id);
    await repository.log(trx, {
      review_id: other.id,
      listing_id: listingId,
      action: 'held',
      reasons: [reason],
    });
  }
  return wasPublic;
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
 * elsewhere, more than 5 reviews in 24 hours from the account, the 3rd new account from one
 * address reviewing the listing in 30 days, or the 3rd review of the listing in 24 hours from
 * accounts created that day or from one network (ADR 077); the last three hold the others too);
 * a held review waits in the admin's Reviews tab and its author sees why.
 * @throws AppError RATE_LIMITED (20 writes an hour per address), FORBIDDEN (e-mail not confirmed,
 *   own listing, blocked), NOT_FOUND (listing not public), CONFLICT (already reviewed).
 */
export async function writeReview(
  db: Db,
  listingId: string,
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
  const listing = await publicListing(db, listingId);
  if (listing.owner_user_id === user.id) throw new AppError('FORBIDDEN', OWN_LISTING_MESSAGE);
  if (await repository.findReviewBy(db, listingId, user.id))
    throw new AppError('CONFLICT', ALREADY_REVIEWED_MESSAGE);
  const phone = await authorRepository.confirmedPhoneOf(db, user.id);
  const phoneKey = phone ? keyedPhone(phone) : null;
  if (phoneKey && (await authorRepository.phoneReviewed(db, listingId, phoneKey)))
    throw new AppError('CONFLICT', PHONE_ALREADY_REVIEWED_MESSAGE);

  // Photos are processed and stored before the review's transaction; its rows are written in it,
  // and a review that is not saved takes their files with it (ADR 042).
  const prepared =
    attached && attached.files.length > 0
      ? await reviewerPhotos.prepareReviewPhotos(db, attached.blobs, listingId, attached.files)
      : null;
  const author = addressKey(writer.clientAddress);
  const created = await authorRepository.accountCreatedAt(db, user.id);
  const age = created === undefined ? Infinity : Date.now() - new Date(created).getTime();
  const newAccount = age < NEW_ACCOUNT_DAYS * 86_400_000;
  const dayOldAccount = age < 86_400_000;
  const network = networkKey(writer.clientAddress);

  let heldOthers = false;
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const reasons = await textRules(trx, input);
      if ((await authorRepository.reviewsInLastDay(trx, user.id)) >= DAILY_LIMIT)
        reasons.push('daily_limit');
      if (newAccount) {
        const others = await authorRepository.newAccountReviews(trx, listingId, author, user.id);
        if (new Set(others.map((o) => o.user_id)).size + 1 >= NEW_ACCOUNT_CLUSTER) {
          reasons.push('new_accounts');
          heldOthers = (await holdOthers(trx, listingId, others, 'new_accounts')) || heldOthers;
        }
      }
      // Bursts of one day (issue 37.7, ADR 077): new accounts from anywhere, or one network.
      if (dayOldAccount) {
        const others = await authorRepository.newAccountReviewsOfDay(trx, listingId, user.id);
        if (others.length + 1 >= DAY_BURST) {
          reasons.push('new_accounts_day');
          heldOthers = (await holdOthers(trx, listingId, others, 'new_accounts_day')) || heldOthers;
        }
      }
      const neighbours = await authorRepository.networkReviewsOfDay(
        trx,
        listingId,
        network,
        user.id,
      );
      if (neighbours.length + 1 >= DAY_BURST) {
        reasons.push('one_network');
        heldOthers = (await holdOthers(trx, listingId, neighbours, 'one_network')) || heldOthers;
      }
      if (prepared) reasons.push('photos');
      const status: ReviewStatus = reasons.length > 0 ? 'held' : 'published';
      const reviewId = await repository.insertReview(trx, {
        listing_id: listingId,
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
        author_network_key: network,
        new_account: newAccount,
        author_phone_key: phoneKey,
      });
      if (prepared) await reviewerPhotos.recordReviewPhotos(trx, prepared, reviewId, user.id);
      if (status === 'held')
        await repository.log(trx, {
          review_id: reviewId,
          listing_id: listingId,
          action: 'held',
          reasons,
        });
      return reviewId;
    })
    .catch(async (error: unknown) => {
      if (attached) await reviewerPhotos.discardPrepared(attached.blobs, prepared, error);
      if (isUniqueViolation(error, 'reviews_one_per_account'))
        throw new AppError('CONFLICT', ALREADY_REVIEWED_MESSAGE);
      if (isUniqueViolation(error, 'reviews_business_phone_key'))
        throw new AppError('CONFLICT', PHONE_ALREADY_REVIEWED_MESSAGE);
      if (prepared && isUniqueViolation(error, 'photos_listing_id_content_hash_key'))
        throw new AppError('CONFLICT', PHOTO_MESSAGES.duplicate);
      throw error;
    });
  const row = (await repository.findReview(db, id))!;
  if (row.status === 'published') await countPublicReview(db, listingId);
  return {
    review: await ownReviewWithPhotos(db, row),
    tags: row.status === 'published' || heldOthers ? reviewTags(listing) : [],
  };
}

/**
 * Counts a review of `listingId` that has just become public for the first time (its
 * `published_at` was unset: published as written, by an edit that cleared its holds, or by an
 * admin) in the listing's Insights for today (issue 27.1, ADR 041 update). A review hidden and
 * published again, or edited while public, is not counted again.
 */
export async function countPublicReview(db: Db, listingId: string): Promise<void> {
  await countServerEvent(db, [listingId], 'review');
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
      for (const kept of HELD_ON_EDIT) if (before.hold_reasons.includes(kept)) reasons.push(kept);
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
        listing_id: before.listing_id,
        action: 'held',
        reasons,
      });
    await repository.refreshAttention(trx, reviewId);
    return { before, status };
  });
  const row = (await repository.findReview(db, reviewId))!;
  if (outcome.status === 'published' && outcome.before.published_at === null)
    await countPublicReview(db, row.listing_id);
  const listing = await repository.findListing(db, row.listing_id);
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
    const keys = await reviewerPhotos.reviewPhotoKeys(trx, reviewId);
    await repository.deleteReview(trx, reviewId);
    return { row, keys };
  });
  await reviewerPhotos.deleteReviewPhotoFiles(blobs, keys);
  const listing = await repository.findListing(db, before.listing_id);
  return before.status === 'published' && listing ? reviewTags(listing) : [];
}
