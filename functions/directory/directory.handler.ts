import { BusinessIdSchema, DirectoryListQuerySchema } from '../../src/schemas/directory.ts';
import { NearbyQuerySchema } from '../../src/schemas/nearby.ts';
import { DirectorySearchQuerySchema } from '../../src/schemas/search.ts';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { json, parseOrThrow, queryOf } from '../_lib/http.ts';
import { log } from '../_lib/log.ts';
import { addressBucket, enforceRateLimits } from '../_lib/rate-limit.ts';
import * as service from './directory.service.ts';

/** Public listings may be cached for a few seconds at the edge; islands refetch every 30 s. */
const PUBLIC_CACHE = { 'cache-control': 'public, max-age=0, s-maxage=10' };

/**
 * GET /api/directory?category&type&location&area&cursor|page&limit → {@link DirectoryPage}
 * `{ businesses, total, nextCursor }`: approved listings in listing order, at most `limit`
 * (≤ 100) per call. 400 for a bad cursor, 422 for bad parameters.
 */
export async function listDirectory(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(DirectoryListQuerySchema, queryOf(request));
  return json(await service.listBusinessesPage(await ctx.db(), query), 200, PUBLIC_CACHE);
}

/**
 * GET /api/directory/search?q&type&location&cursor&limit → `{ businesses, total, totalIsCapped,
 * nextCursor }` (SPEC §7 Search; issue 11): one page (limit 1–100, default 24) of
 * contact-protected listings, newest first; pass `nextCursor` back as `cursor` for the next page.
 * 422 VALIDATION_FAILED for a bad limit or an over-long q/type/location, 400 for a foreign cursor.
 */
export async function searchDirectory(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(DirectorySearchQuerySchema, queryOf(request));
  return json(await service.searchBusinesses(await ctx.db(), query), 200, PUBLIC_CACHE);
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
  return json(await service.listBusinessesPage(await ctx.db(), query), 200, PUBLIC_CACHE);
}

/** GET /api/directory/:id → `{ business }`; 404 NOT_FOUND, 422 for a malformed id. */
export async function getBusiness(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  return json({ business: await service.getBusiness(await ctx.db(), id) }, 200, PUBLIC_CACHE);
}

/** Contact reveals allowed per hour (issue 12.8, ADR 015): per account, and per address. */
export const CONTACT_REVEALS_PER_HOUR = { account: 60, address: 120 } as const;

/** 403 to a signed-in account that has not confirmed its e-mail address yet. */
export const VERIFY_TO_REVEAL_MESSAGE =
  'Please confirm your email address to see contact details: open the link we sent you.';

/**
 * GET /api/directory/:id/contact → `{ contact }`: e-mail, phone, WhatsApp, address and position of
 * an approved listing, for signed-in users only (the router answers 401 to visitors; DESIGN.md
 * "Contact protection"). Never cached. Issue 12.8: the account must have confirmed its e-mail
 * address (admins excepted): 403 otherwise; at most {@link CONTACT_REVEALS_PER_HOUR} per account
 * and per address (429 with Retry-After); every reveal is logged.
 */
export async function getBusinessContact(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const user = await ctx.sessionUser();
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
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
  log.info('contact revealed', { userId: user.id, businessId: id, ip: ctx.clientAddress });
  return json({ contact }, 200, { 'cache-control': 'private, no-store' });
}
