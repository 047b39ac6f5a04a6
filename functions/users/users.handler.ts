import { AdminUserListResponseSchema } from '../../src/schemas/users.ts';
import type { ApiContext } from '../_lib/context.ts';
import { reply } from '../_lib/http.ts';
import * as service from './users.service.ts';

/**
 * GET /api/admin/users → `{ users }`: every account with its profile and role (SPEC §2 Users tab),
 * newest first. Admin.
 */
export async function list(_request: Request, ctx: ApiContext): Promise<Response> {
  return reply(AdminUserListResponseSchema, { users: await service.listUsers(await ctx.db()) });
}
