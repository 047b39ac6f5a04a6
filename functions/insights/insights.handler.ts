import { IdParamsSchema } from '../../common/schemas/api.ts';
import {
  BeaconSchema,
  INSIGHT_COUNTERS,
  INSIGHT_LABELS,
  type InsightPeriod,
  InsightsQuerySchema,
  InsightsResponseSchema,
} from '../../common/schemas/insights.ts';
import type { ApiContext } from '../_lib/context.ts';
import { csvResponse } from '../_lib/csv-response.ts';
import { signedInUser } from '../_lib/guards.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
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
  await service.countBeacon(await ctx.db(), input, {
    address: ctx.clientAddress,
    userAgent: request.headers.get('user-agent'),
    purpose: request.headers.get('sec-purpose') ?? request.headers.get('purpose'),
  });
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}

/**
 * GET /api/account/listings/:id/insights?period=7|30|90 → `{ period, from, to, current,
 * previous, daily }` (InsightsResponseSchema): the listing's counts over the last `period` days
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
