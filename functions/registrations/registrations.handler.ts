import { OkResponseSchema, OrderSchema } from '../../src/schemas/api.ts';
import { BusinessIdSchema } from '../../src/schemas/directory.ts';
import { BusinessRegistrationSchema, SubmissionResultSchema } from '../../src/schemas/forms.ts';
import {
  BusinessEditSchema,
  FeaturedSchema,
  RatingSchema,
  RegistrationListResponseSchema,
  RegistrationResponseSchema,
  StatusChangeResponseSchema,
  StatusChangeSchema,
  TestWelcomeResponseSchema,
  VerificationSchema,
} from '../../src/schemas/registrations.ts';
import type { ApiContext } from '../_lib/context.ts';
import { parseOrThrow, readJson, reply } from '../_lib/http.ts';
import { CacheTags, listingChangeTags } from '../site/cache-tags.ts';
import * as service from './registrations.service.ts';

/**
 * Business listings: the public "List Your Business" form and the admin's moderation (SPEC §2
 * Admin dashboard, §4, §5, §8). Every route but `submit` is admin-only (routes.ts).
 */

const idOf = (ctx: ApiContext) => parseOrThrow(BusinessIdSchema, ctx.params).id;

/**
 * POST /api/registrations (List Your Business) → 201 `{ id, emailStatus }`.
 * 409 CONFLICT for a duplicate e-mail, 422 with field messages, 429 past 5 per hour per IP.
 */
export async function submit(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(BusinessRegistrationSchema, await readJson(request));
  const result = await service.submitRegistration(
    await ctx.db(),
    await ctx.mailer(),
    input,
    ctx.clientAddress,
  );
  return reply(SubmissionResultSchema, result, 201);
}

/** GET /api/admin/registrations → `{ registrations }` newest first. */
export async function list(_request: Request, ctx: ApiContext): Promise<Response> {
  return reply(RegistrationListResponseSchema, {
    registrations: await service.listRegistrations(await ctx.db()),
  });
}

/**
 * POST /api/admin/registrations/:id/status `{ status }` → `{ registration, welcomeEmail }`.
 * 409 for an illegal transition. Approval sends the welcome e-mail; its failure does not undo the
 * approval (`welcomeEmail.status: failed` with the error, for the Warning toast).
 */
export async function changeStatus(request: Request, ctx: ApiContext): Promise<Response> {
  const { status } = parseOrThrow(StatusChangeSchema, await readJson(request));
  const { before, after } = await service.changeStatus(await ctx.db(), idOf(ctx), status);
  await ctx.invalidate(listingChangeTags(before, after));
  const welcomeEmail =
    status === 'approved'
      ? await service.sendWelcome(await ctx.mailer(), after)
      : { status: 'skipped' as const };
  return reply(StatusChangeResponseSchema, {
    registration: service.toAdminRegistration(after),
    welcomeEmail,
  });
}

/** POST /api/admin/registrations/:id/featured `{ featured }` → `{ registration }`; 409 unless approved. */
export async function setFeatured(request: Request, ctx: ApiContext): Promise<Response> {
  const { featured } = parseOrThrow(FeaturedSchema, await readJson(request));
  const { before, after } = await service.setFeatured(await ctx.db(), idOf(ctx), featured);
  await ctx.invalidate(listingChangeTags(before, after));
  return reply(RegistrationResponseSchema, { registration: service.toAdminRegistration(after) });
}

/** POST /api/admin/registrations/:id/verification `{ verification_status }` → `{ registration }`. */
export async function setVerification(request: Request, ctx: ApiContext): Promise<Response> {
  const { verification_status } = parseOrThrow(VerificationSchema, await readJson(request));
  const { before, after } = await service.setVerification(
    await ctx.db(),
    idOf(ctx),
    verification_status,
  );
  await ctx.invalidate(listingChangeTags(before, after));
  return reply(RegistrationResponseSchema, { registration: service.toAdminRegistration(after) });
}

/** POST /api/admin/registrations/:id/rating `{ star_rating }` → `{ registration }`. */
export async function setRating(request: Request, ctx: ApiContext): Promise<Response> {
  const { star_rating } = parseOrThrow(RatingSchema, await readJson(request));
  const { before, after } = await service.setRating(await ctx.db(), idOf(ctx), star_rating);
  await ctx.invalidate(listingChangeTags(before, after));
  return reply(RegistrationResponseSchema, { registration: service.toAdminRegistration(after) });
}

/**
 * PATCH /api/admin/registrations/:id (Edit Business Details) → `{ registration }`; 409 for a
 * pending business or an e-mail another listing has (SPEC §8 duplicate message).
 */
export async function edit(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(BusinessEditSchema, await readJson(request));
  const { before, after } = await service.editRegistration(await ctx.db(), idOf(ctx), input);
  await ctx.invalidate(listingChangeTags(before, after));
  return reply(RegistrationResponseSchema, { registration: service.toAdminRegistration(after) });
}

/** DELETE /api/admin/registrations/:id → `{ ok: true }`; 409 for a pending business. */
export async function remove(_request: Request, ctx: ApiContext): Promise<Response> {
  const deleted = await service.deleteRegistration(await ctx.db(), idOf(ctx));
  await ctx.invalidate(listingChangeTags(deleted, undefined));
  return reply(OkResponseSchema, { ok: true });
}

/** POST /api/admin/registrations/:id/test-welcome → `{ welcomeEmail }`; approved only (SPEC §4). */
export async function testWelcome(_request: Request, ctx: ApiContext): Promise<Response> {
  const welcomeEmail = await service.testWelcome(await ctx.db(), await ctx.mailer(), idOf(ctx));
  return reply(TestWelcomeResponseSchema, { welcomeEmail });
}

/** PUT /api/admin/featured-order `{ ids }` → `{ ok: true }` (display_order 1..n, one transaction). */
export async function reorderFeatured(request: Request, ctx: ApiContext): Promise<Response> {
  const { ids } = parseOrThrow(OrderSchema, await readJson(request));
  await service.reorderFeatured(await ctx.db(), ids);
  await ctx.invalidate([CacheTags.home, CacheTags.featured]);
  return reply(OkResponseSchema, { ok: true });
}
