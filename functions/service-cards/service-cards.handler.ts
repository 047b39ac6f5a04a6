import { IdParamsSchema, OkResponseSchema, OrderSchema } from '../../common/schemas/api.ts';
import {
  AdminServiceCardListResponseSchema,
  AdminServiceCardResponseSchema,
  PublicServiceCardListResponseSchema,
  ServiceCardEditSchema,
} from '../../common/schemas/service-cards.ts';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { parseOrThrow, readJson, reply } from '../_lib/http.ts';
import * as service from './service-cards.service.ts';

/** Service cards: the home page's list and the admin Service Cards tab (SPEC §2, §9). */

/** GET /api/service-cards → `{ serviceCards }` enabled, ordered, with business counts. */
export async function listEnabled(_request: Request, ctx: ApiContext): Promise<Response> {
  return reply(
    PublicServiceCardListResponseSchema,
    { serviceCards: await service.listPublicServiceCards(await ctx.db()) },
    200,
    { 'cache-control': 'public, max-age=60, s-maxage=300' },
  );
}

/** GET /api/admin/service-cards → `{ serviceCards }` all cards by order, with business counts. Admin. */
export async function listAll(_request: Request, ctx: ApiContext): Promise<Response> {
  return reply(AdminServiceCardListResponseSchema, {
    serviceCards: await service.listAdminServiceCards(await ctx.db()),
  });
}

/** PUT /api/admin/service-cards/order `{ ids }` → `{ ok: true }`; renumbers 1..n, all or nothing (409). Admin. */
export async function reorder(request: Request, ctx: ApiContext): Promise<Response> {
  const { ids } = parseOrThrow(OrderSchema, await readJson(request));
  const { tags } = await service.reorderServiceCards(await ctx.db(), ids);
  await ctx.invalidate(tags);
  return reply(OkResponseSchema, { ok: true });
}

/**
 * PATCH /api/admin/service-cards/:id `{ title?, description?, button_text?, enabled? }` →
 * `{ serviceCard }`; 400 when nothing is given, 404. Admin.
 */
export async function update(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const input = parseOrThrow(ServiceCardEditSchema, await readJson(request));
  if (Object.keys(input).length === 0) throw new AppError('BAD_REQUEST', 'Nothing to update.');
  const { serviceCard, tags } = await service.updateServiceCard(await ctx.db(), id, input);
  await ctx.invalidate(tags);
  return reply(AdminServiceCardResponseSchema, { serviceCard });
}
