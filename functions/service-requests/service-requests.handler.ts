import { DeletedResponseSchema, IdParamsSchema, OkResponseSchema } from '../../src/schemas/api.ts';
import { FindItSchema, SubmissionResultSchema } from '../../src/schemas/forms.ts';
import {
  ServiceRequestListResponseSchema,
  ServiceRequestResponseSchema,
} from '../../src/schemas/service-requests.ts';
import type { ApiContext } from '../_lib/context.ts';
import { parseOrThrow, readJson, reply } from '../_lib/http.ts';
import * as service from './service-requests.service.ts';

/** Find It requests: the public form and the admin Requests tab (SPEC §2, §4, §8). */

/**
 * POST /api/service-requests (Find It) → 201 `{ id, emailStatus }`. The request is saved before
 * any e-mail; `emailStatus: failed` lets the page show "Request Submitted: Your request has been
 * saved..." (SPEC §8). 422 with field messages, 429 past 10 per hour per IP.
 */
export async function submit(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(FindItSchema, await readJson(request));
  const result = await service.submitServiceRequest(
    await ctx.db(),
    await ctx.mailer(),
    input,
    ctx.clientAddress,
  );
  return reply(SubmissionResultSchema, result, 201);
}

/** GET /api/admin/service-requests → `{ serviceRequests }` newest first. Admin. */
export async function list(_request: Request, ctx: ApiContext): Promise<Response> {
  return reply(ServiceRequestListResponseSchema, {
    serviceRequests: await service.listServiceRequests(await ctx.db()),
  });
}

/** POST /api/admin/service-requests/:id/handle → `{ serviceRequest }`; 409 if already handled, 404. Admin. */
export async function handle(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  return reply(ServiceRequestResponseSchema, {
    serviceRequest: await service.handleServiceRequest(await ctx.db(), id),
  });
}

/** DELETE /api/admin/service-requests/:id → `{ ok: true }`; 404. Admin. */
export async function remove(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  await service.deleteServiceRequest(await ctx.db(), id);
  return reply(OkResponseSchema, { ok: true });
}

/** DELETE /api/admin/service-requests → `{ deleted }` (Clear All). Admin. */
export async function clear(_request: Request, ctx: ApiContext): Promise<Response> {
  return reply(DeletedResponseSchema, {
    deleted: await service.clearServiceRequests(await ctx.db()),
  });
}
