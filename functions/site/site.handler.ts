import type { ApiContext } from '../_lib/context.ts';
import { json } from '../_lib/http.ts';
import { getSiteSnapshot } from './site.service.ts';

/** GET /api/site/snapshot → the {@link SiteSnapshot} the static build renders. */
export async function getSnapshot(_request: Request, ctx: ApiContext): Promise<Response> {
  return json(await getSiteSnapshot(await ctx.db()), 200, { 'cache-control': 'no-store' });
}
