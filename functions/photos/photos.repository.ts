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
  'id' | 'position' | 'status' | 'created_at' | 'change_id' | 'removal_change_id'
> &
  Pick<Selectable<PhotosTable>, 'created_by'> &
  Partial<Pick<PhotoRow, 'status' | 'change_id'>>;

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
] as const;

/** A listing's photos in gallery order (at most 12 exist). */
export async function listByListing(db: Db, listingId: string): Promise<PhotoRow[]> {
  return db
    .selectFrom('photos')
    .select(COLUMNS)
    .where('listing_id', '=', listingId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

export async function findById(db: Db, id: string): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** How many photos the listing has, and whether `contentHash` is one of them. */
export async function countAndDuplicate(
  db: Db,
  listingId: string,
  contentHash: string,
): Promise<{ count: number; duplicate: boolean }> {
  const row = await db
    .selectFrom('photos')
    .select([
      sql<number>`count(*)::int`.as('count'),
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
    .orderBy('listing_id')
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/**
 * Whether `key` is a variant of a photo of the listing, and that photo's status (ADR 042: the
 * public route serves live photos only).
 */
export async function statusOfVariant(
  db: Db,
  listingId: string,
  key: string,
): Promise<'live' | 'pending' | undefined> {
  const row = await db
    .selectFrom('photos')
    .select('status')
    .where('listing_id', '=', listingId)
    .where(sql<boolean>`variants @> ${JSON.stringify([{ key }])}::jsonb`)
    .executeTakeFirst();
  return row?.status;
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
