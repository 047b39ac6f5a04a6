import type { Kysely } from 'kysely';
import {
  PHOTO_EXTENSIONS,
  PHOTO_MESSAGES,
  PHOTOS_PER_LISTING,
} from '../../common/schemas/photo-rules.ts';
import type { Photo, PhotoCover, PhotoUpload } from '../../common/schemas/photos.ts';
import type { PublicBusiness } from '../../common/schemas/listing.ts';
import { assertBlobKey, type BlobStore, StorageUnavailableError } from '../_lib/blobs.ts';
import { AppError } from '../_lib/errors.ts';
import { log } from '../_lib/log.ts';
import { isUniqueViolation } from '../_lib/pg-errors.ts';
import type { Database, PhotoVariantRecord } from '../db/database.ts';
import * as registrations from '../registrations/registrations.service.ts';
import { CacheTags, listingChangeTags } from '../site/cache-tags.ts';
import * as registrationRows from '../registrations/registrations.repository.ts';
import type { ProcessedPhoto } from './photo-processing.ts';
import { processUpload } from './photo-processor.ts';
import * as repository from './photos.repository.ts';

/**
 * Photos of a listing (issue 26, ADR 039): blobs first, then the row in a transaction; a failed
 * row deletes the blobs it had written, so nothing is half-saved. Cache tags are computed here
 * (ADR 011, 036) and returned with each change.
 *
 * Rooms (ADR 073): this file is the admin's photos, serving and covers, and what the rooms share;
 * `owners/` holds an owner's photos and their changes, `reviewers/` a review's photos.
 */

export type Db = Kysely<Database>;

/** Where the API serves a live photo's variant: `/api/photos/<listing id>/<file>`. */
export const PHOTO_URL_PREFIX = '/api/photos/';
/**
 * Where a held photo's variant is served to the listing's owner and the admins only (ADR 042):
 * `/api/account/photos/<listing id>/<file>`.
 */
export const HELD_PHOTO_URL_PREFIX = '/api/account/photos/';
const KEY_PREFIX = 'listings/';

/** The blob key of a variant file of a listing. */
export function photoKey(listingId: string, file: string): string {
  return `${KEY_PREFIX}${listingId}/${file}`;
}

/** A variant's file name: the first 32 hex characters of its SHA-256, then its extension. */
export const PHOTO_FILE_PATTERN = /^[0-9a-f]{32}\.(avif|webp|jpg)$/;

export function toPhoto(row: repository.PhotoRow): Photo {
  return {
    id: row.id,
    listing_id: row.listing_id,
    kind: row.kind,
    caption: row.caption,
    width: row.width,
    height: row.height,
    position: row.position,
    status: row.status,
    created_at: row.created_at.toISOString(),
    removal_proposed: row.removal_change_id !== null,
    variants: publicVariants(
      row.variants,
      row.status === 'live' ? PHOTO_URL_PREFIX : HELD_PHOTO_URL_PREFIX,
    ),
  };
}

/** Stored variants as the API shows them: the key becomes the URL (public for a live photo). */
function publicVariants(
  variants: readonly PhotoVariantRecord[],
  prefix = PHOTO_URL_PREFIX,
): Photo['variants'] {
  return variants.map(({ key, ...variant }) => ({
    ...variant,
    url: `${prefix}${key.slice(KEY_PREFIX.length)}`,
  }));
}

/** The pages that show a listing's photos: its page and OG image, its cards (ADR 011). */
function photoTags(listing: registrations.RegistrationWrite['after']): string[] {
  const tags = listingChangeTags(listing, listing);
  return tags.length > 0 ? [...tags, CacheTags.photos(listing.id)] : [CacheTags.photos(listing.id)];
}

/** Deletes blobs, logging (never throwing) a failure: an orphaned file is harmless, a lost row not. */
export async function deleteBlobs(blobs: BlobStore, keys: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => blobs.delete(key)));
  const failed = results.filter((result) => result.status === 'rejected');
  if (failed.length > 0)
    log.warn('photo blobs left behind', { count: failed.length, keys: keys.slice(0, 3) });
}

/** A listing's photos in gallery order. @throws AppError NOT_FOUND for an unknown listing. */
export async function listPhotos(db: Db, listingId: string): Promise<Photo[]> {
  await registrations.getRegistration(db, listingId);
  return (await repository.listByListing(db, listingId)).map(toPhoto);
}

/** Widest variant a card uses: 320 px on a phone's card, 640 px on a sharp screen. */
const CARD_MAX_WIDTH = 640;

function toCover(row: Pick<repository.PhotoRow, 'width' | 'height' | 'variants'>): PhotoCover {
  const variants = publicVariants(row.variants).filter((v) => v.width <= CARD_MAX_WIDTH);
  const srcset = (format: string) =>
    variants
      .filter((v) => v.format === format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(', ');
  const widest = variants.at(-1)!;
  return {
    width: widest.width,
    height: widest.height,
    src: variants.find((v) => v.format === 'jpeg')?.url ?? widest.url,
    avif: srcset('avif'),
    webp: srcset('webp'),
    jpeg: srcset('jpeg'),
  };
}

/**
 * `businesses` with their cover photos (one query for the page; issue 26.4): `cover` is null for
 * a listing without a live cover photo.
 */
export async function withCovers<B extends PublicBusiness>(db: Db, businesses: B[]): Promise<B[]> {
  const covers = new Map(
    (
      await repository.coversOf(
        db,
        businesses.map((b) => b.id),
      )
    ).map((row) => [row.listing_id, toCover(row)]),
  );
  return businesses.map((business) => ({ ...business, cover: covers.get(business.id) ?? null }));
}

/**
 * A listing's live photos in gallery order, for its public page (at most 12; pending ones, from
 * an owner awaiting review, are left out).
 */
export async function livePhotos(db: Db, listingId: string): Promise<Photo[]> {
  return (await repository.listByListing(db, listingId))
    .filter((row) => row.status === 'live')
    .map(toPhoto);
}

/** The stored variants of a processed photo, each named by its content hash under its listing. */
export function variantRecords(listingId: string, processed: ProcessedPhoto): PhotoVariantRecord[] {
  const variants = processed.variants.map((variant) => ({
    format: variant.format,
    width: variant.width,
    height: variant.height,
    key: photoKey(listingId, `${variant.hash.slice(0, 32)}.${PHOTO_EXTENSIONS[variant.format]}`),
    bytes: variant.bytes.byteLength,
  }));
  for (const { key } of variants) assertBlobKey(key);
  return variants;
}

/**
 * Writes the variant files of processed photos, all or nothing: when one write fails, the files
 * already written are deleted. @returns their keys.
 * @throws StorageUnavailableError (503) when the store fails.
 */
export async function writeVariants(
  blobs: BlobStore,
  photos: readonly { processed: ProcessedPhoto; variants: PhotoVariantRecord[] }[],
): Promise<string[]> {
  const keys = photos.flatMap((p) => p.variants.map((variant) => variant.key));
  const written = await Promise.allSettled(
    photos.flatMap((p) =>
      p.processed.variants.map((variant, i) =>
        blobs.put(p.variants[i]!.key, variant.bytes, variant.contentType),
      ),
    ),
  );
  const failure = written.find((result) => result.status === 'rejected');
  if (failure) {
    await deleteBlobs(blobs, keys);
    throw failure.reason instanceof AppError
      ? failure.reason
      : new StorageUnavailableError(failure.reason);
  }
  return keys;
}

/**
 * Processes `file`, refuses early what `check` refuses, writes the variants, then calls `record`
 * (a transaction that checks again and writes the row). Nothing is kept when any step fails: a
 * failed blob write deletes the blobs already written, a failed `record` deletes all of them
 * (unless its twin, the same photo added at the same moment, owns the very same files).
 * @throws AppError from processing and `check`/`record`; StorageUnavailableError (503).
 */
export async function storeThenRecord<T>(
  db: Db,
  blobs: BlobStore,
  listingId: string,
  file: Uint8Array,
  check: (db: Db, contentHash: string) => Promise<void>,
  record: (trx: Db, processed: ProcessedPhoto, variants: PhotoVariantRecord[]) => Promise<T>,
): Promise<T> {
  const processed = await processUpload(file);
  // Refuse early what would be refused anyway, before writing any file.
  await check(db, processed.contentHash);

  const variants = variantRecords(listingId, processed);
  const keys = await writeVariants(blobs, [{ processed, variants }]);

  try {
    return await db.transaction().execute((trx) => record(trx, processed, variants));
  } catch (error) {
    // The same photo added at the same moment: its twin's row owns these very files.
    const twin =
      (error instanceof AppError && error.message === PHOTO_MESSAGES.duplicate) ||
      isUniqueViolation(error);
    if (!twin) await deleteBlobs(blobs, keys);
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', PHOTO_MESSAGES.duplicate);
    throw error;
  }
}

/** The row of a processed photo whose variants are stored (live unless the caller says). */
export function newPhoto(
  listingId: string,
  input: PhotoUpload,
  processed: ProcessedPhoto,
  variants: PhotoVariantRecord[],
  createdBy: string | null,
): repository.NewPhoto {
  return {
    listing_id: listingId,
    kind: input.kind,
    caption: input.caption,
    width: processed.width,
    height: processed.height,
    variants,
    content_hash: processed.contentHash,
    created_by: createdBy,
  };
}

/** Refuses the same photo twice, and a 13th photo (live and held ones count alike). */
export async function checkRoom(db: Db, listingId: string, contentHash: string): Promise<void> {
  const { count, duplicate } = await repository.countAndDuplicate(db, listingId, contentHash);
  if (duplicate) throw new AppError('CONFLICT', PHOTO_MESSAGES.duplicate);
  if (count >= PHOTOS_PER_LISTING) throw new AppError('CONFLICT', PHOTO_MESSAGES.tooMany);
}

/**
 * Processes `file` (photo-processing.ts), stores its variants, then records the photo as the
 * listing's last, live at once (an admin adds it).
 * @returns the photo and the tags of the pages that show the listing's photos.
 * @throws AppError NOT_FOUND (unknown listing); VALIDATION_FAILED / PAYLOAD_TOO_LARGE from
 *   processing; CONFLICT for a 13th photo or the same photo twice; SERVICE_UNAVAILABLE (503) when
 *   the blob store fails. Nothing is kept from a refused or failed upload.
 */
export async function addPhoto(
  db: Db,
  blobs: BlobStore,
  listingId: string,
  file: Uint8Array,
  input: PhotoUpload,
  adminId: string | null,
): Promise<{ photo: Photo; tags: string[] }> {
  await registrations.getRegistration(db, listingId);
  const check = (trx: Db, hash: string) => checkRoom(trx, listingId, hash);
  return storeThenRecord(db, blobs, listingId, file, check, async (trx, processed, variants) => {
    const listing = await registrations.lockRegistration(trx, listingId);
    await check(trx, processed.contentHash);
    const row = await repository.insertLast(
      trx,
      newPhoto(listingId, input, processed, variants, adminId),
    );
    return { photo: toPhoto(row), tags: photoTags(listing) };
  });
}

/**
 * Deletes a photo: its row, then its files.
 * @returns the tags of the pages that showed it. @throws AppError NOT_FOUND.
 */
export async function removePhoto(
  db: Db,
  blobs: BlobStore,
  id: string,
): Promise<{ tags: string[] }> {
  const { row, listing } = await db.transaction().execute(async (trx) => {
    const found = await repository.findById(trx, id);
    if (!found) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
    const listing = await registrations.lockRegistration(trx, found.listing_id);
    const row = await repository.remove(trx, id);
    if (!row) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
    return { row, listing };
  });
  await deleteBlobs(
    blobs,
    row.variants.map((variant) => variant.key),
  );
  return { tags: photoTags(listing) };
}

/**
 * Deletes a listing (registrations.service `deleteRegistration`) with its photos: the rows go
 * with it (cascade), then their files.
 * @returns the tags of the pages that showed the listing or its photos.
 * @throws AppError as `deleteRegistration` (NOT_FOUND, CONFLICT for a pending business).
 */
export async function deleteListingWithPhotos(
  db: Db,
  blobs: BlobStore,
  listingId: string,
): Promise<{ tags: string[] }> {
  const { keys, tags } = await db.transaction().execute(async (trx) => {
    await registrations.lockRegistration(trx, listingId);
    const keys = await repository.blobKeysOfListing(trx, listingId);
    const { tags } = await registrations.deleteRegistration(trx, listingId);
    return { keys, tags };
  });
  await deleteBlobs(blobs, keys);
  return { tags: keys.length > 0 ? [...tags, CacheTags.photos(listingId)] : tags };
}

/**
 * One variant file of a live photo for the public route, with the cache tag it is kept under. A
 * held photo's files are not public (ADR 042): 404 as for a file that does not exist.
 * @throws AppError NOT_FOUND for a name that is not a live photo's variant or a file that is not
 *   stored; SERVICE_UNAVAILABLE when the store fails.
 */
export async function readVariant(
  db: Db,
  blobs: BlobStore,
  listingId: string,
  file: string,
): Promise<{ bytes: Uint8Array; contentType: string; tags: string[] }> {
  if (!PHOTO_FILE_PATTERN.test(file)) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  const key = photoKey(listingId, file);
  if (!(await repository.photoOfVariant(db, listingId, key))?.public)
    throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  const found = await blobs.get(key);
  if (!found) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  return { ...found, tags: [CacheTags.photos(listingId)] };
}

/**
 * One variant file of any photo of a listing (held ones included) for those who may see it before
 * it is public (ADR 042): the admins; the listing's owner for the listing's photos (the owner
 * dashboard); the reviewer for their review's photos. The owner dashboard, the Claims tab and the
 * Reviews tab show held photos through it.
 * @throws AppError NOT_FOUND (no such variant, or the caller may not see it: the file's existence
 *   is not given away); SERVICE_UNAVAILABLE when the store fails.
 */
export async function readHeldVariant(
  db: Db,
  blobs: BlobStore,
  caller: { id: string; isAdmin: boolean },
  listingId: string,
  file: string,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  if (!PHOTO_FILE_PATTERN.test(file)) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  const key = photoKey(listingId, file);
  const photo = await repository.photoOfVariant(db, listingId, key);
  if (!photo) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  if (!caller.isAdmin) {
    const allowed = photo.review_id
      ? photo.created_by === caller.id
      : (await registrationRows.findForOwner(db, { id: listingId }))?.owner_user_id === caller.id;
    if (!allowed) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  }
  const found = await blobs.get(key);
  if (!found) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  return found;
}
