import { sql } from 'kysely';
import { matchesAny } from '../../_lib/like.ts';
import { countOf, pageOf, type PageWindow } from '../../_lib/paging.ts';
import { type Db, REVIEW_COLUMNS } from '../reviews.repository.ts';

/** The Reviews tab's queries (issue 24.4, ADR 073): what waits, open reports, the log. Reads only: reviews.repository.ts writes. */

/** The waiting reviews matching `q` (business name, title, text or shown name). */
function waiting(db: Db, q: string | undefined) {
  let query = db
    .selectFrom('reviews as r')
    .innerJoin('business_registrations as b', 'b.id', 'r.listing_id')
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
      .leftJoin('business_registrations as b', 'b.id', 'l.listing_id')
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
          'b.id as listing_id',
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
