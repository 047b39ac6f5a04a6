import {
  AccountPreferenceChangeSchema,
  EmailPreferencesResponseSchema,
  PreferenceChangeSchema,
  PreferenceQuerySchema,
} from '../../common/schemas/email-preferences.ts';
import type { ApiContext } from '../_lib/context.ts';
import { signedInUser } from '../_lib/guards.ts';
import { parseOrThrow, queryOf, readBody, readJson, reply } from '../_lib/http.ts';
import * as service from './monthly-summary.service.ts';

/** The one-click body is `List-Unsubscribe=One-Click` (RFC 8058): 1 KB is plenty. */
const ONE_CLICK_MAX_BYTES = 1024;

/**
 * GET /api/email/preferences?token=… → `{ email, monthly_summary }`: the preferences of the
 * account a signed unsubscribe link names; no sign-in (issue 27.3, ADR 045). 400 with the
 * "link is not valid" message for a token that does not verify, 404 for a deleted account.
 */
export async function linkPreferences(request: Request, ctx: ApiContext): Promise<Response> {
  const { token } = parseOrThrow(PreferenceQuerySchema, queryOf(request));
  const userId = service.verifyUnsubscribeToken(token);
  return reply(EmailPreferencesResponseSchema, await service.preferences(await ctx.db(), userId));
}

/**
 * POST /api/email/preferences `{ token, monthly_summary }` → `{ email, monthly_summary }`: the
 * confirmation page's Unsubscribe / Subscribe again buttons (posted without JavaScript); no
 * sign-in. Errors as {@link linkPreferences}; 422 without a choice.
 */
export async function changeLinkPreferences(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(PreferenceChangeSchema, await readJson(request));
  const userId = service.verifyUnsubscribeToken(input.token);
  return reply(
    EmailPreferencesResponseSchema,
    await service.setMonthlySummary(await ctx.db(), userId, input.monthly_summary),
  );
}

/**
 * POST /api/email/unsubscribe?token=… (RFC 8058 one-click, the `List-Unsubscribe` address a mail
 * client POSTs `List-Unsubscribe=One-Click` to): unsubscribes at once, whatever the body, and
 * answers `{ email, monthly_summary: false }`. No sign-in, no cookie; 400 for a bad token.
 */
export async function oneClickUnsubscribe(request: Request, ctx: ApiContext): Promise<Response> {
  await readBody(request, ONE_CLICK_MAX_BYTES).catch(() => undefined);
  const { token } = parseOrThrow(PreferenceQuerySchema, queryOf(request));
  const userId = service.verifyUnsubscribeToken(token);
  return reply(
    EmailPreferencesResponseSchema,
    await service.setMonthlySummary(await ctx.db(), userId, false),
  );
}

/** GET /api/account/email-preferences → `{ email, monthly_summary }` of the signed-in account. */
export async function ownPreferences(_request: Request, ctx: ApiContext): Promise<Response> {
  const user = await signedInUser(ctx);
  return reply(EmailPreferencesResponseSchema, await service.preferences(await ctx.db(), user.id));
}

/**
 * POST /api/account/email-preferences `{ monthly_summary }` → `{ email, monthly_summary }`: the
 * dashboard's switch of the monthly summary (signed in; 401 otherwise).
 */
export async function changeOwnPreferences(request: Request, ctx: ApiContext): Promise<Response> {
  const user = await signedInUser(ctx);
  const input = parseOrThrow(AccountPreferenceChangeSchema, await readJson(request));
  return reply(
    EmailPreferencesResponseSchema,
    await service.setMonthlySummary(await ctx.db(), user.id, input.monthly_summary),
  );
}
