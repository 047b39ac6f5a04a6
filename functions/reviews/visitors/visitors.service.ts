import type { SessionUser } from '../../../common/schemas/auth.ts';
import {
  type ReviewListQuery,
  type ReviewReport,
  REVIEWS_PAGE_SIZE,
} from '../../../common/schemas/reviews.ts';
import { pageWindow } from '../../_lib/paging.ts';
import { AppError } from '../../_lib/errors.ts';
import { log } from '../../_lib/log.ts';
import { addressBucket, enforceRateLimits } from '../../_lib/rate-limit.ts';
import * as repository from '../reviews.repository.ts';
import * as visitorsRepository from './visitors.repository.ts';
import * as reviewerPhotos from '../../photos/reviewers/reviewers.service.ts';
import {
  type Db,
  REVIEW_NOT_FOUND,
  REVIEW_REPORTS_PER_HOUR,
  publicListing,
  publicReview,
  reporterKey,
  summaryOf,
} from '../reviews.service.ts';

/** Reviews, the visitors' room (issue 24.2, ADR 034, 073): a listing's published reviews and a visitor's report of one. */

/**
 * The Reviews section (issue 24.2): the listing's summary and page `page` of its published
 * reviews (10 a page) in `sort` order, each with its owner's published reply. A page past the
 * last is empty.
 * @throws AppError NOT_FOUND for a listing that is not in the public directory.
 */
export async function listingReviews(db: Db, listingId: string, query: ReviewListQuery) {
  const listing = await publicListing(db, listingId);
  const rows = await visitorsRepository.publishedPage(
    db,
    listingId,
    query.sort,
    pageWindow({ page: query.page, limit: REVIEWS_PAGE_SIZE }),
  );
  const published = await reviewerPhotos.photosOfReviews(
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
    const listing = review && (await repository.findListing(trx, review.listing_id));
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
