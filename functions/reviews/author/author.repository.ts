import { sql } from 'kysely';
import type { Db } from '../reviews.repository.ts';

/** The author's checks (issue 24.1, 37.7, ADR 034, 073, 077): the daily limit, the same text elsewhere, new accounts, bursts of one day, blocks, phone keys. Reads only: reviews.repository.ts writes. */

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
 * Reviews of `listingId` written in the last 30 days by new accounts (younger than a week) from
 * the address `addressKey`, by accounts other than `userId`: the ids and their statuses.
 */
export function newAccountReviews(db: Db, listingId: string, addressKey: string, userId: string) {
  return db
    .selectFrom('reviews')
    .select(['id', 'user_id', 'status', 'hold_reasons'])
    .where('listing_id', '=', listingId)
    .where('author_address_key', '=', addressKey)
    .where('new_account', '=', true)
    .where('user_id', '<>', userId)
    .where('created_at', '>', sql<Date>`now() - interval '30 days'`)
    .execute();
}

/** At most this many rows of one day's burst are read (the rule needs 3; the rest are held by it). */
const BURST_ROWS = 100;

/**
 * Reviews of `listingId` written in the last 24 hours by accounts created within a day before
 * their review (issue 37.7, ADR 077), by accounts other than `userId`, newest first.
 */
export function newAccountReviewsOfDay(db: Db, listingId: string, userId: string) {
  return db
    .selectFrom('reviews')
    .innerJoin('user', 'user.id', 'reviews.user_id')
    .select(['reviews.id', 'reviews.status', 'reviews.hold_reasons'])
    .where('reviews.listing_id', '=', listingId)
    .where('reviews.new_account', '=', true)
    .where('reviews.created_at', '>', sql<Date>`now() - interval '1 day'`)
    .where('reviews.user_id', '<>', userId)
    .where(sql<boolean>`reviews.created_at - "user".created_at < interval '1 day'`)
    .orderBy('reviews.created_at', 'desc')
    .limit(BURST_ROWS)
    .execute();
}

/**
 * Reviews of `listingId` written in the last 24 hours from the network `networkKey` (issue
 * 37.7, ADR 077), by accounts other than `userId`, newest first.
 */
export function networkReviewsOfDay(db: Db, listingId: string, networkKey: string, userId: string) {
  return db
    .selectFrom('reviews')
    .select(['id', 'status', 'hold_reasons'])
    .where('listing_id', '=', listingId)
    .where('author_network_key', '=', networkKey)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .where('user_id', '<>', userId)
    .orderBy('created_at', 'desc')
    .limit(BURST_ROWS)
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

/** When the account was created (the "new account" test). */
export async function accountCreatedAt(db: Db, userId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('user')
    .select('created_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.created_at;
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
export async function phoneReviewed(db: Db, listingId: string, phoneKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('reviews')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('author_phone_key', '=', phoneKey)
    .executeTakeFirst();
  return row !== undefined;
}
