import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, PhotosTable } from '../db/database.ts';

/** Queries of photos (issue 26, ADR 039), the table's one writer. `db` may be a transaction. */
type Db = Kysely<Database>;

/** A photo as read: every column but who added it. */
export type PhotoRow = Omit<Selectable<PhotosTable>, 'created_by'>;
/**
 * What a new photo is given; its id, position and time are the database's. Live unless given
 * `status: 'pending'` with its owner change (ADR 042).
 */
export type NewPhoto = Omit<
  PhotoRow,
  'id' | 'position' | 'status' | 'created_at' | 'change_id' | 'removal_change_id' | 'review_id'
> &
  Pick<Selectable<PhotosTable>, 'created_by'> &
  Partial<Pick<PhotoRow, 'status' | 'change_id' | 'review_id'>>;

const COLUMNS = [
  'id',
  'listing_id',
  'kind',
  'caption',
  'width',
  'height',
  'variants',
  'content_hash',
  'position',
  'status',
  'created_at',
  'change_id',
  'removal_change_id',
  'review_id',
] as const;

/** A listing's photos in gallery order (at most 12 exist; reviewers' photos are not among them). */
export async function listByListing(db: Db, listingId: string): Promise<PhotoRow[]> {
  return db
    .selectFrom('photos')
    .select(COLUMNS)
    .where('listing_id', '=', listingId)
    .where('review_id', 'is', null)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

export async function findById(db: Db, id: string): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * How many photos the listing has (reviewers' not counted), and whether `contentHash` is one of
 * its photos or its reviewers' (the files are named by content: one copy a listing).
 */
export async function countAndDuplicate(
  db: Db,
  listingId: string,
  contentHash: string,
): Promise<{ count: number; duplicate: boolean }> {
  const row = await db
    .selectFrom('photos')
    .select([
      sql<number>`(count(*) filter (where review_id is null))::int`.as('count'),
      sql<boolean>`coalesce(bool_or(content_hash = ${contentHash}), false)`.as('duplicate'),
    ])
    .where('listing_id', '=', listingId)
    .executeTakeFirstOrThrow();
  return row;
}

/** Adds a photo after the listing's last one. */
export async function insertLast(db: Db, values: NewPhoto): Promise<PhotoRow> {
  return db
    .insertInto('photos')
    .values({
      ...values,
      variants: JSON.stringify(values.variants),
      position: sql<number>`(select coalesce(max(position), 0) + 1 from photos where listing_id = ${values.listing_id})`,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Deletes one photo. @returns the row deleted, if it existed. */
export async function remove(db: Db, id: string): Promise<PhotoRow | undefined> {
  return db.deleteFrom('photos').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
}

/** The cover (first live `cover` photo) of each listing in `listingIds` that has one. */
export async function coversOf(
  db: Db,
  listingIds: readonly string[],
): Promise<Pick<PhotoRow, 'listing_id' | 'width' | 'height' | 'variants'>[]> {
  if (listingIds.length === 0) return [];
  return db
    .selectFrom('photos')
    .distinctOn('listing_id')
    .select(['listing_id', 'width', 'height', 'variants'])
    .where('listing_id', 'in', listingIds)
    .where('kind', '=', 'cover')
    .where('status', '=', 'live')
    .where('review_id', 'is', null)
    .orderBy('listing_id')
    .orderBy('position')
    .execute();
}

/** Every blob key of a listing's photos (to delete them with the listing). */
export async function blobKeysOfListing(db: Db, listingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .select('variants')
    .where('listing_id', '=', listingId)
    .execute();
  return rows.flatMap((row) => row.variants.map((variant) => variant.key));
}

/** Every photo of the listings in `listingIds` (at most 12 each), in gallery order. */
export async function listByListings(db: Db, listingIds: readonly string[]): Promise<PhotoRow[]> {
  if (listingIds.length === 0) return [];
  return db
    .selectFrom('photos')
    .select(COLUMNS)
    .where('listing_id', 'in', listingIds)
    .where('review_id', 'is', null)
    .orderBy('listing_id')
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/**
 * The photo of the listing that `key` is a variant of, if any: whether it is public (live, and for
 * a reviewer's photo its review published: ADR 042), its review and who added it.
 */
export async function photoOfVariant(
  db: Db,
  listingId: string,
  key: string,
): Promise<{ public: boolean; review_id: string | null; created_by: string | null } | undefined> {
  return db
    .selectFrom('photos as p')
    .leftJoin('reviews as r', 'r.id', 'p.review_id')
    .select([
      'p.review_id',
      'p.created_by',
      sql<boolean>`p.status = 'live' and (p.review_id is null or r.status = 'published')`.as(
        'public',
      ),
    ])
    .where('p.listing_id', '=', listingId)
    .where(sql<boolean>`p.variants @> ${JSON.stringify([{ key }])}::jsonb`)
    .executeTakeFirst();
}

/** Makes the held photos of an approved owner change live. @returns how many. */
export async function publishHeldOf(db: Db, changeId: string): Promise<number> {
  const result = await db
    .updateTable('photos')
    .set({ status: 'live' })
    .where('change_id', '=', changeId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the held photos of a rejected owner change. @returns the rows deleted. */
export async function deleteHeldOf(db: Db, changeId: string): Promise<PhotoRow[]> {
  return db
    .deleteFrom('photos')
    .where('change_id', '=', changeId)
    .where('status', '=', 'pending')
    .returning(COLUMNS)
    .execute();
}

/** Deletes the live photos an approved owner change removes. @returns the rows deleted. */
export async function deleteRemovedBy(db: Db, changeId: string): Promise<PhotoRow[]> {
  return db
    .deleteFrom('photos')
    .where('removal_change_id', '=', changeId)
    .returning(COLUMNS)
    .execute();
}

/** Marks a live photo as proposed for removal in `changeId`, or (null) keeps it again. */
export async function setRemoval(db: Db, id: string, changeId: string | null): Promise<void> {
  await db
    .updateTable('photos')
    .set({ removal_change_id: changeId })
    .where('id', '=', id)
    .execute();
}

/** Clears the removals a rejected owner change proposed. @returns how many. */
export async function clearRemovalsOf(db: Db, changeId: string): Promise<number> {
  const result = await db
    .updateTable('photos')
    .set({ removal_change_id: null })
    .where('removal_change_id', '=', changeId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The photos of the reviews in `reviewIds` (at most 3 each), oldest first; only live ones with `live`. */
export async function listByReviews(
  db: Db,
  reviewIds: readonly string[],
  options: { live?: boolean } = {},
): Promise<PhotoRow[]> {
  if (reviewIds.length === 0) return [];
  let query = db.selectFrom('photos').select(COLUMNS).where('review_id', 'in', reviewIds);
  if (options.live) query = query.where('status', '=', 'live');
  return query.orderBy('review_id').orderBy('position').orderBy('created_at').execute();
}

/** Publishes (`live`) or holds (`pending`) the photos of a review. @returns how many. */
export async function setReviewPhotosStatus(
  db: Db,
  reviewId: string,
  status: 'live' | 'pending',
): Promise<number> {
  const result = await db
    .updateTable('photos')
    .set({ status })
    .where('review_id', '=', reviewId)
    .where('status', '!=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every blob key of a review's photos (to delete them with the review). */
export async function blobKeysOfReview(db: Db, reviewId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .select('variants')
    .where('review_id', '=', reviewId)
    .execute();
  return rows.flatMap((row) => row.variants.map((variant) => variant.key));
}
