import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ErrorEnvelope } from '../../common/schemas/api.ts';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '../../common/schemas/photo-rules.ts';
import { authSecret, inNetlifyFunction, siteUrl } from '../_lib/env.ts';
import { AppError, ERROR_STATUS, type ErrorCode } from '../_lib/errors.ts';
import { errorResponse } from '../_lib/http.ts';
import { log } from '../_lib/log.ts';
import type { PhotoFormat } from '../../common/schemas/photo-rules.ts';
import type { PhotoVariant, ProcessedPhoto } from './photo-processing.ts';

/**
 * Where an uploaded photo is processed (issue 34.4, ADR 056). Locally (`npm start`, tests) in the
 * process, as always. On Netlify in a function of its own, `photo-processing`
 * (netlify/functions/photo-processing.mts), which alone carries sharp and libheif: the SSR
 * function that renders every page posts the upload's bytes there and reads back the variants,
 * so its zip (and every cold start of a page) no longer holds the photo pipeline.
 *
 * Wire format, both ways `application/octet-stream`: the request is the upload's bytes, signed
 * with an HMAC-SHA256 of the auth secret ({@link signPhoto}, header `x-photo-signature`); the
 * answer is {@link encodeProcessed}'s frame, or the error envelope with the status of
 * {@link processPhoto}'s AppError (413, 422), which the caller throws again as the same AppError.
 */

/** The photo function's default Netlify URL path (no `path` in its config: only it answers there). */
export const PHOTO_FUNCTION_PATH = '/.netlify/functions/photo-processing';
const SIGNATURE_HEADER = 'x-photo-signature';
/** The message of a photo function that cannot be reached (SPEC tone): 503, try again. */
export const PHOTO_PROCESSING_UNAVAILABLE =
  'Photos can’t be processed right now. Please try again in a few minutes.';

/** Hex HMAC-SHA256 of `bytes` under a key derived from `secret` (never the secret itself). */
export function signPhoto(bytes: Uint8Array, secret: string): string {
  const key = createHash('sha256').update(`photo-processing:${secret}`).digest();
  return createHmac('sha256', key).update(bytes).digest('hex');
}

function signatureMatches(bytes: Uint8Array, signature: string, secret: string): boolean {
  const expected = Buffer.from(signPhoto(bytes, secret), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A processed photo as bytes: a 4-byte big-endian length, that many bytes of JSON (the photo's
 * fields and each variant's without its bytes), then every variant's bytes in order.
 */
export function encodeProcessed(photo: ProcessedPhoto): Uint8Array<ArrayBuffer> {
  const head = new TextEncoder().encode(
    JSON.stringify({
      contentHash: photo.contentHash,
      width: photo.width,
      height: photo.height,
      variants: photo.variants.map(({ bytes, ...variant }) => ({
        ...variant,
        length: bytes.byteLength,
      })),
    }),
  );
  const total = 4 + head.byteLength + photo.variants.reduce((n, v) => n + v.bytes.byteLength, 0);
  const out = new Uint8Array(total);
  new DataView(out.buffer).setUint32(0, head.byteLength);
  out.set(head, 4);
  let at = 4 + head.byteLength;
  for (const variant of photo.variants) {
    out.set(variant.bytes, at);
    at += variant.bytes.byteLength;
  }
  return out;
}

/**
 * The inverse of {@link encodeProcessed}; each variant's hash is checked against its bytes.
 * @throws Error for a frame that is cut short or whose bytes do not match their hashes.
 */
export function decodeProcessed(frame: Uint8Array): ProcessedPhoto {
  if (frame.byteLength < 4) throw new Error('photo frame: too short');
  const headLength = new DataView(frame.buffer, frame.byteOffset).getUint32(0);
  const head = JSON.parse(new TextDecoder().decode(frame.subarray(4, 4 + headLength))) as Omit<
    ProcessedPhoto,
    'variants'
  > & { variants: (Omit<PhotoVariant, 'bytes'> & { length: number; format: PhotoFormat })[] };
  let at = 4 + headLength;
  const variants = head.variants.map(({ length, ...variant }) => {
    const bytes = frame.slice(at, at + length);
    at += length;
    if (bytes.byteLength !== length) throw new Error('photo frame: cut short');
    if (createHash('sha256').update(bytes).digest('hex') !== variant.hash)
      throw new Error('photo frame: a variant does not match its hash');
    return { ...variant, bytes };
  });
  if (at !== frame.byteLength) throw new Error('photo frame: bytes left over');
  return { contentHash: head.contentHash, width: head.width, height: head.height, variants };
}

/**
 * The photo function's handler: POST the upload's bytes, signed. 200 with the frame; the error
 * envelope of processPhoto's AppError (413, 422); 401 for a missing or wrong signature (nothing
 * decoded), 405 for another method.
 * @param process the real pipeline (functions/photos/photo-processing.ts `processPhoto`).
 */
export function photoProcessingHandler(process: (bytes: Uint8Array) => Promise<ProcessedPhoto>) {
  return async (request: Request): Promise<Response> => {
    const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
    try {
      if (request.method !== 'POST') throw new AppError('METHOD_NOT_ALLOWED', 'Method not allowed');
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (!signatureMatches(bytes, request.headers.get(SIGNATURE_HEADER) ?? '', authSecret()))
        throw new AppError('UNAUTHENTICATED', 'Not signed.');
      const processed = await process(bytes);
      return new Response(encodeProcessed(processed), {
        headers: { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' },
      });
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error, requestId);
      log.error('photo processing failed', { requestId, error: String(error) });
      return errorResponse(new AppError('INTERNAL', 'Something went wrong.'), requestId);
    }
  };
}

/**
 * Processes `bytes` in the photo function at `url`: the same result and the same AppErrors as
 * processing here. A function that cannot be reached or answers something else: 503
 * {@link PHOTO_PROCESSING_UNAVAILABLE} (the cause logged).
 */
export async function processPhotoRemotely(
  bytes: Uint8Array,
  url: string,
  secret: string,
  fetcher: typeof fetch = fetch,
): Promise<ProcessedPhoto> {
  // Refused here what the function would refuse, without sending 10 MB across.
  if (bytes.byteLength > PHOTO_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge, {
      file: [PHOTO_MESSAGES.tooLarge],
    });
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        [SIGNATURE_HEADER]: signPhoto(bytes, secret),
      },
      body: new Uint8Array(bytes),
    });
  } catch (error) {
    log.error('photo function unreachable', { url, error: String(error) });
    throw new AppError('SERVICE_UNAVAILABLE', PHOTO_PROCESSING_UNAVAILABLE);
  }
  if (response.ok) {
    try {
      return decodeProcessed(new Uint8Array(await response.arrayBuffer()));
    } catch (error) {
      log.error('photo function answered a bad frame', { url, error: String(error) });
      throw new AppError('SERVICE_UNAVAILABLE', PHOTO_PROCESSING_UNAVAILABLE);
    }
  }
  const envelope = (await response.json().catch(() => null)) as ErrorEnvelope | null;
  const code = envelope?.error?.code as ErrorCode | undefined;
  // Only the photo's own refusals are passed on as they are; anything else is an outage.
  if (
    code &&
    ['PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED'].includes(code) &&
    ERROR_STATUS[code] === response.status
  )
    throw new AppError(code, envelope!.error.message, envelope!.error.fields);
  log.error('photo function failed', { url, status: response.status, code });
  throw new AppError('SERVICE_UNAVAILABLE', PHOTO_PROCESSING_UNAVAILABLE);
}

/**
 * Processes one uploaded photo where this deployment does it (see the module's comment): in the
 * photo function when running in a Netlify function, else here. Same result, same AppErrors as
 * photo-processing.ts `processPhoto` (the pipeline is imported only where it runs).
 */
export async function processUpload(bytes: Uint8Array): Promise<ProcessedPhoto> {
  if (inNetlifyFunction())
    return processPhotoRemotely(bytes, `${siteUrl()}${PHOTO_FUNCTION_PATH}`, authSecret());
  const { processPhoto } = await import('./photo-processing.ts');
  return processPhoto(bytes);
}
