import { BeaconSchema } from '../../common/schemas/insights.ts';
import type { ApiContext } from '../_lib/context.ts';
import { parseOrThrow, readJson } from '../_lib/http.ts';
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
