import {
  AdminSmsLogResponseSchema,
  SmsCeilingFormSchema,
  SmsCeilingResponseSchema,
  SmsLogQuerySchema,
} from '../../common/schemas/sms.ts';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
import * as service from './sms.service.ts';

/** The admin's SMS view (issue 37.6, ADR 074). Every route is admin-only (routes.ts). */

/**
 * GET /api/admin/sms?page&limit → `{ messages, total, page, limit, today }`: one page (limit
 * ≤ 100) of the SMS log, newest first, the numbers partly masked as stored; `today` is the count
 * sent since midnight in Lagos against the daily ceiling. Admin.
 */
export async function list(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(SmsLogQuerySchema, queryOf(request));
  const result = await service.listSmsLog(await ctx.db(), query);
  return reply(AdminSmsLogResponseSchema, { ...result, page: query.page, limit: query.limit });
}

/**
 * PUT /api/admin/sms/ceiling `{ daily_ceiling }` → `{ today }`: sets the site-wide daily ceiling
 * (a whole number from 0 to 1,000,000; else 422 in the error envelope), recording the admin.
 * Admin.
 */
export async function setCeiling(request: Request, ctx: ApiContext): Promise<Response> {
  const { daily_ceiling } = parseOrThrow(SmsCeilingFormSchema, await readJson(request));
  const user = await ctx.sessionUser();
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  const today = await service.setSmsCeiling(await ctx.db(), user.id, daily_ceiling);
  return reply(SmsCeilingResponseSchema, { today });
}
