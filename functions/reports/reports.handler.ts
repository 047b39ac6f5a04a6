import { BusinessIdSchema } from '../../common/schemas/directory.ts';
import {
  ClosedReportListQuerySchema,
  ClosedReportListResponseSchema,
  type ReportAction,
  ReportActionResponseSchema,
  ReportActionSchema,
  ReportListQuerySchema,
  ReportListResponseSchema,
  ReportSubmitResponseSchema,
  ReportSubmitSchema,
} from '../../common/schemas/reports.ts';
import type { ApiContext, ApiHandler } from '../_lib/context.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
import * as service from './reports.service.ts';

/** "Report this listing" and the admin Reports tab (issue 16.3, ADR 019). */

/** A report's body is a reason and at most 500 characters: 8 KB is plenty. */
const REPORT_JSON_BYTES = 8 * 1024;

/**
 * POST /api/listings/:id/reports `{ reason, details?, hp? }` → 201 `{ received: true }`, the
 * same for a repeat of the reporter's open report (it counts once). Anyone may report; a
 * signed-in account is recorded. 422 for a reason not in the list or details over 500
 * characters, 404 for a listing not in the directory, 429 past 10 an hour per address.
 */
export async function submit(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const input = parseOrThrow(ReportSubmitSchema, await readJson(request, REPORT_JSON_BYTES));
  await service.submitReport(await ctx.db(), id, input, {
    user: await ctx.sessionUser(),
    clientAddress: ctx.clientAddress,
  });
  return reply(ReportSubmitResponseSchema, { received: true }, 201);
}

/**
 * GET /api/admin/reports?page&limit&q → `{ groups, total, page, limit }`: listings with open
 * reports (limit ≤ 100, default 24), most recently reported first, `q` on the business name.
 * Admin.
 */
export async function list(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(ReportListQuerySchema, queryOf(request));
  const result = await service.listReports(await ctx.db(), query);
  return reply(ReportListResponseSchema, { ...result, page: query.page, limit: query.limit });
}

/**
 * GET /api/admin/reports/closed?status&page&limit&q → `{ reports, total, page, limit }`: closed
 * reports (`resolved` by default, `dismissed`, `suspended`), most recently closed first, with who
 * closed them and when; `q` on the business name. Admin.
 */
export async function listClosed(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(ClosedReportListQuerySchema, queryOf(request));
  const result = await service.listClosedReports(await ctx.db(), query);
  return reply(ClosedReportListResponseSchema, {
    ...result,
    page: query.page,
    limit: query.limit,
  });
}

/**
 * POST /api/admin/reports/:id/{resolve,dismiss,suspend} (`:id` the listing) `{ through }` (the
 * newest report id the admin saw) → `{ closed, status, business_status }`: closes the listing's
 * open reports created no later than `through` (newer ones stay open); suspend also suspends the
 * listing and purges its public pages. 404 unknown listing or report, 409 none of those reports
 * open or a listing that cannot be suspended, 422 without `through`. Admin.
 */
function act(action: ReportAction): ApiHandler {
  return async (request, ctx) => {
    const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
    const { through } = parseOrThrow(ReportActionSchema, await readJson(request));
    const admin = await ctx.sessionUser();
    const { change, ...result } = await service.actOnReports(
      await ctx.db(),
      id,
      action,
      admin?.id ?? null,
      through,
    );
    if (change) await ctx.invalidate(change.tags);
    return reply(ReportActionResponseSchema, result);
  };
}

export const resolve = act('resolve');
export const dismiss = act('dismiss');
export const suspend = act('suspend');
