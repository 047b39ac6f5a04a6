import { USER_CSV_COLUMNS, userCsvRow } from '../../common/schemas/csv.ts';
import {
  AdminUserListResponseSchema,
  UserExportQuerySchema,
  UserListQuerySchema,
} from '../../common/schemas/users.ts';
import type { ApiContext } from '../_lib/context.ts';
import { csvResponse, fileDate } from '../_lib/csv-response.ts';
import { parseOrThrow, queryOf, reply } from '../_lib/http.ts';
import * as service from './users.service.ts';

/**
 * GET /api/admin/users?q&page&limit → `{ users, total, page, limit }`: one page (limit ≤ 100) of
 * accounts with their profile and role (SPEC §2 Users tab), newest first, with the search over
 * display name, e-mail, role and user ID. Admin.
 */
export async function list(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(UserListQuerySchema, queryOf(request));
  const result = await service.listUsers(await ctx.db(), query);
  return reply(AdminUserListResponseSchema, { ...result, page: query.page, limit: query.limit });
}

/**
 * GET /api/admin/users/export.csv?q → `users_{date}.csv` (SPEC §9 columns), streamed a thousand
 * accounts at a time, UTF-8 with a BOM; `X-Total-Count` is the number of rows at the start. Admin.
 */
export async function exportCsv(request: Request, ctx: ApiContext): Promise<Response> {
  const { q } = parseOrThrow(UserExportQuerySchema, queryOf(request));
  const db = await ctx.db();
  const total = await service.countUsers(db, q);
  return csvResponse(
    `users_${fileDate()}.csv`,
    USER_CSV_COLUMNS,
    service.exportUsers(db, q),
    userCsvRow,
    total,
  );
}
