import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../common/schemas/photo-rules.ts';
import { AppError } from '../_lib/errors.ts';
import { processPhoto } from './photo-processing.ts';
import {
  decodeProcessed,
  encodeProcessed,
  PHOTO_PROCESSING_UNAVAILABLE,
  photoProcessingHandler,
  processPhotoRemotely,
  signPhoto,
} from './photo-processor.ts';

/**
 * Issue 34.4 (ADR 056): the photo function's wire, end to end in this process: the SSR side's
 * `processPhotoRemotely` posts to the function's real handler (a fetch that calls it), which runs
 * the real pipeline. The result and the refusals are the ones of processing in place.
 */
const SECRET = 'photo-processor-test-secret-0123456789';
process.env.BETTER_AUTH_SECRET ??= SECRET;
const secret = process.env.BETTER_AUTH_SECRET;
const handler = photoProcessingHandler(processPhoto);
/** A fetch that hands the request to the function's handler. */
const toHandler: typeof fetch = (url, init) => handler(new Request(url as string, init));
const URL_ = 'https://example.test/.netlify/functions/photo-processing';

/** A 900×600 JPEG of gradient-free colour (sharp made it; the pipeline re-encodes it). */
const aJpeg = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the photo function (issue 34.4)', () => {
  it('answers the variants processing in place makes, bytes for bytes', async () => {
    const photo = new Uint8Array(await aJpeg());
    const remote = await processPhotoRemotely(photo, URL_, secret, toHandler);
    const local = await processPhoto(photo);
    expect(remote.contentHash).toBe(local.contentHash);
    expect([remote.width, remote.height]).toEqual([local.width, local.height]);
    expect(remote.variants.map(({ bytes, ...v }) => ({ ...v, length: bytes.byteLength }))).toEqual(
      local.variants.map(({ bytes, ...v }) => ({ ...v, length: bytes.byteLength })),
    );
    expect(remote.variants.map((v) => v.format)).toContain('avif');
  });

  it('passes the pipeline’s refusals on as the same AppError', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const error = await failure(processPhotoRemotely(svg, URL_, secret, toHandler));
    expect([error.code, error.message, error.fields]).toEqual([
      'VALIDATION_FAILED',
      PHOTO_MESSAGES.svg,
      { file: [PHOTO_MESSAGES.svg] },
    ]);
  });

  it('refuses an unsigned or wrongly signed request before decoding anything', async () => {
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0x00]);
    const unsigned = await handler(new Request(URL_, { method: 'POST', body: photo }));
    expect(unsigned.status).toBe(401);
    const forged = await handler(
      new Request(URL_, {
        method: 'POST',
        body: photo,
        headers: { 'x-photo-signature': signPhoto(photo, 'another-secret-another-secret') },
      }),
    );
    expect(forged.status).toBe(401);
    expect((await handler(new Request(URL_))).status).toBe(405);
    // The caller reads a refused signature as an outage, not as the visitor's fault.
    const error = await failure(processPhotoRemotely(photo, URL_, 'wrong-secret', toHandler));
    expect([error.code, error.message]).toEqual([
      'SERVICE_UNAVAILABLE',
      PHOTO_PROCESSING_UNAVAILABLE,
    ]);
  });

  it('answers 503 when the function cannot be reached', async () => {
    const down: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const error = await failure(processPhotoRemotely(new Uint8Array([1]), URL_, secret, down));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('frames a photo and reads it back; a cut or altered frame is refused', () => {
    const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);
    const photo = {
      contentHash: 'c'.repeat(64),
      width: 2,
      height: 1,
      variants: [
        {
          format: 'jpeg' as const,
          width: 2,
          height: 1,
          contentType: 'image/jpeg',
          bytes: bytes(3, 1),
        },
        {
          format: 'webp' as const,
          width: 2,
          height: 1,
          contentType: 'image/webp',
          bytes: bytes(5, 2),
        },
      ].map((v) => ({
        ...v,
        hash: createHash('sha256').update(v.bytes).digest('hex'),
      })),
    };
    const frame = encodeProcessed(photo);
    expect(decodeProcessed(frame)).toEqual(photo);
    expect(() => decodeProcessed(frame.subarray(0, frame.byteLength - 1))).toThrow(/cut short/);
    const altered = frame.slice();
    altered[altered.byteLength - 1] = 9;
    expect(() => decodeProcessed(altered)).toThrow(/hash/);
  });
});
