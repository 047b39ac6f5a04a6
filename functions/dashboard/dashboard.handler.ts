import {
  AdminCountsQuerySchema,
  AdminCountsResponseSchema,
} from '../../common/schemas/dashboard.ts';
import type { ApiContext } from '../_lib/context.ts';
import { parseOrThrow, queryOf, reply } from '../_lib/http.ts';
import * as service from './dashboard.service.ts';

/**
 * GET /api/admin/counts?q → `{ counts }`: the number on each admin tab (SPEC §2 "Pending (n)"),
 * filtered by the search `q` while one is active. Admin.
 */
export async function counts(request: Request, ctx: ApiContext): Promise<Response> {
  const { q } = parseOrThrow(AdminCountsQuerySchema, queryOf(request));
  return reply(AdminCountsResponseSchema, { counts: await service.countTabs(await ctx.db(), q) });
}
