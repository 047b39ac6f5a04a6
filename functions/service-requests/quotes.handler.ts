import { IdParamsSchema, OkResponseSchema } from '../../common/schemas/api.ts';
import {
  AcceptQuoteSchema,
  LeadQuoteResponseSchema,
  OpenQuoteRequestSchema,
  OpenQuoteResponseSchema,
  QUOTE_KEY_HEADER,
  QuoteAnswerSchema,
  QuoteRequestViewSchema,
  FairPricesQuerySchema,
  FairPricesResponseSchema,
  FollowUpSchema,
  OwnRequestsResponseSchema,
  QuoteResponseSchema,
  ReleaseResponseSchema,
  RequestQuotesResponseSchema,
  ToggleSchema,
  WithdrawSchema,
} from '../../common/schemas/quotes.ts';
import type { z } from 'zod';
import type { QuoteRequestView } from '../../common/schemas/quotes.ts';
import type { ApiContext, ApiHandler } from '../_lib/context.ts';
import type { Mailer } from '../_lib/mail.ts';
import { signedInUser } from '../_lib/guards.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
import { addressBucket, enforceRateLimits } from '../_lib/rate-limit.ts';
import { cdnCacheHeaders } from '../_lib/cdn-headers.ts';
import * as admin from './quotes-admin.service.ts';
import { answerFollowUp } from './follow-up.service.ts';
import { fairPricesOfCategory } from './fair-prices.service.ts';
import * as service from './quotes.service.ts';

/** The database the services take. */
type Db = Parameters<typeof service.viewQuoteRequest>[0];

/** Find It quotes (issue 36, ADR 079): the business's answer and the motorist's private page. */

/** Who opens a request: the key a page sends in `x-quote-key`, and the signed-in account. */
async function accessOf(request: Request, ctx: ApiContext): Promise<service.QuoteAccess> {
  const key = request.headers.get(QUOTE_KEY_HEADER)?.slice(0, 100) || undefined;
  const user = await ctx.sessionUser();
  return { key, userId: user?.id, userEmail: user?.email };
}

/** Opening or acting on a request by key: at most 60 an hour per address (keys are 256-bit). */
async function limitKeyUse(ctx: ApiContext): Promise<void> {
  await enforceRateLimits(await ctx.db(), [
    { key: `quotes:ip:${addressBucket(ctx.clientAddress)}`, limit: 60, windowSeconds: 3600 },
  ]);
}

/** The motorist's page is theirs alone: never kept by a browser cache or the CDN. */
const PRIVATE = { 'cache-control': 'private, no-store' };

/**
 * A motorist's action on request `:id` (opened by its key or its account, at most 60 an hour per
 * address): the body parsed with `schema`, `act` run, and the request answered as {@link view}.
 */
function motoristAction<S extends z.ZodType>(
  schema: S,
  act: (
    db: Db,
    mailer: Mailer,
    id: string,
    input: z.output<S>,
    access: service.QuoteAccess,
  ) => Promise<QuoteRequestView>,
): ApiHandler {
  return async (request, ctx) => {
    await limitKeyUse(ctx);
    const { id } = parseOrThrow(IdParamsSchema, ctx.params);
    const input = parseOrThrow(schema, await readJson(request));
    const body = await act(
      await ctx.db(),
      await ctx.mailer(),
      id,
      input,
      await accessOf(request, ctx),
    );
    return reply(QuoteRequestViewSchema, body, 200, PRIVATE);
  };
}

/**
 * POST /api/quote-requests/open `{ key }` → `{ id }`: the request a private link opens, so the
 * page can keep the key in a cookie and drop it from the address. 404, 422, 429. Public.
 */
export async function open(request: Request, ctx: ApiContext): Promise<Response> {
  await limitKeyUse(ctx);
  const { key } = parseOrThrow(OpenQuoteRequestSchema, await readJson(request));
  return reply(OpenQuoteResponseSchema, { id: await service.openByKey(await ctx.db(), key) });
}

/**
 * GET /api/quote-requests/:id (key in `x-quote-key`, or the account that sent it) → the
 * request, how many businesses it reached and declined, and its quotes, lowest total first. 404
 * for a wrong key. Public. Never cached (`private, no-store`). Not counted against the address:
 * a reading is every load of the motorist's page, and many phones share one carrier address
 * (CGNAT); a wrong key learns nothing (256-bit keys), and opening a key by link is counted.
 */
export async function view(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const body = await service.viewQuoteRequest(await ctx.db(), id, await accessOf(request, ctx));
  return reply(QuoteRequestViewSchema, body, 200, PRIVATE);
}

/**
 * POST /api/quote-requests/:id/accept `{ quoteId }` → the request as {@link view}: accepts one
 * quote, once (the same accept again answers the same). 404, 409 when another was accepted, 422.
 */
export const accept = motoristAction(AcceptQuoteSchema, (db, mailer, id, { quoteId }, access) =>
  service.acceptQuote(db, mailer, id, quoteId, access),
);

/**
 * POST /api/quote-requests/:id/share `{ quoteId }` → the request as {@link view}: the motorist's
 * contact details go to that quote's business (issue 36.2). 404, 422.
 */
export const share = motoristAction(AcceptQuoteSchema, (db, mailer, id, { quoteId }, access) =>
  service.shareContacts(db, mailer, id, quoteId, access),
);

/**
 * POST /api/quote-requests/:id/renew → `{ ok: true }`: a new private link goes to the motorist's
 * e-mail and the old one stops working. 404.
 */
export async function renew(request: Request, ctx: ApiContext): Promise<Response> {
  await limitKeyUse(ctx);
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  await service.renewAccessKey(
    await ctx.db(),
    await ctx.mailer(),
    id,
    await accessOf(request, ctx),
  );
  return reply(OkResponseSchema, { ok: true });
}

/**
 * GET /api/account/leads/:id/quote → `{ lead_id, business_name, job, quote }`: one lead of the
 * caller's listings and their answer so far. 404. Signed-in users.
 */
export async function leadQuote(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const user = await signedInUser(ctx);
  return reply(LeadQuoteResponseSchema, await service.getLeadQuote(await ctx.db(), user.id, id));
}

/**
 * POST /api/account/leads/:id/quote `{ kind: 'quote', labourNaira, parts, warranty, available,
 * note }` or `{ kind: 'decline', reason, note }` → `{ quote }`: the business's one answer, saved
 * (replacing the last) until the motorist accepts a quote. 404, 409 once closed, 422 (amounts:
 * whole naira, 0–50,000,000). Signed-in users.
 */
export async function answer(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const user = await signedInUser(ctx);
  const input = parseOrThrow(QuoteAnswerSchema, await readJson(request));
  const { quote, tags } = await service.answerLead(
    await ctx.db(),
    await ctx.mailer(),
    user.id,
    id,
    input,
  );
  if (tags.length > 0) await ctx.invalidate(tags);
  return reply(QuoteResponseSchema, { quote });
}

// ---------------------------------------------------------------------------------------------
// The admin (issue 36.8)
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/admin/service-requests/:id/quotes → `{ businesses }`: each business the request reached
 * (matched automatically or by an admin, withdrawn or not) and its answer, hidden quotes marked.
 * 404. Admin.
 */
export async function adminQuotes(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  return reply(RequestQuotesResponseSchema, await admin.requestQuotes(await ctx.db(), id));
}

/** POST /api/admin/service-requests/:id/withdraw `{ listingId }` → `{ ok: true }`. 404. Admin. */
export async function withdraw(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const { listingId } = parseOrThrow(WithdrawSchema, await readJson(request));
  const tags = await admin.withdrawBusiness(await ctx.db(), id, listingId);
  if (tags.length > 0) await ctx.invalidate(tags);
  return reply(OkResponseSchema, { ok: true });
}

/** POST /api/admin/service-requests/:id/release → `{ matched }`: a held request goes out. Admin. */
export async function release(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const { matched, tags } = await admin.releaseRequest(await ctx.db(), await ctx.mailer(), id);
  if (tags.length > 0) await ctx.invalidate(tags);
  return reply(ReleaseResponseSchema, { matched });
}

/** POST /api/admin/quotes/:id/hidden `{ value }` → `{ ok: true }`: hide or show a quote. Admin. */
export async function hide(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const { value } = parseOrThrow(ToggleSchema, await readJson(request));
  const tags = await admin.hideQuote(await ctx.db(), id, value);
  if (tags.length > 0) await ctx.invalidate(tags);
  return reply(OkResponseSchema, { ok: true });
}

/**
 * POST /api/admin/listings/:id/quotes-blocked `{ value }` → `{ ok: true }`: block a business from
 * quoting (it is matched to no request and its answers are refused), or let it quote. Admin.
 */
export async function block(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const { value } = parseOrThrow(ToggleSchema, await readJson(request));
  await admin.blockQuoting(await ctx.db(), id, value);
  return reply(OkResponseSchema, { ok: true });
}

/**
 * GET /api/fair-prices?category=<key> → `{ prices }`: what the category page's jobs usually cost
 * (issue 36.6): each job type of the category with at least five quotes in 90 days, the middle
 * half of their totals. Public; cached until a quote changes a range (tag `fair-prices`). 422 for
 * an unknown category.
 */
export async function fairPrices(request: Request, ctx: ApiContext): Promise<Response> {
  const { category } = parseOrThrow(FairPricesQuerySchema, queryOf(request));
  const { prices, tags } = await fairPricesOfCategory(await ctx.db(), category);
  return reply(FairPricesResponseSchema, { prices }, 200, cdnCacheHeaders(tags, ['category']));
}

/**
 * GET /api/account/quote-requests → `{ requests }`: the Find It requests the caller sent while
 * signed in, newest first, each opening its quotes page by the account. Signed-in users.
 */
export async function ownRequests(_request: Request, ctx: ApiContext): Promise<Response> {
  const user = await signedInUser(ctx);
  return reply(OwnRequestsResponseSchema, {
    requests: await service.listOwnRequests(await ctx.db(), user.id),
  });
}

/**
 * POST /api/quote-requests/:id/follow-up `{ jobDone, genuine? }` → the request as {@link view}:
 * after the job (issue 36.7); a part said not genuine is e-mailed to the admin. 404, 409 before
 * a quote is accepted, 422.
 */
export const followUp = motoristAction(FollowUpSchema, answerFollowUp);
