import type { SessionUser } from '../../../common/schemas/auth.ts';
import {
  type OwnerReview,
  type OwnReply,
  type ReplyInput,
  type ReviewSummary,
  REVIEWS_PAGE_SIZE,
} from '../../../common/schemas/reviews.ts';
import { pageWindow } from '../../_lib/paging.ts';
import { AppError } from '../../_lib/errors.ts';
import type { Encodable } from '../../_lib/http.ts';
import type { Mailer } from '../../_lib/mail.ts';
import { enforceRateLimits } from '../../_lib/rate-limit.ts';
import type { ReviewStatus } from '../../db/database.ts';
import { replyPostedEmail } from '../../emails/reviews.ts';
import {
  DUPLICATE_MIN_CHARACTERS,
  normaliseText,
  textHash,
  textHoldReasons,
} from '../hold-rules.ts';
import * as repository from '../reviews.repository.ts';
import * as authorRepository from '../author/author.repository.ts';
import * as repliesRepository from './replies.repository.ts';
import * as reviewerPhotos from '../../photos/reviewers/reviewers.service.ts';
import {
  BUSINESS_NOT_FOUND,
  DAILY_LIMIT,
  type Db,
  NOT_OWNER_MESSAGE,
  REPLY_WRITES_PER_HOUR,
  REVIEW_NOT_FOUND,
  type ReviewRow,
  notify,
  ownReply,
  publicReview,
  reviewTags,
  reviewUrl,
  summaryOf,
} from '../reviews.service.ts';

/** Reviews, the owner's room (issue 24.3, ADR 034, 073): the owner's reply and the owner's list of the listing's reviews. */

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
    const listing = await repository.findListing(trx, review.listing_id);
    if (!listing || listing.owner_user_id !== user.id)
      throw new AppError('FORBIDDEN', NOT_OWNER_MESSAGE);
    const before = await repository.findReply(trx, reviewId);
    const reasons = textHoldReasons(input.body);
    const hash = textHash(input.body);
    if (
      normaliseText(input.body).length >= DUPLICATE_MIN_CHARACTERS &&
      (await authorRepository.textPostedElsewhere(trx, hash, {
        replyOf: reviewId,
        replyUserId: user.id,
      }))
    )
      reasons.push('duplicate');
    if (!before && (await authorRepository.repliesInLastDay(trx, user.id)) >= DAILY_LIMIT)
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
        listing_id: review.listing_id,
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

/** Tells the reviewer that the owner's reply is public (issue 24.3). */
export async function notifyReply(
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
  listingId: string,
  user: SessionUser,
  page: number,
): Promise<{
  business: { id: string; business_name: string; slug: string | null };
  summary: ReviewSummary;
  reviews: Encodable<OwnerReview>[];
  page: number;
  pageCount: number;
}> {
  const listing = await repository.findListing(db, listingId);
  if (!listing || listing.owner_user_id !== user.id)
    throw new AppError('NOT_FOUND', BUSINESS_NOT_FOUND);
  const rows = await repliesRepository.ownerPage(
    db,
    listingId,
    pageWindow({ page, limit: REVIEWS_PAGE_SIZE }),
  );
  // The reviewers' published photos, as the business page shows them (one query for the page).
  const published = await reviewerPhotos.photosOfReviews(
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
