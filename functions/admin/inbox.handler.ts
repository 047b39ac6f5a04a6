import { z } from 'zod';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { json, parseOrThrow } from '../_lib/http.ts';

/**
 * Service requests (Find It) and contact messages (SPEC §2 panels, §4: pending → handled via
 * Mark as Handled, no way back; delete at any state; Clear All). Admin-only (router).
 */
const IdSchema = z.object({ id: z.uuid('Invalid id') });

/** GET /api/admin/service-requests → `{ serviceRequests }` newest first. */
export async function listServiceRequests(_request: Request, ctx: ApiContext) {
  const db = await ctx.db();
  return json({
    serviceRequests: await db
      .selectFrom('service_requests')
      .selectAll()
      .orderBy('created_at', 'desc')
      .execute(),
  });
}

/** POST /api/admin/service-requests/:id/handle → `{ serviceRequest }` (handled_at = now; 409 if already handled). */
export async function handleServiceRequest(_request: Request, ctx: ApiContext) {
  const { id } = parseOrThrow(IdSchema, ctx.params);
  const db = await ctx.db();
  const row = await db
    .updateTable('service_requests')
    .set({ status: 'handled', handled_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!row) throw await missingOrHandled(ctx, 'service_requests', id);
  return json({ serviceRequest: row });
}

/** DELETE /api/admin/service-requests/:id → `{ ok: true }`. */
export async function deleteServiceRequest(_request: Request, ctx: ApiContext) {
  const { id } = parseOrThrow(IdSchema, ctx.params);
  const result = await (
    await ctx.db()
  )
    .deleteFrom('service_requests')
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0)
    throw new AppError('NOT_FOUND', 'Service request not found');
  return json({ ok: true });
}

/** DELETE /api/admin/service-requests → `{ deleted }` (Clear All). */
export async function clearServiceRequests(_request: Request, ctx: ApiContext) {
  const result = await (await ctx.db()).deleteFrom('service_requests').executeTakeFirst();
  return json({ deleted: Number(result.numDeletedRows) });
}

/** GET /api/admin/contacts → `{ contacts }` newest first. */
export async function listContacts(_request: Request, ctx: ApiContext) {
  const db = await ctx.db();
  return json({
    contacts: await db.selectFrom('contacts').selectAll().orderBy('created_at', 'desc').execute(),
  });
}

/** POST /api/admin/contacts/:id/handle → `{ contact }` (handled_at, handled_by = the admin). */
export async function handleContact(_request: Request, ctx: ApiContext) {
  const { id } = parseOrThrow(IdSchema, ctx.params);
  const admin = await ctx.sessionUser();
  const row = await (
    await ctx.db()
  )
    .updateTable('contacts')
    .set({ status: 'handled', handled_at: new Date(), handled_by: admin?.id ?? null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!row) throw await missingOrHandled(ctx, 'contacts', id);
  return json({ contact: row });
}

/** DELETE /api/admin/contacts/:id → `{ ok: true }`. */
export async function deleteContact(_request: Request, ctx: ApiContext) {
  const { id } = parseOrThrow(IdSchema, ctx.params);
  const result = await (
    await ctx.db()
  )
    .deleteFrom('contacts')
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError('NOT_FOUND', 'Contact not found');
  return json({ ok: true });
}

/** DELETE /api/admin/contacts → `{ deleted }` (Clear All Contacts). */
export async function clearContacts(_request: Request, ctx: ApiContext) {
  const result = await (await ctx.db()).deleteFrom('contacts').executeTakeFirst();
  return json({ deleted: Number(result.numDeletedRows) });
}

async function missingOrHandled(
  ctx: ApiContext,
  table: 'contacts' | 'service_requests',
  id: string,
): Promise<AppError> {
  const exists = await (
    await ctx.db()
  )
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return exists
    ? new AppError('CONFLICT', 'Already handled')
    : new AppError('NOT_FOUND', 'Not found');
}
