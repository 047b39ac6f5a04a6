import type { ReviewSort } from '../../../common/schemas/review-rules.ts';
import { type Db, REVIEW_COLUMNS, SORTS } from '../reviews.repository.ts';

/** A listing's published reviews, page by page (issue 24.2, ADR 073). Reads only: reviews.repository.ts writes. */

/**
 * One page of a listing's published reviews in `sort` order, with their published replies. The
 * page's ids come from the listing's partial index of published reviews, the rows after.
 */
export function publishedPage(
  db: Db,
  listingId: string,
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
    .where('r.listing_id', '=', listingId)
    .where('r.status', '=', 'published')
    .orderBy(SORTS[sort])
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}
