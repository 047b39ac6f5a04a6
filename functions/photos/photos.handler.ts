import { z } from 'zod';
import { OkResponseSchema } from '../../common/schemas/api.ts';
import { BusinessIdSchema } from '../../common/schemas/directory.ts';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  PHOTOS_PER_LISTING,
} from '../../common/schemas/photo-rules.ts';
import {
  PhotoIdSchema,
  PhotoListResponseSchema,
  PhotoSchema,
  PhotoUploadSchema,
  type PhotoUpload,
  OwnerPhotoParamsSchema,
} from '../../common/schemas/photos.ts';
import { signedInUser } from '../_lib/guards.ts';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { parseOrThrow, readBody, reply } from '../_lib/http.ts';
import * as service from './photos.service.ts';
import * as owners from './owners/owners.service.ts';

/** Photos of a listing: the admin's add, list and remove, and the public variant files (issue 26). */

/** Largest upload body: the 10 MB photo plus its form's boundaries and fields. */
export const UPLOAD_MAX_BYTES = PHOTO_MAX_BYTES + 64 * 1024;

export const UPLOAD_CUT_OFF_MESSAGE = PHOTO_MESSAGES.cutOff;
const NOT_A_FORM_MESSAGE = 'Please send the photo as a form upload (multipart/form-data).';

/** A year: variant files are named by their content hash, so they never change. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const cutOff = () =>
  new AppError('BAD_REQUEST', UPLOAD_CUT_OFF_MESSAGE, { file: [UPLOAD_CUT_OFF_MESSAGE] });

/** Whether the request's body is multipart/form-data with a boundary. */
export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data;\s*boundary=/i.test(request.headers.get('content-type') ?? '');
}

/**
 * Reads a multipart upload of at most `maxBytes` (default {@link UPLOAD_MAX_BYTES}) while it
 * streams in and parses it with the platform's form parser.
 * @param tooLarge the message past the limit (the one photo's 10 MB by default).
 * @throws AppError BAD_REQUEST (not multipart, or the body ended before the form did),
 *   PAYLOAD_TOO_LARGE (413, `tooLarge`) past the limit.
 */
export async function readPhotoForm(
  request: Request,
  maxBytes = UPLOAD_MAX_BYTES,
  tooLarge: string = PHOTO_MESSAGES.tooLarge,
): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!isMultipart(request)) throw new AppError('BAD_REQUEST', NOT_A_FORM_MESSAGE);
  let bytes: Uint8Array;
  try {
    bytes = await readBody(request, maxBytes);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', tooLarge, { file: [tooLarge] });
    throw cutOff();
  }
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw cutOff();
  }
}

/**
 * The photo and its fields from a multipart upload (`file`, `kind`, `caption`).
 * @throws AppError as {@link readPhotoForm}; VALIDATION_FAILED without a file or with a bad kind or
 *   caption.
 */
async function readUpload(request: Request): Promise<{ file: Uint8Array; input: PhotoUpload }> {
  const form = await readPhotoForm(request);
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0)
    throw new AppError('VALIDATION_FAILED', PHOTO_MESSAGES.noFile, {
      file: [PHOTO_MESSAGES.noFile],
    });
  const input = parseOrThrow(PhotoUploadSchema, {
    kind: form.get('kind') ?? undefined,
    caption: form.get('caption') ?? undefined,
  });
  return { file: new Uint8Array(await file.arrayBuffer()), input };
}

/**
 * POST /api/admin/listings/:id/photos (multipart/form-data: `file`, `kind` cover | workshop
 * | work | team, `caption` ≤ 200 characters; body ≤ 10 MB + 64 KB) → 201 the photo
 * (common/schemas/photos.ts `PhotoSchema`), live at once; the listing's pages are purged. 400 for
 * a body that is not a form or was cut off; 413 over 10 MB; 422 for a file that is not a JPEG,
 * PNG, WebP, HEIC or AVIF photo, over 40 megapixels, damaged, or a bad kind/caption; 409 for a 13th
 * photo or one already in the gallery; 404 unknown listing; 503 when the file store is down.
 * Admin.
 */
export async function upload(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const { file, input } = await readUpload(request);
  const admin = await ctx.sessionUser();
  const { photo, tags } = await service.addPhoto(
    await ctx.db(),
    ctx.blobs(),
    id,
    file,
    input,
    admin?.id ?? null,
  );
  await ctx.invalidate(tags);
  return reply(PhotoSchema, photo, 201);
}

/** GET /api/admin/listings/:id/photos → `{ photos, limit: 12 }` in gallery order. 404 unknown listing. Admin. */
export async function list(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const photos = await service.listPhotos(await ctx.db(), id);
  return reply(PhotoListResponseSchema, { photos, limit: PHOTOS_PER_LISTING });
}

/**
 * DELETE /api/admin/photos/:id → `{ ok: true }`: the photo's row, then its files; the pages that
 * showed it are purged. 404 unknown photo. Admin.
 */
export async function remove(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(PhotoIdSchema, ctx.params);
  const { tags } = await service.removePhoto(await ctx.db(), ctx.blobs(), id);
  await ctx.invalidate(tags);
  return reply(OkResponseSchema, { ok: true });
}

/** A variant file's answer: its bytes, type and length, never sniffed, with `headers`. */
function fileResponse(
  bytes: Uint8Array,
  contentType: string,
  headers: Record<string, string>,
): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': contentType,
      'content-length': String(bytes.byteLength),
      'x-content-type-options': 'nosniff',
      ...headers,
    },
  });
}

const VariantParamsSchema = z.object({ listing: z.uuid(), file: z.string() });

/**
 * GET /api/photos/:listing/:file → the variant's bytes (image/avif, image/webp or image/jpeg)
 * with `Cache-Control: public, max-age=31536000, immutable` (the name is its content hash), kept
 * by Netlify's CDN under the tag `photos-<listing>` until a deletion purges it. 404 for anything
 * else; 503 when the file store is down. Public.
 */
export async function variant(_request: Request, ctx: ApiContext): Promise<Response> {
  const params = VariantParamsSchema.safeParse(ctx.params);
  if (!params.success) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  const { bytes, contentType, tags } = await service.readVariant(
    await ctx.db(),
    ctx.blobs(),
    params.data.listing,
    params.data.file,
  );
  return fileResponse(bytes, contentType, {
    'cache-control': PHOTO_CACHE_CONTROL,
    'netlify-cdn-cache-control': `${PHOTO_CACHE_CONTROL}, durable`,
    'netlify-cache-tag': tags.join(','),
  });
}

/**
 * GET /api/account/listings/:id/photos → `{ photos, limit: 12 }`: the owner's view, live photos
 * (with `removal_proposed`) and the held ones waiting for the admin. 403 someone else's listing,
 * 404 unknown. Signed-in users (ADR 042).
 */
export async function ownerList(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const user = await signedInUser(ctx);
  const photos = await owners.ownerPhotos(await ctx.db(), user.id, id);
  return reply(PhotoListResponseSchema, { photos, limit: PHOTOS_PER_LISTING }, 200, {
    'cache-control': 'private, no-store',
  });
}

/**
 * POST /api/account/listings/:id/photos (multipart/form-data as the admin's upload) → 201 the
 * photo, held (`status: 'pending'`) in the listing's pending change until the admin approves it in
 * the Claims tab; not public meanwhile. Errors as the admin's upload, plus 403 for someone else's
 * listing and 429. Signed-in users (ADR 042).
 */
export async function ownerUpload(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const user = await signedInUser(ctx);
  const { file, input } = await readUpload(request);
  const photo = await owners.addOwnerPhoto(await ctx.db(), ctx.blobs(), user.id, id, file, input);
  return reply(PhotoSchema, photo, 201);
}

function ownerRemoval(action: 'remove' | 'keep') {
  return async (_request: Request, ctx: ApiContext): Promise<Response> => {
    const { id, photo } = parseOrThrow(OwnerPhotoParamsSchema, ctx.params);
    const user = await signedInUser(ctx);
    const photos = await owners.ownerRemovePhoto(
      await ctx.db(),
      ctx.blobs(),
      user.id,
      id,
      photo,
      action,
    );
    return reply(PhotoListResponseSchema, { photos, limit: PHOTOS_PER_LISTING });
  };
}

/**
 * POST /api/account/listings/:id/photos/:photo/remove → `{ photos, limit }`: a live photo is
 * proposed for removal in the pending change (it stays live until the admin approves); a held one
 * is taken back at once. 403, 404, 429. Signed-in users (ADR 042).
 */
export const ownerRemove = ownerRemoval('remove');
/**
 * POST /api/account/listings/:id/photos/:photo/keep → `{ photos, limit }`: withdraws a proposed
 * removal. 403, 404, 429. Signed-in users (ADR 042).
 */
export const ownerKeep = ownerRemoval('keep');

/**
 * GET /api/account/photos/:listing/:file → a variant of any photo of the listing, held ones
 * included, for its owner and the admins (the owner dashboard and the Claims tab): `Cache-Control:
 * private, max-age=3600`. 404 for anyone else or anything else; 503 when the file store is down.
 * Signed-in users (ADR 042).
 */
export async function heldVariant(_request: Request, ctx: ApiContext): Promise<Response> {
  const params = VariantParamsSchema.safeParse(ctx.params);
  if (!params.success) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  const user = await signedInUser(ctx);
  const { bytes, contentType } = await service.readHeldVariant(
    await ctx.db(),
    ctx.blobs(),
    user,
    params.data.listing,
    params.data.file,
  );
  return fileResponse(bytes, contentType, { 'cache-control': 'private, max-age=3600' });
}
