import type { ApiContext } from '../_lib/context.ts';
import { json } from '../_lib/http.ts';

/**
 * GET /api/admin/users → `{ users }`: every account with its profile and role (SPEC §2 Users tab),
 * newest first. Admin only (enforced by the router).
 */
export async function listUsers(_request: Request, ctx: ApiContext): Promise<Response> {
  const db = await ctx.db();
  const users = await db
    .selectFrom('user as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .select((eb) => [
      'u.id as user_id',
      'u.email',
      'p.id as profile_id',
      'p.display_name',
      'p.created_at',
      'p.updated_at',
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('user_roles as r')
              .whereRef('r.user_id', '=', 'u.id')
              .where('r.role', '=', 'admin')
              .select('r.id'),
          ),
        )
        .then('admin')
        .else('user')
        .end()
        .as('role'),
    ])
    .orderBy('u.created_at', 'desc')
    .execute();
  return json({ users });
}
