import { IdParamsSchema, PageQuerySchema } from '../../common/schemas/api.ts';
import {
  BeaconSchema,
  FewResultSearchesResponseSchema,
  INSIGHT_COUNTERS,
  INSIGHT_LABELS,
  type InsightPeriod,
  InsightsQuerySchema,
  InsightsResponseSchema,
  SearchBeaconSchema,
  SiteInsightsResponseSchema,
  TopAreasResponseSchema,
  TopListingsResponseSchema,
} from '../../common/schemas/insights.ts';
import type { ApiContext } from '../_lib/context.ts';
import { csvResponse } from '../_lib/csv-response.ts';
import { signedInUser } from '../_lib/guards.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
import * as admin from './admin-insights.service.ts';
import * as service from './insights.service.ts';

/** A beacon is `{"listing":"<uuid>","event":"directions_tap"}`: 80 bytes; 512 is plenty. */
export const BEACON_MAX_BYTES = 512;

/**
 * POST /api/beacon `{ listing, event }` (JSON, as `navigator.sendBeacon` sends it: any content
 * type, no cookie needed) → 204, counted or not (a bot's is not). 422 for an event not in
 * BEACON_EVENTS or a listing that is not a UUID, 413 over 512 bytes, 429 past 60 a minute from
 * one address. Public; no response body (issue 27.1, ADR 041).
 */
export async function beacon(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(BeaconSchema, await readJson(request, BEACON_MAX_BYTES));
  await service.countBeacon(await ctx.db(), input, clientOf(request, ctx));
  return NO_CONTENT();
}

/** Who sent a beacon: the address (for the limit only) and the headers that reveal a bot. */
const clientOf = (request: Request, ctx: ApiContext): service.BeaconClient => ({
  address: ctx.clientAddress,
  userAgent: request.headers.get('user-agent'),
  purpose: request.headers.get('sec-purpose') ?? request.headers.get('purpose'),
});

const NO_CONTENT = () =>
  new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });

/**
 * A search beacon: 24 ids (39 bytes each in JSON), a 200-character query (up to 800 bytes of
 * UTF-8) and the rest.
 */
export const SEARCH_BEACON_MAX_BYTES = 2_048;

/**
 * POST /api/beacon/search `{ q, type?, area?, total, listings }` (SearchBeaconSchema; JSON, as
 * `navigator.sendBeacon` sends it, no cookie needed) → 204, counted or not (a bot's, a blank
 * query or one that looks like a phone number or an e-mail address is not). 422 for a malformed
 * body or an unknown area, 413 over {@link SEARCH_BEACON_MAX_BYTES} bytes, 429 past 60 beacons
 * of any kind a minute from one address. Public; no response body (issue 27.2, ADR 044).
 */
export async function searchBeacon(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(SearchBeaconSchema, await readJson(request, SEARCH_BEACON_MAX_BYTES));
  await service.countSearch(await ctx.db(), input, clientOf(request, ctx));
  return NO_CONTENT();
}

/**
 * GET /api/admin/insights → `{ from, to, daily, totals }` (SiteInsightsResponseSchema): the
 * site's visits, searches, contact reveals and forms sent per day over the last 30 days. Admin
 * (issue 27.5, ADR 044).
 */
export async function siteInsights(_request: Request, ctx: ApiContext): Promise<Response> {
  return reply(SiteInsightsResponseSchema, await admin.siteInsights(await ctx.db()));
}

/**
 * GET /api/admin/insights/listings?page&limit → `{ listings, total, page, limit }`: the most
 * visited listings of the last 30 days. Admin.
 */
export async function topListings(request: Request, ctx: ApiContext): Promise<Response> {
  const page = parseOrThrow(PageQuerySchema, queryOf(request));
  return reply(TopListingsResponseSchema, await admin.topListings(await ctx.db(), page));
}

/**
 * GET /api/admin/insights/areas?page&limit → `{ areas, total, page, limit }`: the areas whose
 * listings were visited most in the last 30 days. Admin.
 */
export async function topAreas(request: Request, ctx: ApiContext): Promise<Response> {
  const page = parseOrThrow(PageQuerySchema, queryOf(request));
  return reply(TopAreasResponseSchema, await admin.topAreas(await ctx.db(), page));
}

/**
 * GET /api/admin/insights/searches?page&limit → `{ searches, total, page, limit }`: the searches
 * with no or few results (at most 3) of the last 30 days, most searched first. Admin.
 */
export async function fewResultSearches(request: Request, ctx: ApiContext): Promise<Response> {
  const page = parseOrThrow(PageQuerySchema, queryOf(request));
  return reply(
    FewResultSearchesResponseSchema,
    await admin.fewResultSearches(await ctx.db(), page),
  );
}

/**
 * GET /api/account/listings/:id/insights?period=7|30|90 → `{ period, from, to, current,
 * previous, daily, searches }` (InsightsResponseSchema): the listing's counts over the last `period` days
 * (default 30) against the period before. Signed-in owner of the listing only: 401 signed out,
 * 403 another account's listing, 404 no such listing, 422 another period (issue 27.2).
 */
export async function ownerInsights(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const { period } = parseOrThrow(InsightsQuerySchema, queryOf(request));
  const user = await signedInUser(ctx);
  return reply(
    InsightsResponseSchema,
    await service.listingInsights(await ctx.db(), user.id, id, period as InsightPeriod),
  );
}

/**
 * GET /api/account/listings/:id/insights.csv?period=7|30|90 → `listing_insights_{from}_{to}.csv`:
 * one line per day of the period (Day, then each counter's label), for the owner as above.
 */
export async function ownerInsightsCsv(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const { period } = parseOrThrow(InsightsQuerySchema, queryOf(request));
  const user = await signedInUser(ctx);
  const insights = await service.listingInsights(
    await ctx.db(),
    user.id,
    id,
    period as InsightPeriod,
  );
  async function* days() {
    yield insights.daily;
  }
  return csvResponse(
    `listing_insights_${insights.from}_${insights.to}.csv`,
    ['Day', ...INSIGHT_COUNTERS.map((c) => INSIGHT_LABELS[c])],
    days(),
    (day) => [day.day, ...INSIGHT_COUNTERS.map((c) => day[c])],
    insights.daily.length,
  );
}
