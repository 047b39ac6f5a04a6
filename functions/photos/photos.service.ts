import type { Kysely } from 'kysely';
import {
  PHOTO_EXTENSIONS,
  PHOTO_MESSAGES,
  PHOTOS_PER_LISTING,
  REVIEW_PHOTOS_MAX,
} from '../../common/schemas/photo-rules.ts';
import type { Photo, PhotoCover, PhotoUpload, ReviewPhoto } from '../../common/schemas/photos.ts';
import type { PublicBusiness } from '../../common/schemas/listing.ts';
import { assertBlobKey, type BlobStore, StorageUnavailableError } from '../_lib/blobs.ts';
import { AppError } from '../_lib/errors.ts';
import { log } from '../_lib/log.ts';
import { isUniqueViolation } from '../_lib/pg-errors.ts';
import type { Database, PhotoVariantRecord } from '../db/database.ts';
import * as registrations from '../registrations/registrations.service.ts';
import { CacheTags, listingChangeTags } from '../site/cache-tags.ts';
import { enforceRateLimits } from '../_lib/rate-limit.ts';
import * as changeRows from '../claims/claims.repository.ts';
import * as registrationRows from '../registrations/registrations.repository.ts';
import type { ProcessedPhoto } from './photo-processing.ts';
import { processUpload } from './photo-processor.ts';
import * as repository from './photos.repository.ts';

/**
 * Photos of a listing (issue 26, ADR 039): blobs first, then the row in a transaction; a failed
 * row deletes the blobs it had written, so nothing is half-saved. Cache tags are computed here
 * (ADR 011, 036) and returned with each change.
 */

type Db = Kysely<Database>;

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

function toPhoto(row: repository.PhotoRow): Photo {
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
async function deleteBlobs(blobs: BlobStore, keys: readonly string[]): Promise<void> {
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
function variantRecords(listingId: string, processed: ProcessedPhoto): PhotoVariantRecord[] {
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
async function writeVariants(
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
async function storeThenRecord<T>(
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
function newPhoto(
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
async function checkRoom(db: Db, listingId: string, contentHash: string): Promise<void> {
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

// Owners' photos (ADR 042) ---------------------------------------------------------------------

/** Owner photo uploads and removals per account per hour. */
export const OWNER_PHOTO_ACTIONS_PER_HOUR = 60;

/** @throws AppError RATE_LIMITED past {@link OWNER_PHOTO_ACTIONS_PER_HOUR} for `userId`. */
function limitOwnerActions(db: Db, userId: string): Promise<void> {
  return enforceRateLimits(db, [
    { key: `owner-photo:user:${userId}`, limit: OWNER_PHOTO_ACTIONS_PER_HOUR, windowSeconds: 3600 },
  ]);
}

/**
 * The listing `listingId` if `userId` owns it. @throws AppError NOT_FOUND (no such listing),
 * FORBIDDEN (someone else's).
 */
async function ownedListing(db: Db, userId: string, listingId: string, lock = false) {
  const listing = lock
    ? await registrationRows.lockForOwner(db, listingId)
    : await registrationRows.findForOwner(db, { id: listingId });
  if (!listing) throw new AppError('NOT_FOUND', 'Business not found');
  if (listing.owner_user_id !== userId)
    throw new AppError('FORBIDDEN', PHOTO_MESSAGES.notYourListing);
  return listing;
}

/**
 * The owner's view of their listing's photos: live ones (with `removal_proposed`) and the held
 * ones waiting in the pending change (held variants served by {@link readHeldVariant}).
 * @throws AppError NOT_FOUND, FORBIDDEN (not the caller's listing).
 */
export async function ownerPhotos(db: Db, userId: string, listingId: string): Promise<Photo[]> {
  await ownedListing(db, userId, listingId);
  return (await repository.listByListing(db, listingId)).map(toPhoto);
}

/**
 * The owner adds a photo to their listing's reviewed change (issue 26.1, ADR 042): processed and
 * stored like an admin's, but held (`pending`, linked to the listing's pending change, created if
 * there is none) until the admin approves the change in the Claims tab. Live and held photos
 * count alike toward the 12.
 * @returns the held photo. @throws AppError NOT_FOUND, FORBIDDEN (not the caller's listing),
 *   RATE_LIMITED, and everything {@link addPhoto} throws. Nothing is kept from a failed upload.
 */
export async function addOwnerPhoto(
  db: Db,
  blobs: BlobStore,
  userId: string,
  listingId: string,
  file: Uint8Array,
  input: PhotoUpload,
): Promise<Photo> {
  await ownedListing(db, userId, listingId);
  await limitOwnerActions(db, userId);
  const check = (trx: Db, hash: string) => checkRoom(trx, listingId, hash);
  return storeThenRecord(db, blobs, listingId, file, check, async (trx, processed, variants) => {
    // Change first, then listing: the order the admin's decision locks them in.
    const change = await changeRows.lockOrCreatePendingChange(trx, listingId, userId);
    await ownedListing(trx, userId, listingId, true);
    await check(trx, processed.contentHash);
    const row = await repository.insertLast(trx, {
      ...newPhoto(listingId, input, processed, variants, userId),
      status: 'pending',
      change_id: change.id,
    });
    return toPhoto(row);
  });
}

/**
 * The owner proposes removing a live photo (it goes when the admin approves the change), takes a
 * held photo back at once (its row, then its files), or with `keep` withdraws a proposed removal.
 * A pending change left proposing nothing is deleted.
 * @returns the listing's photos as {@link ownerPhotos}. @throws AppError NOT_FOUND (no such photo
 *   of the listing), FORBIDDEN, RATE_LIMITED.
 */
export async function ownerRemovePhoto(
  db: Db,
  blobs: BlobStore,
  userId: string,
  listingId: string,
  photoId: string,
  action: 'remove' | 'keep',
): Promise<Photo[]> {
  await ownedListing(db, userId, listingId);
  await limitOwnerActions(db, userId);
  const deleted = await db.transaction().execute(async (trx) => {
    const change = await changeRows.lockOrCreatePendingChange(trx, listingId, userId);
    await ownedListing(trx, userId, listingId, true);
    const photo = await repository.findById(trx, photoId);
    if (!photo || photo.listing_id !== listingId)
      throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
    let deleted: repository.PhotoRow | undefined;
    if (photo.status === 'pending') {
      if (action === 'remove') deleted = await repository.remove(trx, photo.id);
    } else {
      await repository.setRemoval(trx, photo.id, action === 'remove' ? change.id : null);
    }
    await changeRows.deletePendingIfEmpty(trx, change.id);
    return deleted;
  });
  if (deleted)
    await deleteBlobs(
      blobs,
      deleted.variants.map((variant) => variant.key),
    );
  return (await repository.listByListing(db, listingId)).map(toPhoto);
}

/** What an owner change does to the photos: held ones added, live ones removed, the rest. */
export interface ChangePhotos {
  current: Photo[];
  added: Photo[];
  removed: Photo[];
}

/**
 * The photos of each change in `changes` (one query for the page): the listing's live photos it
 * keeps (`current`), the held ones it adds, the live ones it removes.
 */
export async function photosOfChanges(
  db: Db,
  changes: readonly { id: string; listing_id: string; status: string }[],
): Promise<Map<string, ChangePhotos>> {
  const rows = await repository.listByListings(db, [
    ...new Set(changes.map((change) => change.listing_id)),
  ]);
  return new Map(
    changes.map((change) => {
      const ofListing = rows.filter((row) => row.listing_id === change.listing_id);
      return [
        change.id,
        {
          current: ofListing
            .filter((row) => row.status === 'live' && row.removal_change_id !== change.id)
            .map(toPhoto),
          added: ofListing
            .filter((row) => row.change_id === change.id && row.status === 'pending')
            .map(toPhoto),
          removed: ofListing.filter((row) => row.removal_change_id === change.id).map(toPhoto),
        },
      ];
    }),
  );
}

/**
 * Applies an owner change's photos in the admin's transaction `trx` (ADR 042): `approve` makes
 * its held photos live and deletes the live ones it removes; `reject` deletes its held photos and
 * keeps the live ones. Call {@link finishChangePhotos} with the result after the commit.
 * @returns the blob keys to delete after the commit and whether the public photos changed.
 */
export async function decideChangePhotos(
  trx: Db,
  changeId: string,
  decision: 'approve' | 'reject',
): Promise<{ keys: string[]; changed: boolean }> {
  if (decision === 'approve') {
    const published = await repository.publishHeldOf(trx, changeId);
    const removed = await repository.deleteRemovedBy(trx, changeId);
    return {
      keys: removed.flatMap((row) => row.variants.map((variant) => variant.key)),
      changed: published + removed.length > 0,
    };
  }
  const held = await repository.deleteHeldOf(trx, changeId);
  await repository.clearRemovalsOf(trx, changeId);
  return {
    keys: held.flatMap((row) => row.variants.map((variant) => variant.key)),
    changed: false,
  };
}

/** After the decision's commit: deletes the files of the photos it deleted (logged on failure). */
export async function finishChangePhotos(blobs: BlobStore, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await deleteBlobs(blobs, keys);
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

// Reviewers' photos (ADR 042) -------------------------------------------------------------------

/** Photos processed and stored for a review not yet saved: its rows are written by the review's transaction. */
export interface PreparedPhotos {
  listingId: string;
  photos: { processed: ProcessedPhoto; variants: PhotoVariantRecord[] }[];
  keys: string[];
}

/**
 * Processes a reviewer's photos (at most {@link REVIEW_PHOTOS_MAX}) and writes their variants,
 * before the review's transaction (no I/O is held open meanwhile). All or nothing: when one photo
 * is refused or a write fails, the files already written are deleted.
 * @throws AppError VALIDATION_FAILED (too many photos, a bad file), PAYLOAD_TOO_LARGE, CONFLICT
 *   (the same photo twice); StorageUnavailableError (503).
 */
export async function prepareReviewPhotos(
  db: Db,
  blobs: BlobStore,
  listingId: string,
  files: readonly Uint8Array[],
): Promise<PreparedPhotos> {
  if (files.length > REVIEW_PHOTOS_MAX)
    throw new AppError('VALIDATION_FAILED', PHOTO_MESSAGES.tooManyForReview, {
      photos: [PHOTO_MESSAGES.tooManyForReview],
    });
  const photos: PreparedPhotos['photos'] = [];
  for (const file of files) {
    const processed = await processUpload(file);
    if (photos.some((p) => p.processed.contentHash === processed.contentHash))
      throw new AppError('CONFLICT', PHOTO_MESSAGES.duplicate);
    const { duplicate } = await repository.countAndDuplicate(db, listingId, processed.contentHash);
    if (duplicate) throw new AppError('CONFLICT', PHOTO_MESSAGES.duplicate);
    photos.push({ processed, variants: variantRecords(listingId, processed) });
  }
  return { listingId, photos, keys: await writeVariants(blobs, photos) };
}

/**
 * Records prepared photos as the held (`pending`) photos of `reviewId`, in the review's
 * transaction `trx`. @throws AppError CONFLICT when one of them was added meanwhile.
 */
export async function recordReviewPhotos(
  trx: Db,
  prepared: PreparedPhotos,
  reviewId: string,
  userId: string,
): Promise<void> {
  for (const { processed, variants } of prepared.photos) {
    await repository.insertLast(trx, {
      ...newPhoto(prepared.listingId, { kind: 'work', caption: '' }, processed, variants, userId),
      status: 'pending',
      review_id: reviewId,
    });
  }
}

/**
 * Deletes the files of prepared photos whose review was not saved (logged, never thrown). A
 * unique violation means the same photo was saved at the same moment by a twin request, whose row
 * owns the very same files: they are kept then.
 */
export async function discardPrepared(
  blobs: BlobStore,
  prepared: PreparedPhotos | null,
  error: unknown,
): Promise<void> {
  if (!prepared || prepared.keys.length === 0 || isUniqueViolation(error)) return;
  await deleteBlobs(blobs, prepared.keys);
}

/** Publishes (the admin published the review) or holds again the photos of a review, in `trx`. */
export async function setReviewPhotosLive(
  trx: Db,
  reviewId: string,
  live: boolean,
): Promise<number> {
  return repository.setReviewPhotosStatus(trx, reviewId, live ? 'live' : 'pending');
}

/** The blob keys of a review's photos, read before the review is deleted (its rows cascade). */
export function reviewPhotoKeys(trx: Db, reviewId: string): Promise<string[]> {
  return repository.blobKeysOfReview(trx, reviewId);
}

/** After a review's deletion committed: deletes its photos' files (logged on failure). */
export async function deleteReviewPhotoFiles(
  blobs: BlobStore,
  keys: readonly string[],
): Promise<void> {
  if (keys.length > 0) await deleteBlobs(blobs, keys);
}

function toReviewPhoto(row: repository.PhotoRow): ReviewPhoto {
  const photo = toPhoto(row);
  const jpegs = photo.variants.filter((v) => v.format === 'jpeg');
  return {
    id: photo.id,
    width: photo.width,
    height: photo.height,
    src: jpegs[0]?.url ?? photo.variants[0]!.url,
    full: jpegs.at(-1)?.url ?? photo.variants.at(-1)!.url,
    status: photo.status,
  };
}

/**
 * The photos of each review in `reviewIds` (one query for the page): every photo for the admin
 * and the author, only the live ones (`live`) for the public list.
 */
export async function photosOfReviews(
  db: Db,
  reviewIds: readonly string[],
  options: { live?: boolean } = {},
): Promise<Map<string, ReviewPhoto[]>> {
  const byReview = new Map<string, ReviewPhoto[]>();
  for (const row of await repository.listByReviews(db, reviewIds, options)) {
    const list = byReview.get(row.review_id!) ?? [];
    list.push(toReviewPhoto(row));
    byReview.set(row.review_id!, list);
  }
  return byReview;
}
