import { z } from 'zod';
import { PHOTO_MESSAGES } from '../../common/schemas/photo-rules.ts';
import { QUOTE_KEY_HEADER } from '../../common/schemas/quotes.ts';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { hashKey } from './quotes.service.ts';
import { readRequestPhoto } from './request-photos.service.ts';

/** A Find It request's private photos (issue 36.1, ADR 083). */

/** Kept by the reader's browser only, for an hour: never by a CDN or a shared cache. */
export const REQUEST_PHOTO_CACHE_CONTROL = 'private, max-age=3600';

const ParamsSchema = z.object({ id: z.string().max(40), file: z.string().max(60) });

/**
 * GET /api/quote-requests/:id/photos/:file → a photo file of request `:id` (image/jpeg), for an
 * admin, the motorist (the key in `x-quote-key`, which /find-it/quotes/:id/photos/:file passes
 * from the request's cookie, or the account that sent it) and the owner of a listing the request
 * reached (not withdrawn); while the request is held for review, the admins only. `Cache-Control:
 * private, max-age=3600`. 404 for anyone else and for anything else, alike; 503 when the file
 * store is down. Public (the service decides).
 */
export async function photo(request: Request, ctx: ApiContext): Promise<Response> {
  const params = ParamsSchema.safeParse(ctx.params);
  if (!params.success) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  const key = request.headers.get(QUOTE_KEY_HEADER)?.slice(0, 100) || undefined;
  const user = await ctx.sessionUser();
  const { bytes, contentType } = await readRequestPhoto(
    await ctx.db(),
    ctx.blobs(),
    { user, keyHash: key === undefined ? undefined : hashKey(key) },
    params.data.id,
    params.data.file,
  );
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': contentType,
      'content-length': String(bytes.byteLength),
      'x-content-type-options': 'nosniff',
      'cache-control': REQUEST_PHOTO_CACHE_CONTROL,
    },
  });
}
