import {
  BusinessEditSchema,
  FeaturedSchema,
  OrderSchema,
  RatingSchema,
  StatusChangeSchema,
  VerificationSchema,
} from '../../src/schemas/admin.ts';
import { BusinessIdSchema } from '../../src/schemas/directory.ts';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { json, parseOrThrow, readJson } from '../_lib/http.ts';
import { CacheTags, listingChangeTags } from '../site/cache-tags.ts';
import * as service from './registrations.service.ts';

/** Admin business listings (SPEC §2 Admin dashboard, §4, §5). Every route is admin-only (router). */

const idOf = (ctx: ApiContext) => parseOrThrow(BusinessIdSchema, ctx.params).id;

/** GET /api/admin/registrations → `{ registrations }` newest first. */
export async function list(_request: Request, ctx: ApiContext) {
  return json({ registrations: await service.listRegistrations(await ctx.db()) });
}

/**
 * POST /api/admin/registrations/:id/status `{ status }` → `{ registration, welcomeEmail }`.
 * 409 for an illegal transition. Approval sends the welcome e-mail; its failure does not undo the
 * approval (`welcomeEmail.status: failed` with the error, for the Warning toast).
 */
export async function changeStatus(request: Request, ctx: ApiContext) {
  const { status } = parseOrThrow(StatusChangeSchema, await readJson(request));
  const { before, after: registration } = await service.changeStatus(
    await ctx.db(),
    idOf(ctx),
    status,
  );
  await ctx.invalidate(listingChangeTags(before, registration));
  const welcomeEmail =
    status === 'approved'
      ? await service.sendWelcome(await ctx.mailer(), registration)
      : { status: 'skipped' as const };
  return json({ registration: service.toAdminRegistration(registration), welcomeEmail });
}

/** POST /api/admin/registrations/:id/featured `{ featured }` → `{ registration }`. */
export async function setFeatured(request: Request, ctx: ApiContext) {
  const { featured } = parseOrThrow(FeaturedSchema, await readJson(request));
  const { before, after: registration } = await service.setFeatured(
    await ctx.db(),
    idOf(ctx),
    featured,
  );
  await ctx.invalidate(listingChangeTags(before, registration));
  return json({ registration: service.toAdminRegistration(registration) });
}

/** POST /api/admin/registrations/:id/verification `{ verification_status }` → `{ registration }`. */
export async function setVerification(request: Request, ctx: ApiContext) {
  const { verification_status } = parseOrThrow(VerificationSchema, await readJson(request));
  const { before, after: registration } = await service.setVerification(
    await ctx.db(),
    idOf(ctx),
    verification_status,
  );
  await ctx.invalidate(listingChangeTags(before, registration));
  return json({ registration: service.toAdminRegistration(registration) });
}

/** POST /api/admin/registrations/:id/rating `{ star_rating }` → `{ registration }`. */
export async function setRating(request: Request, ctx: ApiContext) {
  const { star_rating } = parseOrThrow(RatingSchema, await readJson(request));
  const { before, after: registration } = await service.setRating(
    await ctx.db(),
    idOf(ctx),
    star_rating,
  );
  await ctx.invalidate(listingChangeTags(before, registration));
  return json({ registration: service.toAdminRegistration(registration) });
}

/** PATCH /api/admin/registrations/:id (Edit Business Details) → `{ registration }`. */
export async function edit(request: Request, ctx: ApiContext) {
  const input = parseOrThrow(BusinessEditSchema, await readJson(request));
  const { before, after: registration } = await service.editRegistration(
    await ctx.db(),
    idOf(ctx),
    input,
  );
  await ctx.invalidate(listingChangeTags(before, registration));
  return json({ registration: service.toAdminRegistration(registration) });
}

/** DELETE /api/admin/registrations/:id → `{ ok: true }`. */
export async function remove(_request: Request, ctx: ApiContext) {
  const deleted = await service.deleteRegistration(await ctx.db(), idOf(ctx));
  await ctx.invalidate(listingChangeTags(deleted, undefined));
  return json({ ok: true });
}

/** POST /api/admin/registrations/:id/test-welcome → `{ welcomeEmail }`; approved only (SPEC §4). */
export async function testWelcome(_request: Request, ctx: ApiContext) {
  const registration = await service.getRegistration(await ctx.db(), idOf(ctx));
  if (registration.status !== 'approved')
    throw new AppError('CONFLICT', 'Test Welcome Email is only for approved businesses.');
  if (!registration.email) throw new AppError('CONFLICT', 'This business has no email address.');
  return json({ welcomeEmail: await service.sendWelcome(await ctx.mailer(), registration) });
}

/** PUT /api/admin/featured-order `{ ids }` → `{ ok: true }` (display_order 1..n, one transaction). */
export async function reorderFeatured(request: Request, ctx: ApiContext) {
  const { ids } = parseOrThrow(OrderSchema, await readJson(request));
  await service.reorderFeatured(await ctx.db(), ids);
  await ctx.invalidate([CacheTags.home, CacheTags.featured]);
  return json({ ok: true });
}
