import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, PhotosTable } from '../db/database.ts';

/** Queries of photos (issue 26, ADR 039), the table's one writer. `db` may be a transaction. */
type Db = Kysely<Database>;

/** A photo as read: every column but who added it. */
export type PhotoRow = Omit<Selectable<PhotosTable>, 'created_by'>;
/** What a new photo is given; its id, position, status and time are the database's. */
export type NewPhoto = Omit<PhotoRow, 'id' | 'position' | 'status' | 'created_at'> &
  Pick<Selectable<PhotosTable>, 'created_by'>;

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
