import {
  DeletedResponseSchema,
  IdParamsSchema,
  OkResponseSchema,
} from '../../common/schemas/api.ts';
import { ContactListResponseSchema, ContactResponseSchema } from '../../common/schemas/contacts.ts';
import { ContactFormSchema } from '../../common/schemas/forms.ts';
import { InboxListQuerySchema } from '../../common/schemas/service-requests.ts';
import type { ApiContext } from '../_lib/context.ts';
import { publicFormHandler } from '../_lib/forms.ts';
import { parseOrThrow, queryOf, reply } from '../_lib/http.ts';
import * as service from './contacts.service.ts';

/** Contact messages: the public contact form and the admin Contacts tab (SPEC §2, §4, §8). */

/**
 * POST /api/contacts (Contact form) → 201 `{ id, emailStatus }`: stored first, then the admin is
 * notified. 422 with field messages, 429 past 10 per hour per IP.
 */
export const submit = publicFormHandler(ContactFormSchema, service.submitContact);

/**
 * GET /api/admin/contacts?status&q&page&limit → `{ contacts, total, page, limit, stats }`: one
 * page (limit ≤ 100), pending newest first or handled most recently handled first, with the
 * SPEC §5 search; `stats` are the panel's tiles. Admin.
 */
export async function list(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(InboxListQuerySchema, queryOf(request));
  const result = await service.listContacts(await ctx.db(), query);
  return reply(ContactListResponseSchema, { ...result, page: query.page, limit: query.limit });
}

/** POST /api/admin/contacts/:id/handle → `{ contact }` (handled_by = the admin); 409 twice, 404. Admin. */
export async function handle(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const admin = await ctx.sessionUser();
  return reply(ContactResponseSchema, {
    contact: await service.handleContact(await ctx.db(), id, admin?.id ?? null),
  });
}

/** DELETE /api/admin/contacts/:id → `{ ok: true }`; 404. Admin. */
export async function remove(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  await service.deleteContact(await ctx.db(), id);
  return reply(OkResponseSchema, { ok: true });
}

/** DELETE /api/admin/contacts → `{ deleted }` (Clear All Contacts). Admin. */
export async function clear(_request: Request, ctx: ApiContext): Promise<Response> {
  return reply(DeletedResponseSchema, { deleted: await service.clearContacts(await ctx.db()) });
}
