import { IdParamsSchema } from '../../common/schemas/api.ts';
import {
  ListingPhoneStateSchema,
  ListingPhoneVerifySchema,
} from '../../common/schemas/listing-phone.ts';
import type { ApiContext } from '../_lib/context.ts';
import { signedInUser } from '../_lib/guards.ts';
import { parseOrThrow, readJson, reply } from '../_lib/http.ts';
import * as service from './listing-phone.service.ts';

/**
 * The owner's check of the listing's phone (issue 37.5, ADR 075). Signed-in users; someone
 * else's listing answers 404. Never cached.
 */
const NO_STORE = { 'cache-control': 'no-store' };

/** GET /api/account/listings/:id/phone → `{ listing_id, business_name, phone, mobile, phone_confirmed_at }`. */
export async function state(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const user = await signedInUser(ctx);
  return reply(
    ListingPhoneStateSchema,
    await service.phoneState(await ctx.db(), user.id, id),
    200,
    NO_STORE,
  );
}

/**
 * POST /api/account/listings/:id/phone/code (no body) → the state, once a code went by SMS to the
 * listing's phone. 404, 422 (the phone is not a Nigerian mobile), 429 (ADR 068's limits), 503
 * (the daily ceiling, or the provider failed: try again).
 */
export async function requestCode(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const user = await signedInUser(ctx);
  const result = await service.requestCode(
    await ctx.db(),
    await ctx.sms(),
    user.id,
    id,
    ctx.clientAddress,
  );
  return reply(ListingPhoneStateSchema, result, 200, NO_STORE);
}

/**
 * POST /api/account/listings/:id/phone/verify `{ code }` → the state with `phone_confirmed_at`;
 * the listing's pages are purged. 404, 422 with `fields.code` (wrong, expired, 5 tries), 429.
 */
export async function verifyCode(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const user = await signedInUser(ctx);
  const input = parseOrThrow(ListingPhoneVerifySchema, await readJson(request));
  const { state: result, tags } = await service.verifyCode(
    await ctx.db(),
    user.id,
    id,
    input.code,
    ctx.clientAddress,
  );
  await ctx.invalidate(tags);
  return reply(ListingPhoneStateSchema, result, 200, NO_STORE);
}
