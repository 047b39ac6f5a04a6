import {
  AccountEmailSchema,
  AccountIdentitySchema,
  AccountPhoneCodeSchema,
  AccountPhoneVerifySchema,
} from '../../common/schemas/account.ts';
import { OkResponseSchema } from '../../common/schemas/api.ts';
import type { ApiContext } from '../_lib/context.ts';
import { signedInUser } from '../_lib/guards.ts';
import { parseOrThrow, readJson, reply } from '../_lib/http.ts';
import * as service from './account.service.ts';

/**
 * The signed-in account's page (issue 37.1, ADR 078): its e-mail and phone, adding a phone by an
 * SMS code, adding an e-mail to a phone-only account. Signed-in users; never cached.
 */
const NO_STORE = { 'cache-control': 'no-store' };

/** GET /api/account → `{ email, email_verified, phone, phone_verified }`. */
export async function identity(_request: Request, ctx: ApiContext): Promise<Response> {
  const user = await signedInUser(ctx);
  return reply(
    AccountIdentitySchema,
    await service.identity(await ctx.db(), user.id),
    200,
    NO_STORE,
  );
}

/**
 * POST /api/account/phone/code `{ phone }` → `{ ok: true }` once a code went by SMS. 409 (the
 * account has a phone), 422 (not a Nigerian mobile), 429 (ADR 068's limits), 503 (the daily
 * ceiling, or the provider failed: try again).
 */
export async function requestPhoneCode(request: Request, ctx: ApiContext): Promise<Response> {
  const user = await signedInUser(ctx);
  const input = parseOrThrow(AccountPhoneCodeSchema, await readJson(request));
  await service.requestPhoneCode(
    await ctx.db(),
    await ctx.auth(),
    user,
    input.phone,
    ctx.clientAddress,
  );
  return reply(OkResponseSchema, { ok: true }, 200, NO_STORE);
}

/**
 * POST /api/account/phone/verify `{ phone, code }` → the account with its phone confirmed. 409
 * (another account holds the number, or this one has a phone), 422 with `fields.code`, 429.
 */
export async function verifyPhoneCode(request: Request, ctx: ApiContext): Promise<Response> {
  const user = await signedInUser(ctx);
  const input = parseOrThrow(AccountPhoneVerifySchema, await readJson(request));
  const result = await service.verifyPhoneCode(
    await ctx.db(),
    await ctx.auth(),
    user,
    input,
    request.headers,
    ctx.clientAddress,
  );
  return reply(AccountIdentitySchema, result, 200, NO_STORE);
}

/**
 * POST /api/account/email `{ email }` → `{ ok: true }` once the confirmation link went out; the
 * address is the account's when the link is opened. 409 (the account has an e-mail, or another
 * account has this one), 422, 429 (3 an hour).
 */
export async function addEmail(request: Request, ctx: ApiContext): Promise<Response> {
  const user = await signedInUser(ctx);
  const input = parseOrThrow(AccountEmailSchema, await readJson(request));
  await service.addEmail(await ctx.db(), await ctx.auth(), user, input.email, request.headers);
  return reply(OkResponseSchema, { ok: true }, 200, NO_STORE);
}
