import type { ApiContext } from '../_lib/context.ts';
import { json } from '../_lib/http.ts';
import { listPublicServiceCards } from './service-cards.service.ts';

/** GET /api/service-cards → `{ serviceCards }` enabled, ordered, with business counts. */
export async function listServiceCards(_request: Request, ctx: ApiContext): Promise<Response> {
  return json({ serviceCards: await listPublicServiceCards(await ctx.db()) }, 200, {
    'cache-control': 'public, max-age=60, s-maxage=300',
  });
}
