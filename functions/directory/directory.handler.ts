import { createHash } from 'node:crypto';
import { BusinessIdSchema, DirectoryListQuerySchema } from '../../common/schemas/directory.ts';
import { NearbyQuerySchema } from '../../common/schemas/nearby.ts';
import { DirectorySearchQuerySchema } from '../../common/schemas/search.ts';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { cdnCacheHeaders, secondsToQuarterHour } from '../_lib/cdn-headers.ts';
import { json, parseOrThrow, parseQueryOrThrow, queryOf } from '../_lib/http.ts';
import { signedInUser } from '../_lib/guards.ts';
import { log } from '../_lib/log.ts';
import { addressBucket, enforceRateLimits } from '../_lib/rate-limit.ts';
import * as service from './directory.service.ts';

/** The query parameters each cached read depends on (`Netlify-Vary`; the local page cache's key). */
const LIST_QUERY = [
  'category',
  'type',
  'location',
  'area',
  'featured',
  'cursor',
  'page',
  'limit',
  'sort',
  'open',
];
const SEARCH_QUERY = ['q', 'type', 'location', 'area', 'sort', 'open', 'cursor', 'limit'];

/**
 * A public read served like the pages that show the same data (issue 28.2, ADR 033): the public
 * view only (contacts of protected listings are never in it, ADR 003), cached by the CDN (the
 * local page cache in `npm start`) under `tags` until a write purges one of them, and revalidated
 * by browsers with its ETag: a 30-second refresh (SPEC §9) of an unchanged list is a 304 with no
 * body. The ETag is the SHA-1 of the JSON, as the local page cache computes it, so an answer
 * from the cache and one from here carry the same.
 */
function publicRead(
  request: Request,
  body: unknown,
  tags: readonly string[],
  varyQuery: readonly string[],
  extra: Record<string, string> = {},
  maxAgeS?: number,
): Response {
  const text = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    etag,
    ...cdnCacheHeaders(tags, varyQuery, maxAgeS),
    ...extra,
  };
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return new Response(null, { status: 304, headers });
  return new Response(text, { status: 200, headers });
}

/**
 * GET /api/directory?category&type&location&area&cursor|page&limit&sort&open → {@link DirectoryPage}
 * `{ businesses, total, nextCursor }`: approved listings in listing order (or a category's
 * `sort=top_rated|most_reviewed` order, issue 24.5; `sort` is part of the cache key), at most
 * `limit` (≤ 100) per call; `open=now` only those open now in Lagos (issue 38.4), cached until
 * the next quarter hour (ADR 081). 400 for a bad cursor, 422 for bad parameters.
 */
export async function listDirectory(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(DirectoryListQuerySchema, queryOf(request));
  const now = new Date();
  const page = await service.listBusinessesPage(await ctx.db(), query, now);
  return publicRead(
    request,
    page,
    service.listCacheTags(query),
    LIST_QUERY,
    {},
    service.listCacheLifetime(query, now),
  );
}

/**
 * GET /api/directory/search?q&type&location&area&sort&cursor&limit → `{ businesses, total,
 * totalIsCapped, exactTotal, missingWords, nextCursor }` (SPEC §7 Search; issues 11 and 35): one
 * page (limit 1–100, default 24) of contact-protected listings ranked by relevance (ADR 059), or
 * newest first with `sort=newest`; pass `nextCursor` back as `cursor` for the next page.
 * 400 BAD_REQUEST with field messages for a bad limit or sort, an over-long q/type/location
 * (over 200 characters) or a foreign cursor (issue 35.10).
 * Cached under {@link service.searchCacheTags} (any listing change purges it); `Server-Timing` says
 * how the page was found (`search;dur=…;desc="ranked 12 + 40 partial"`, or for newest `desc="walk 1000 · index fetch"`,
 * ADR 012, 033, 060).
 */
export async function searchDirectory(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseQueryOrThrow(DirectorySearchQuerySchema, request);
  const started = performance.now();
  const { plan, ...found } = await service.searchBusinesses(await ctx.db(), query);
  const timing = `search;dur=${(performance.now() - started).toFixed(1)};desc="${plan}"`;
  return publicRead(
    request,
    found,
    service.searchCacheTags(),
    SEARCH_QUERY,
    { 'server-timing': timing },
    // Open now is right until the next quarter hour (ADR 081).
    query.open === 'now' ? secondsToQuarterHour() : undefined,
  );
}

/**
 * GET /api/directory/near?lat&lng&category&area&cursor&limit → {@link NearbyPage}
 * `{ businesses, nextCursor }` (issue 16.5, ADR 020): approved listings nearest first from the
 * visitor's position (within Lagos), each with `distance_km` and `distance_from_area`; at most
 * `limit` (≤ 100) per call. The position is neither stored nor logged, and the answer is not
 * cached anywhere (`no-store`). 422 for a position outside Lagos or bad parameters, 400 for a
 * foreign cursor.
 */
export async function nearbyDirectory(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(NearbyQuerySchema, queryOf(request));
  return json(await service.nearbyBusinesses(await ctx.db(), query), 200, {
    'cache-control': 'private, no-store',
  });
}

/**
 * GET /api/directory/featured?cursor|page&limit → `{ businesses, total, nextCursor }`: featured
 * listings by display_order (SPEC §7), paged like `/api/directory`.
 */
export async function listFeatured(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(DirectoryListQuerySchema, { ...queryOf(request), featured: 'true' });
  const now = new Date();
  const page = await service.listBusinessesPage(await ctx.db(), query, now);
  return publicRead(
    request,
    page,
    service.listCacheTags(query),
    LIST_QUERY,
    {},
    service.listCacheLifetime(query, now),
  );
}

/**
 * GET /api/listings/:id → `{ business }`; 404 NOT_FOUND, 422 for a malformed id. Cached under
 * the listing's tag, as its business page.
 */
export async function getListing(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const business = await service.getBusiness(await ctx.db(), id);
  return publicRead(request, { business }, service.businessCacheTags(id), []);
}

/** Contact reveals allowed per hour (issue 12.8, ADR 015): per account, and per address. */
export const CONTACT_REVEALS_PER_HOUR = { account: 60, address: 120 } as const;

/** 403 to a signed-in account that has not confirmed its e-mail address yet. */
export const VERIFY_TO_REVEAL_MESSAGE =
  'Please confirm your email address to see contact details: open the link we sent you.';

/**
 * GET /api/listings/:id/contact → `{ contact }`: e-mail, phone, WhatsApp, address and position of
 * an approved listing, for signed-in users only (the router answers 401 to visitors; DESIGN.md
 * "Contact protection"). Never cached. Issue 12.8: the account must have confirmed its e-mail
 * address (admins excepted): 403 otherwise; at most {@link CONTACT_REVEALS_PER_HOUR} per account
 * and per address (429 with Retry-After); every reveal is logged.
 */
export async function getListingContact(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const user = await signedInUser(ctx);
  if (!user.emailVerified && !user.isAdmin)
    throw new AppError('FORBIDDEN', VERIFY_TO_REVEAL_MESSAGE);
  const db = await ctx.db();
  if (!user.isAdmin) {
    await enforceRateLimits(db, [
      {
        key: `contact-reveal:user:${user.id}`,
        limit: CONTACT_REVEALS_PER_HOUR.account,
        windowSeconds: 3600,
      },
      {
        key: `contact-reveal:ip:${addressBucket(ctx.clientAddress)}`,
        limit: CONTACT_REVEALS_PER_HOUR.address,
        windowSeconds: 3600,
      },
    ]);
  }
  const contact = await service.getBusinessContact(db, id);
  log.info('contact revealed', { userId: user.id, listingId: id, ip: ctx.clientAddress });
  return json({ contact }, 200, { 'cache-control': 'private, no-store' });
}
