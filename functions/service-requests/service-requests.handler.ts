import {
  DeletedResponseSchema,
  IdParamsSchema,
  OkResponseSchema,
} from '../../common/schemas/api.ts';
import { FindItSchema } from '../../common/schemas/find-it.ts';
import { SubmissionResultSchema } from '../../common/schemas/forms.ts';
import {
  ForwardResponseSchema,
  ForwardSchema,
  InboxListQuerySchema,
  LeadListQuerySchema,
  LeadListResponseSchema,
  LeadResponseSchema,
  MatchesResponseSchema,
  ServiceRequestListResponseSchema,
  ServiceRequestResponseSchema,
} from '../../common/schemas/service-requests.ts';
import {
  PHOTO_MESSAGES,
  REQUEST_PHOTOS_MAX,
  REQUEST_UPLOAD_MAX_BYTES,
} from '../../common/schemas/photo-rules.ts';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { isMultipart, readPhotoForm } from '../photos/photos.handler.ts';
import { signedInUser } from '../_lib/guards.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
import * as service from './service-requests.service.ts';

/** Find It requests: the public form and the admin Requests tab (SPEC §2, §4, §8). */

/** Largest Find It body with photos (common/schemas/photo-rules.ts). */
export { REQUEST_UPLOAD_MAX_BYTES };

/**
 * The request and its photos from a JSON body, or from multipart/form-data: the fields as JSON
 * in `request`, up to 3 files in `photos` (ADR 083).
 * @throws AppError as `readPhotoForm`; VALIDATION_FAILED (bad fields, more than 3 photos).
 */
async function readFindIt(
  request: Request,
): Promise<{ input: ReturnType<typeof FindItSchema.parse>; files: Uint8Array[] }> {
  if (!isMultipart(request))
    return { input: parseOrThrow(FindItSchema, await readJson(request)), files: [] };
  const form = await readPhotoForm(
    request,
    REQUEST_UPLOAD_MAX_BYTES,
    PHOTO_MESSAGES.reviewTooLarge,
  );
  let fields: unknown = null;
  try {
    fields = JSON.parse(String(form.get('request') ?? 'null'));
  } catch {
    // refused below, as any other bad body
  }
  const input = parseOrThrow(FindItSchema, fields ?? {});
  const files = form
    .getAll('photos')
    .filter((file): file is File => file instanceof Blob && file.size > 0);
  if (files.length > REQUEST_PHOTOS_MAX)
    throw new AppError('VALIDATION_FAILED', PHOTO_MESSAGES.tooManyForRequest, {
      photos: [PHOTO_MESSAGES.tooManyForRequest],
    });
  return {
    input,
    files: await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer()))),
  };
}

/**
 * POST /api/service-requests (Find It) → 201 `{ id, emailStatus }`. The request is saved before
 * any e-mail, then matched to up to five claimed listings (issue 36.2); `emailStatus: failed`
 * lets the page show "Request Submitted: Your request has been saved..." (SPEC §8). A signed-in
 * sender finds it under their account too. With photos (ADR 083) the body is multipart/form-data:
 * `request` (the fields as JSON) and up to 3 `photos` (4 MB together), processed and kept private
 * before the request is saved. 422 with field messages (a photo's under `photos`), 413 photos over
 * 4 MB together, 400 an upload cut off, 429 past 10 per hour per IP or 5 a day per e-mail, 503
 * when the file store is down. Nothing is saved from a refused request.
 */
export async function submit(request: Request, ctx: ApiContext): Promise<Response> {
  const { input, files } = await readFindIt(request);
  const user = await ctx.sessionUser();
  const { tags, ...result } = await service.submitServiceRequest(
    await ctx.db(),
    await ctx.mailer(),
    input,
    ctx.clientAddress,
    user?.id ?? null,
    files.length > 0 ? { blobs: ctx.blobs(), files } : null,
  );
  if (tags.length > 0) await ctx.invalidate(tags);
  return reply(SubmissionResultSchema, result, 201);
}

/**
 * GET /api/admin/service-requests?status&q&page&limit → `{ serviceRequests, total, page, limit,
 * stats }`: one page (limit ≤ 100), pending newest first or handled most recently handled first,
 * with the SPEC §5 search; `stats` are the panel's tiles. Admin.
 */
export async function list(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(InboxListQuerySchema, queryOf(request));
  const result = await service.listServiceRequests(await ctx.db(), query);
  return reply(ServiceRequestListResponseSchema, {
    ...result,
    page: query.page,
    limit: query.limit,
  });
}

/**
 * GET /api/admin/service-requests/:id/matches → `{ businesses, total, remaining }`: the first 50
 * matching businesses by relevance, shown before "Forward to matching businesses". 404. Admin.
 */
export async function matches(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  return reply(MatchesResponseSchema, await service.findMatchingBusinesses(await ctx.db(), id));
}

/**
 * POST /api/admin/service-requests/:id/forward `{ ids }` → `{ sent, failed, skipped,
 * serviceRequest }`: e-mails the chosen matching businesses not yet contacted, at most 50 per
 * request in all, each recorded. 404, 422. Admin (issue 12.7).
 */
export async function forward(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const { ids } = parseOrThrow(ForwardSchema, await readJson(request));
  const { tags, ...result } = await service.forwardServiceRequest(
    await ctx.db(),
    await ctx.mailer(),
    id,
    ids,
  );
  if (tags.length > 0) await ctx.invalidate(tags);
  return reply(ForwardResponseSchema, result);
}

/** POST /api/admin/service-requests/:id/handle → `{ serviceRequest }`; 409 if already handled, 404. Admin. */
export async function handle(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  return reply(ServiceRequestResponseSchema, {
    serviceRequest: await service.handleServiceRequest(await ctx.db(), id),
  });
}

/** DELETE /api/admin/service-requests/:id → `{ ok: true }`, its photos' files too; 404. Admin. */
export async function remove(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  await service.deleteServiceRequest(await ctx.db(), ctx.blobs(), id);
  return reply(OkResponseSchema, { ok: true });
}

/** DELETE /api/admin/service-requests → `{ deleted }` (Clear All, photos too). Admin. */
export async function clear(_request: Request, ctx: ApiContext): Promise<Response> {
  return reply(DeletedResponseSchema, {
    deleted: await service.clearServiceRequests(await ctx.db(), ctx.blobs()),
  });
}

/**
 * GET /api/account/leads?page&limit → `{ leads, total, page, limit }`: the Find It requests
 * forwarded to the listings the caller owns, newest first, with the customer's details and
 * whether the owner marked them contacted (issue 27.4). Signed-in users (an account that owns
 * nothing gets an empty list).
 */
export async function listLeads(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(LeadListQuerySchema, queryOf(request));
  const user = await signedInUser(ctx);
  const result = await service.listOwnerLeads(await ctx.db(), user.id, query);
  return reply(LeadListResponseSchema, { ...result, page: query.page, limit: query.limit });
}

/**
 * POST /api/account/leads/:id/contacted → `{ contacted: true }` (a repeat changes nothing). 404
 * when the lead was not forwarded to one of the caller's listings. Signed-in users.
 */
export async function markContacted(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const user = await signedInUser(ctx);
  await service.markLeadContacted(await ctx.db(), user.id, id);
  return reply(LeadResponseSchema, { contacted: true });
}
