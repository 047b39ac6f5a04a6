import { PHOTO_MESSAGES } from '../../../common/schemas/photo-rules.ts';
import type { Photo, PhotoUpload } from '../../../common/schemas/photos.ts';
import type { BlobStore } from '../../_lib/blobs.ts';
import { AppError } from '../../_lib/errors.ts';
import { enforceRateLimits } from '../../_lib/rate-limit.ts';
import * as changeRows from '../../claims/claims.repository.ts';
import * as registrationRows from '../../registrations/registrations.repository.ts';
import * as repository from '../photos.repository.ts';
import {
  type Db,
  checkRoom,
  deleteBlobs,
  newPhoto,
  storeThenRecord,
  toPhoto,
} from '../photos.service.ts';

/** Photos, the owners' room (ADR 042, 073): an owner's uploads and removals, held until an admin decides the owner's change. */

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
