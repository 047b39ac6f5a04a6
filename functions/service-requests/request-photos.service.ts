import type { Kysely } from 'kysely';
import {
  PHOTO_EXTENSIONS,
  PHOTO_MESSAGES,
  REQUEST_PHOTOS_MAX,
} from '../../common/schemas/photo-rules.ts';
import { requestPhotoPath, type RequestPhoto } from '../../common/schemas/quotes.ts';
import { assertBlobKey, type BlobStore } from '../_lib/blobs.ts';
import { AppError } from '../_lib/errors.ts';
import type { Database, PhotoVariantRecord } from '../db/database.ts';
import type { ProcessedPhoto } from '../photos/photo-processing.ts';
import { processUpload } from '../photos/photo-processor.ts';
import { deleteBlobs, PHOTO_FILE_PATTERN, writeVariants } from '../photos/photos.service.ts';
import * as repository from './request-photos.repository.ts';

/**
 * A Find It request's photos of the car or the problem (issue 36.1, ADR 083): processed by the
 * photo pipeline (ADR 039, 052, 056: type sniffed, 10 MB, 40 megapixels, HEIC decoded, upright,
 * no metadata), stored before the request's transaction under `requests/<request id>/` in the
 * blob store (never under the public routes' `listings/`), recorded with the request, and served
 * only to the admins, the businesses the request reached (not while it is held) and the motorist.
 */
type Db = Kysely<Database>;

const KEY_PREFIX = 'requests/';
/** Only the JPEG variants are kept: the pages show a thumbnail and link the largest. */
const KEPT_FORMAT = 'jpeg';

/** Photos processed and stored for a request not yet saved: its transaction records them. */
export interface PreparedRequestPhotos {
  requestId: string;
  photos: repository.NewRequestPhoto[];
  keys: string[];
}

/** The error of a refused photo under the form's `photos` field (the pipeline names `file`). */
function asPhotosError(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.fields?.file) return error;
  return new AppError(error.code, error.message, { photos: error.fields.file });
}

function variantRecords(requestId: string, processed: ProcessedPhoto) {
  const kept = processed.variants.filter((v) => v.format === KEPT_FORMAT);
  const records: PhotoVariantRecord[] = kept.map((v) => ({
    format: v.format,
    width: v.width,
    height: v.height,
    key: `${KEY_PREFIX}${requestId}/${v.hash.slice(0, 32)}.${PHOTO_EXTENSIONS[v.format]}`,
    bytes: v.bytes.byteLength,
  }));
  for (const { key } of records) assertBlobKey(key);
  return { processed: { ...processed, variants: kept }, variants: records };
}

/**
 * Processes the motorist's photos (at most {@link REQUEST_PHOTOS_MAX}, one after the other) and
 * writes their files, before the request's transaction. The same photo twice is kept once. All
 * or nothing: a refused photo or a failed write leaves no file.
 * @throws AppError VALIDATION_FAILED (more than 3, a file that is not a photo we can use, under
 *   the field `photos`), PAYLOAD_TOO_LARGE; SERVICE_UNAVAILABLE (the processing or the store).
 */
export async function prepareRequestPhotos(
  blobs: BlobStore,
  requestId: string,
  files: readonly Uint8Array[],
): Promise<PreparedRequestPhotos> {
  if (files.length > REQUEST_PHOTOS_MAX)
    throw new AppError('VALIDATION_FAILED', PHOTO_MESSAGES.tooManyForRequest, {
      photos: [PHOTO_MESSAGES.tooManyForRequest],
    });
  const prepared: ReturnType<typeof variantRecords>[] = [];
  for (const file of files) {
    let processed: ProcessedPhoto;
    try {
      processed = await processUpload(file);
    } catch (error) {
      throw asPhotosError(error);
    }
    if (prepared.some((p) => p.processed.contentHash === processed.contentHash)) continue;
    prepared.push(variantRecords(requestId, processed));
  }
  const keys = await writeVariants(blobs, prepared);
  return {
    requestId,
    keys,
    photos: prepared.map(({ processed, variants }, i) => ({
      service_request_id: requestId,
      position: i + 1,
      width: processed.width,
      height: processed.height,
      variants,
      content_hash: processed.contentHash,
    })),
  };
}

/** Records prepared photos with their request, in its transaction `trx`. */
export function recordRequestPhotos(trx: Db, prepared: PreparedRequestPhotos): Promise<void> {
  return repository.insertAll(trx, prepared.photos);
}

/** Deletes the files of prepared photos whose request was not saved (logged, never thrown). */
export async function discardRequestPhotos(
  prepared: PreparedRequestPhotos | null,
  blobs: BlobStore,
) {
  if (prepared && prepared.keys.length > 0) await deleteBlobs(blobs, prepared.keys);
}

function toRequestPhoto(row: repository.RequestPhotoRow): RequestPhoto {
  const jpegs = row.variants.filter((v) => v.format === KEPT_FORMAT);
  const small = jpegs[0]!;
  const url = (key: string) =>
    requestPhotoPath(row.service_request_id, key.slice(key.lastIndexOf('/') + 1));
  return {
    id: row.id,
    width: small.width,
    height: small.height,
    src: url(small.key),
    full: url(jpegs.at(-1)!.key),
  };
}

/** The photos of each request in `requestIds` (one query for the page), in their order. */
export async function photosOfRequests(
  db: Db,
  requestIds: readonly string[],
): Promise<Map<string, RequestPhoto[]>> {
  const byRequest = new Map<string, RequestPhoto[]>();
  for (const row of await repository.listByRequests(db, requestIds)) {
    const list = byRequest.get(row.service_request_id) ?? [];
    list.push(toRequestPhoto(row));
    byRequest.set(row.service_request_id, list);
  }
  return byRequest;
}

/** The photos of one request. */
export async function photosOfRequest(db: Db, requestId: string): Promise<RequestPhoto[]> {
  return (await photosOfRequests(db, [requestId])).get(requestId) ?? [];
}

/** Who asks for a request's photo file. */
export interface PhotoReader {
  user: { id: string; isAdmin: boolean } | null;
  /** The request's private key, from its cookie (hashed, compared with the stored hash). */
  keyHash?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One file of request `requestId`'s photos for `reader`: an admin; the motorist (its key, or the
 * account that sent it); the owner of a listing the request reached and was not withdrawn from.
 * While the request is held for the admin, the admins only.
 * @throws AppError NOT_FOUND for anyone else, and for a file that does not exist (alike: its
 *   existence is not given away); SERVICE_UNAVAILABLE when the store fails.
 */
export async function readRequestPhoto(
  db: Db,
  blobs: BlobStore,
  reader: PhotoReader,
  requestId: string,
  file: string,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const notFound = new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  if (!UUID.test(requestId) || !PHOTO_FILE_PATTERN.test(file)) throw notFound;
  const key = `${KEY_PREFIX}${requestId.toLowerCase()}/${file}`;
  const access = await repository.findAccess(db, requestId, key);
  if (!access || !(await mayRead(db, reader, requestId, access))) throw notFound;
  const found = await blobs.get(key);
  if (!found) throw notFound;
  return found;
}

async function mayRead(
  db: Db,
  reader: PhotoReader,
  requestId: string,
  access: repository.PhotoAccessRow,
): Promise<boolean> {
  if (reader.user?.isAdmin) return true;
  // The motorist's own photos, held or not; the businesses' only once the request is sent out.
  if (reader.keyHash !== undefined && reader.keyHash === access.access_key_hash) return true;
  if (!reader.user) return false;
  if (access.user_id === reader.user.id) return true;
  if (access.held) return false;
  return repository.reachedOwner(db, requestId, reader.user.id);
}

/** The files of request `requestId`'s photos (all requests' when null), read before deleting. */
export function requestPhotoKeys(db: Db, requestId: string | null): Promise<string[]> {
  return repository.blobKeys(db, requestId);
}

/** After requests' deletion committed: deletes their photos' files (logged on failure). */
export async function deleteRequestPhotoFiles(blobs: BlobStore, keys: readonly string[]) {
  if (keys.length > 0) await deleteBlobs(blobs, keys);
}
