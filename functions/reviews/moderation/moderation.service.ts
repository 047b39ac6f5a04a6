import {
  type AdminReview,
  type AdminReviewListQuery,
  type ModerationLogEntry,
  writeReviewPath,
} from '../../../common/schemas/reviews.ts';
import { pageWindow } from '../../_lib/paging.ts';
import { siteUrl } from '../../_lib/env.ts';
import { AppError } from '../../_lib/errors.ts';
import type { Encodable } from '../../_lib/http.ts';
import type { Mailer } from '../../_lib/mail.ts';
import type { ReviewStatus } from '../../db/database.ts';
import { reviewHiddenEmail } from '../../emails/reviews.ts';
import * as repository from '../reviews.repository.ts';
import * as authorRepository from '../author/author.repository.ts';
import * as moderationRepository from './moderation.repository.ts';
import * as reviewerPhotos from '../../photos/reviewers/reviewers.service.ts';
import { countPublicReview } from '../author/author.service.ts';
import { notifyReply } from '../replies/replies.service.ts';
import {
  type Db,
  REVIEW_NOT_FOUND,
  type ReviewRow,
  notify,
  ownReply,
  reviewTags,
} from '../reviews.service.ts';

/** Reviews, the admin's room (issue 24.4, ADR 034, 073): what waits, the moderation log, publish and hide. */

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
  const { rows, total } = await moderationRepository.listWaiting(db, query.q, pageWindow(query));
  const ids = rows.map((r) => r.id);
  const [reports, steps, held] = await Promise.all([
    moderationRepository.openReportsOf(db, ids),
    moderationRepository.logOf(db, ids, LOG_PER_REVIEW),
    reviewerPhotos.photosOfReviews(db, ids),
  ]);
  return {
    total,
    reviews: rows.map((row) => ({
      id: row.id,
      business: {
        id: row.listing_id,
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
  return moderationRepository.countWaiting(db, q);
}

/** One page of the moderation log, newest first (who did what, when). */
export async function moderationLog(
  db: Db,
  query: AdminReviewListQuery,
): Promise<{ entries: Encodable<ModerationLogEntry>[]; total: number }> {
  const { rows, total } = await moderationRepository.listLog(db, query.q, pageWindow(query));
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
        row.listing_id && row.business_name
          ? { id: row.listing_id, business_name: row.business_name }
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
  const listing = (await repository.findListing(db, review.listing_id))!;
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
    await reviewerPhotos.setReviewPhotosLive(trx, reviewId, true);
    await repository.log(trx, {
      review_id: reviewId,
      listing_id: review.listing_id,
      action: 'published',
      reasons: review.hold_reasons,
      ...(dismissed > 0
        ? { note: `${dismissed} report${dismissed === 1 ? '' : 's'} dismissed` }
        : {}),
      admin_id: adminId,
    });
    return review.status !== 'published';
  });
  if (firstPublic) await countPublicReview(db, published.listing_id);
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
        listing_id: row.listing_id,
        action: 'hidden',
        note: reason,
        admin_id: adminId,
      });
      hiddenNow = true;
    }
    await repository.closeReports(trx, reviewId, 'upheld', adminId);
    if (options.block && !(await authorRepository.isBlocked(trx, row.user_id))) {
      await repository.block(trx, row.user_id, reason, adminId);
      await repository.log(trx, {
        review_id: reviewId,
        listing_id: row.listing_id,
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
      listing_id: row.listing_id,
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
      listing_id: row.listing_id,
      action: 'reply_hidden',
      note: reason,
      admin_id: adminId,
    });
    return row.status === 'published' && reply.status === 'published';
  });
  return outcome;
}
