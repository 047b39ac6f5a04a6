import { OkResponseSchema, OrderSchema } from '../../common/schemas/api.ts';
import { BusinessIdSchema } from '../../common/schemas/directory.ts';
import { BusinessRegistrationSchema } from '../../common/schemas/forms.ts';
import { BUSINESS_CSV_COLUMNS, businessCsvRow } from '../../common/schemas/csv.ts';
import {
  BulkActionResponseSchema,
  BulkActionSchema,
  BulkPreviewResponseSchema,
  BulkPreviewSchema,
  BusinessEditSchema,
  FeaturedSchema,
  RegistrationExportQuerySchema,
  RegistrationListQuerySchema,
  RatingSchema,
  RegistrationListResponseSchema,
  RegistrationResponseSchema,
  StatusChangeResponseSchema,
  StatusChangeSchema,
  TestWelcomeResponseSchema,
  VerificationSchema,
} from '../../common/schemas/registrations.ts';
import type { ApiContext } from '../_lib/context.ts';
import { csvResponse, fileDate } from '../_lib/csv-response.ts';
import { publicFormHandler } from '../_lib/forms.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
import { reportedClosed } from '../reports/reports.service.ts';
import { deleteListingWithPhotos } from '../photos/photos.service.ts';
import * as service from './registrations.service.ts';
import * as submission from './submission/submission.service.ts';
import * as admin from './admin/admin.service.ts';
import * as registrationsExport from './export/export.service.ts';

/**
 * Business listings: the public "List Your Business" form and the admin's moderation (SPEC §2
 * Admin dashboard, §4, §5, §8). Every route but `submit` is admin-only (routes.ts).
 */

const idOf = (ctx: ApiContext) => parseOrThrow(BusinessIdSchema, ctx.params).id;

/** A bulk body may name up to 2,000 ids (~80 KB of JSON): more than the default 64 KB. */
const BULK_JSON_BYTES = 128 * 1024;

/**
 * POST /api/listings (List Your Business) → 201 `{ id, emailStatus }`.
 * 409 CONFLICT for a duplicate e-mail, 422 with field messages, 429 past 5 per hour per IP.
 */
export const submit = publicFormHandler(BusinessRegistrationSchema, submission.submitRegistration);

/**
 * GET /api/admin/listings?status&featured&q&page&limit → `{ registrations, total, page,
 * limit }`: one page (limit ≤ 100, default 24) of a status tab newest first, or of the featured
 * list by display_order, with the company search `q` (SPEC §5). Each row carries
 * `reported_closed` (issue 16.3). 422 for a bad parameter.
 */
export async function list(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(RegistrationListQuerySchema, queryOf(request));
  const db = await ctx.db();
  const { registrations, total } = await admin.listRegistrations(db, query);
  // Issue 16.3: three distinct open "Permanently closed" reports flag a card (ADR 019).
  const closed = await reportedClosed(
    db,
    registrations.map((r) => r.id),
  );
  return reply(RegistrationListResponseSchema, {
    registrations: registrations.map((r) => ({ ...r, reported_closed: closed.has(r.id) })),
    total,
    page: query.page,
    limit: query.limit,
  });
}

/**
 * GET /api/admin/listings/export.csv?status&q → `business_registrations_{date}.csv`, the
 * SPEC §9 columns, streamed a thousand rows at a time (never the whole table in memory), UTF-8
 * with a BOM for spreadsheets. `X-Total-Count` is the number of rows when the export starts.
 */
export async function exportCsv(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(RegistrationExportQuerySchema, queryOf(request));
  const db = await ctx.db();
  const total = await registrationsExport.countExport(db, query);
  const pages = registrationsExport.exportRegistrations(db, query);
  return csvResponse(
    `business_registrations_${fileDate()}.csv`,
    BUSINESS_CSV_COLUMNS,
    pages,
    businessCsvRow,
    total,
  );
}

/**
 * POST /api/admin/listings/bulk/preview `{ action, selection }` → `{ action, matched,
 * willChange, skipped }`: the number the confirmation shows (ADR 014). Changes nothing.
 */
export async function previewBulk(request: Request, ctx: ApiContext): Promise<Response> {
  const { action, selection } = parseOrThrow(
    BulkPreviewSchema,
    await readJson(request, BULK_JSON_BYTES),
  );
  return reply(
    BulkPreviewResponseSchema,
    await admin.previewBulk(await ctx.db(), action, selection),
  );
}

/**
 * POST /api/admin/listings/bulk `{ action, selection, expected }` → `{ action, changed,
 * skipped, notFound, welcomeEmails }`: Approve, Reject or Delete selected (or every row of a tab
 * matching its search) under the SPEC §4 rules of the single actions; illegal rows are skipped
 * and counted. 409 (nothing changes) when the rows it would change are no longer `expected`.
 * One purge for the whole action; approvals send their welcome e-mails in batches after the
 * commit, and a mail failure never undoes an approval.
 */
export async function bulk(request: Request, ctx: ApiContext): Promise<Response> {
  const { action, selection, expected } = parseOrThrow(
    BulkActionSchema,
    await readJson(request, BULK_JSON_BYTES),
  );
  const result = await admin.runBulk(await ctx.db(), action, selection, expected);
  await ctx.invalidate(result.tags);
  const welcomeEmails = await admin.sendBulkWelcome(await ctx.mailer(), result.approved);
  return reply(BulkActionResponseSchema, {
    action: result.action,
    changed: result.changed,
    skipped: result.skipped,
    notFound: result.notFound,
    welcomeEmails,
  });
}

/**
 * POST /api/admin/listings/:id/status `{ status }` → `{ registration, welcomeEmail }`.
 * 409 for an illegal transition. Approval sends the welcome e-mail; its failure does not undo the
 * approval (`welcomeEmail.status: failed` with the error, for the Warning toast).
 */
export async function changeStatus(request: Request, ctx: ApiContext): Promise<Response> {
  const { status } = parseOrThrow(StatusChangeSchema, await readJson(request));
  const { after, tags } = await service.changeStatus(await ctx.db(), idOf(ctx), status);
  await ctx.invalidate(tags);
  const welcomeEmail =
    status === 'approved'
      ? await service.sendWelcome(await ctx.mailer(), after)
      : { status: 'skipped' as const };
  return reply(StatusChangeResponseSchema, {
    registration: service.toAdminRegistration(after),
    welcomeEmail,
  });
}

/** POST /api/admin/listings/:id/featured `{ featured }` → `{ registration }`; 409 unless approved. */
export async function setFeatured(request: Request, ctx: ApiContext): Promise<Response> {
  const { featured } = parseOrThrow(FeaturedSchema, await readJson(request));
  const { after, tags } = await service.setFeatured(await ctx.db(), idOf(ctx), featured);
  await ctx.invalidate(tags);
  return reply(RegistrationResponseSchema, { registration: service.toAdminRegistration(after) });
}

/**
 * POST /api/admin/listings/:id/verification `{ verification_status, checks? }` →
 * `{ registration }`; `checks` (issue 24.6) are recorded with the date and the admin when verified.
 */
export async function setVerification(request: Request, ctx: ApiContext): Promise<Response> {
  const { verification_status, checks } = parseOrThrow(VerificationSchema, await readJson(request));
  const { after, tags } = await service.setVerification(
    await ctx.db(),
    idOf(ctx),
    verification_status,
    { checks, adminId: (await ctx.sessionUser())?.id ?? null },
  );
  await ctx.invalidate(tags);
  return reply(RegistrationResponseSchema, { registration: service.toAdminRegistration(after) });
}

/** POST /api/admin/listings/:id/rating `{ star_rating }` → `{ registration }`. */
export async function setRating(request: Request, ctx: ApiContext): Promise<Response> {
  const { star_rating } = parseOrThrow(RatingSchema, await readJson(request));
  const { after, tags } = await service.setRating(await ctx.db(), idOf(ctx), star_rating);
  await ctx.invalidate(tags);
  return reply(RegistrationResponseSchema, { registration: service.toAdminRegistration(after) });
}

/**
 * PATCH /api/admin/listings/:id (Edit Business Details) → `{ registration }`; 409 for a
 * pending business or an e-mail another listing has (SPEC §8 duplicate message).
 */
export async function edit(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(BusinessEditSchema, await readJson(request));
  const { after, tags } = await service.editRegistration(await ctx.db(), idOf(ctx), input);
  await ctx.invalidate(tags);
  return reply(RegistrationResponseSchema, { registration: service.toAdminRegistration(after) });
}

/**
 * DELETE /api/admin/listings/:id → `{ ok: true }`, with its photos' files (issue 26); 409 for
 * a pending business.
 */
export async function remove(_request: Request, ctx: ApiContext): Promise<Response> {
  const { tags } = await deleteListingWithPhotos(await ctx.db(), ctx.blobs(), idOf(ctx));
  await ctx.invalidate(tags);
  return reply(OkResponseSchema, { ok: true });
}

/** POST /api/admin/listings/:id/test-welcome → `{ welcomeEmail }`; approved only (SPEC §4). */
export async function testWelcome(_request: Request, ctx: ApiContext): Promise<Response> {
  const welcomeEmail = await service.testWelcome(await ctx.db(), await ctx.mailer(), idOf(ctx));
  return reply(TestWelcomeResponseSchema, { welcomeEmail });
}

/** PUT /api/admin/featured-order `{ ids }` → `{ ok: true }` (display_order 1..n, one transaction). */
export async function reorderFeatured(request: Request, ctx: ApiContext): Promise<Response> {
  const { ids } = parseOrThrow(OrderSchema, await readJson(request));
  const { tags } = await service.reorderFeatured(await ctx.db(), ids);
  await ctx.invalidate(tags);
  return reply(OkResponseSchema, { ok: true });
}
