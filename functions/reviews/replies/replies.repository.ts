import { type Db, REVIEW_COLUMNS, SORTS } from '../reviews.repository.ts';

/** The owner's page of reviews (issue 24.3, ADR 073). Reads only: reviews.repository.ts writes. */

/**
 * One page of a listing's published reviews for its owner, with the owner's reply in any status
 * (held or hidden replies show their state to the owner).
 */
export function ownerPage(db: Db, listingId: string, page: { offset: number; limit: number }) {
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
    .where('r.listing_id', '=', listingId)
    .where('r.status', '=', 'published')
    .orderBy(SORTS.newest)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}
