import type { Kysely } from 'kysely';
import type { SessionUser } from '../../common/schemas/auth.ts';
import {
  type OwnReply,
  type OwnReview,
  type PublicReview,
  type ReviewSummary,
  type HoldReason,
  reviewAverage,
} from '../../common/schemas/reviews.ts';
import { siteUrl } from '../_lib/env.ts';
import { AppError } from '../_lib/errors.ts';
import type { Encodable } from '../_lib/http.ts';
import { log } from '../_lib/log.ts';
import type { Mailer, MailMessage } from '../_lib/mail.ts';
import { keyedAddress, keyedNetwork } from '../_lib/rate-limit.ts';
import type { Database, ReviewStatus } from '../db/database.ts';
import { listingChangeTags } from '../site/cache-tags.ts';
import * as repository from './reviews.repository.ts';
import * as visitorsRepository from './visitors/visitors.repository.ts';
import * as reviewerPhotos from '../photos/reviewers/reviewers.service.ts';
import type { ReviewPhoto } from '../../common/schemas/photos.ts';

/**
 * Reviews (issue 24, ADR 034): motorists write one review per listing, owners reply, visitors
 * report, admins moderate. Every rule is enforced here, on the server; the published reviews'
 * count, sum and distribution are kept by the database as reviews change (migration
 * 2026_11_26_0340), so nothing here counts reviews for a page.
 *
 * This file is what the rooms share (ADR 073): the limits and messages, the shapes a review is
 * shown in, cache tags, the keyed address. Each audience has its room: `author/` (write, edit,
 * delete), `replies/` (the owner), `visitors/` (the public list, reports), `moderation/` (admin).
 */
export type Db = Kysely<Database>;

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
/**
 * A review that makes this many reviews of one listing in 24 hours from accounts created within a
 * day of their review, or from one network, is held, with the others still public (ADR 077).
 */
export const DAY_BURST = 3;

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
export const REVIEW_NOT_FOUND = 'Review not found';
export const BUSINESS_NOT_FOUND = 'Business not found';

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

/** The author's network (IPv4 /24, IPv6 /64) as stored with a review: a keyed hash (ADR 077). */
export function networkKey(clientAddress: string): string {
  return keyedNetwork('review-network', clientAddress);
}

/** Who reported a review: the account when signed in, else the keyed address (ADR 019). */
export function reporterKey(user: SessionUser | null, clientAddress: string): string {
  return user ? `user:${user.id}` : `ip:${keyedAddress('review-report', clientAddress)}`;
}

export type ReviewRow = repository.ReviewRow;
type PageRow = Awaited<ReturnType<typeof visitorsRepository.publishedPage>>[number];

export function publicReview(
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
    booked: Boolean(row.booked),
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

export function ownReply(row: {
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
    listing_id: row.listing_id,
    status: row.status,
    hold_reasons: row.hold_reasons as HoldReason[],
    hidden_reason: row.hidden_reason,
  };
}

/** The author's view of a review, with all its photos (held ones through the private route). */
export async function ownReviewWithPhotos(db: Db, row: ReviewRow): Promise<Encodable<OwnReview>> {
  const byReview = await reviewerPhotos.photosOfReviews(db, [row.id]);
  return ownReview(row, byReview.get(row.id) ?? []);
}

export async function publicListing(db: Db, listingId: string) {
  const listing = await repository.findListing(db, listingId);
  if (!listing || listing.status !== 'approved')
    throw new AppError('NOT_FOUND', BUSINESS_NOT_FOUND);
  return listing;
}

/** The business page's address of one review (its anchor on the first page). */
export function reviewUrl(listing: { slug: string | null; id: string }, reviewId: string): string {
  return new URL(`/business/${listing.slug ?? listing.id}/#review-${reviewId}`, siteUrl()).href;
}

/** Sends an e-mail of a review after its commit: a failure is logged, never undoes the change. */
export async function notify(
  mailer: Mailer,
  message: MailMessage,
  context: Record<string, string>,
) {
  const sent = await mailer.send(message);
  if (!sent.ok) log.warn('review e-mail failed', { ...context, error: sent.error });
}
