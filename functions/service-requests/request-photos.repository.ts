import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, PhotoVariantRecord, ServiceRequestPhotosTable } from '../db/database.ts';

/**
 * Queries of a Find It request's photos (issue 36.1, ADR 083), the table's one writer. `db` may
 * be a transaction.
 */
type Db = Kysely<Database>;

export type RequestPhotoRow = Selectable<ServiceRequestPhotosTable>;

/** What a new photo is given; its id and time are the database's. */
export interface NewRequestPhoto {
  service_request_id: string;
  position: number;
  width: number;
  height: number;
  variants: PhotoVariantRecord[];
  content_hash: string;
}

/** Records the photos of a request just saved (in its transaction). */
export async function insertAll(db: Db, photos: readonly NewRequestPhoto[]): Promise<void> {
  if (photos.length === 0) return;
  await db
    .insertInto('service_request_photos')
    .values(photos.map((p) => ({ ...p, variants: JSON.stringify(p.variants) })))
    .execute();
}

/** The photos of each request in `requestIds` (one query for a page), in their order. */
export async function listByRequests(
  db: Db,
  requestIds: readonly string[],
): Promise<RequestPhotoRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom('service_request_photos')
    .selectAll()
    .where('service_request_id', 'in', [...new Set(requestIds)])
    .orderBy('service_request_id')
    .orderBy('position')
    .execute();
}

/** A variant file's request, with what decides who may read it; undefined when no photo has it. */
export interface PhotoAccessRow {
  user_id: string | null;
  access_key_hash: string | null;
  /** Held for the admin (its words held a link, phone or e-mail) and not yet sent out. */
  held: boolean;
}

/** The request of the photo whose variants hold `key`, when that photo is request `requestId`'s. */
export function findAccess(
  db: Db,
  requestId: string,
  key: string,
): Promise<PhotoAccessRow | undefined> {
  return db
    .selectFrom('service_request_photos as p')
    .innerJoin('service_requests as r', 'r.id', 'p.service_request_id')
    .select([
      'r.user_id',
      'r.access_key_hash',
      sql<boolean>`cardinality(r.held_reasons) > 0 and r.matched_at is null`.as('held'),
    ])
    .where('p.service_request_id', '=', requestId)
    .where(sql<boolean>`p.variants @> ${JSON.stringify([{ key }])}::jsonb`)
    .executeTakeFirst();
}

/**
 * Whether request `requestId` reached a listing `userId` owns (a lead: sent, not withdrawn), the
 * way the owner's leads page reads it.
 */
export async function reachedOwner(db: Db, requestId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('service_request_notifications as n')
    .innerJoin('business_registrations as b', 'b.id', 'n.business_registration_id')
    .select('n.id')
    .where('n.service_request_id', '=', requestId)
    .where('b.owner_user_id', '=', userId)
    .where('n.status', 'in', ['sending', 'sent'])
    .where('n.withdrawn_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The blob keys of request `requestId`'s photos (all requests' when null), read before deleting. */
export async function blobKeys(db: Db, requestId: string | null): Promise<string[]> {
  let query = db.selectFrom('service_request_photos').select('variants');
  if (requestId !== null) query = query.where('service_request_id', '=', requestId);
  const rows = await query.execute();
  return rows.flatMap((row) => row.variants.map((variant) => variant.key));
}
