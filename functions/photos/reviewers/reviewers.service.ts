import { PHOTO_MESSAGES, REVIEW_PHOTOS_MAX } from '../../../common/schemas/photo-rules.ts';
import type { ReviewPhoto } from '../../../common/schemas/photos.ts';
import type { BlobStore } from '../../_lib/blobs.ts';
import { AppError } from '../../_lib/errors.ts';
import { isUniqueViolation } from '../../_lib/pg-errors.ts';
import type { PhotoVariantRecord } from '../../db/database.ts';
import type { ProcessedPhoto } from '../photo-processing.ts';
import { processUpload } from '../photo-processor.ts';
import * as repository from '../photos.repository.ts';
import {
  type Db,
  deleteBlobs,
  newPhoto,
  toPhoto,
  variantRecords,
  writeVariants,
} from '../photos.service.ts';

/** Photos, the reviewers' room (ADR 042, 073): a review's photos, prepared before its transaction, live when the review is. */

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
