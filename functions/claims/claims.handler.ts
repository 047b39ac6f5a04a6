import { z } from 'zod';
import { IdParamsSchema } from '../../common/schemas/api.ts';
import {
  AdminChangeListQuerySchema,
  AdminChangeListResponseSchema,
  AdminChangeResponseSchema,
  AdminClaimListQuerySchema,
  AdminClaimListResponseSchema,
  AdminClaimResponseSchema,
  ClaimRequestSchema,
  ClaimResponseSchema,
  ClaimTargetResponseSchema,
  ClaimVerifySchema,
  DecisionSchema,
  ListingChangeResponseSchema,
  ListingEditSchema,
  OwnedListingsResponseSchema,
} from '../../common/schemas/claims.ts';
import type { ApiContext } from '../_lib/context.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
import { signedInUser } from '../_lib/guards.ts';
import * as service from './claims.service.ts';
import * as claimsAdmin from './admin/admin.service.ts';
import * as ownerEdits from './owner-edits/owner-edits.service.ts';

/**
 * Claim this business, the owner dashboard and the admin's Claims tab (issue 16 points 1 and 2,
 * ADR 018). Every route is `user` or `admin` (routes.ts); a listing or claim of someone else
 * answers 404, never its data.
 */

/** `:id` is the listing's slug or id (the claim page has the slug). */
const ListingKeySchema = z.object({ id: z.string().trim().min(1).max(200) });

/**
 * GET /api/listings/:id/claim (slug or id; formerly /api/claims/listing/:id) → `{ listing: {
 * id, slug, business_name, claimed, owned_by_you, method }, claim }`; 404 unless the listing is
 * approved. Signed-in users.
 */
export async function target(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(ListingKeySchema, ctx.params);
  return reply(
    ClaimTargetResponseSchema,
    await service.claimTarget(await ctx.db(), await signedInUser(ctx), id),
  );
}

/**
 * POST /api/claims `{ listing, role?, phone?, note? }` → 201 `{ claim }`: a code to the listing's
 * e-mail, or a claim for the admin (role and phone required then). 404, 409 already claimed,
 * 422, 429 past 5 an hour per account / 20 per address / 5 codes per listing. Signed-in users.
 */
export async function request(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(ClaimRequestSchema, await readJson(request));
  const claim = await service.requestClaim(
    await ctx.db(),
    await ctx.mailer(),
    await signedInUser(ctx),
    input,
    ctx.clientAddress,
  );
  return reply(ClaimResponseSchema, { claim }, 201);
}

/**
 * POST /api/claims/:id/verify `{ code }` → `{ claim }` (status verified; the listing is the
 * caller's). 422 wrong code (attempts left in the message), 409 expired / locked / decided /
 * claimed by another, 404 not the caller's claim, 429. Signed-in users.
 */
export async function verify(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const { code } = parseOrThrow(ClaimVerifySchema, await readJson(request));
  const result = await service.verifyClaim(
    await ctx.db(),
    await ctx.mailer(),
    await signedInUser(ctx),
    id,
    code,
    ctx.clientAddress,
  );
  await ctx.invalidate(result.tags);
  return reply(ClaimResponseSchema, { claim: result.claim });
}

/** GET /api/account/listings → `{ listings }`: the caller's listings and their newest change. */
export async function ownListings(_request: Request, ctx: ApiContext): Promise<Response> {
  const user = await signedInUser(ctx);
  return reply(OwnedListingsResponseSchema, {
    listings: await ownerEdits.ownedListings(await ctx.db(), user.id),
  });
}

/**
 * POST /api/account/listings/:id/changes (the ListingEditSchema fields) → 201 `{ change }`
 * (pending). 404 not the caller's listing, 422 invalid or nothing changed, 429. Signed-in users.
 */
export async function submitChange(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const edit = parseOrThrow(ListingEditSchema, await readJson(request));
  const user = await signedInUser(ctx);
  return reply(
    ListingChangeResponseSchema,
    { change: await ownerEdits.submitChange(await ctx.db(), user.id, id, edit) },
    201,
  );
}

/** GET /api/admin/claims?status&q&page&limit → `{ claims, total, page, limit }`. Admin. */
export async function listClaims(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(AdminClaimListQuerySchema, queryOf(request));
  const result = await claimsAdmin.listClaims(await ctx.db(), query);
  return reply(AdminClaimListResponseSchema, { ...result, page: query.page, limit: query.limit });
}

function decideClaim(decision: 'approve' | 'reject') {
  return async (_request: Request, ctx: ApiContext): Promise<Response> => {
    const { id } = parseOrThrow(IdParamsSchema, ctx.params);
    const admin = await signedInUser(ctx);
    const result = await claimsAdmin.decideClaim(
      await ctx.db(),
      await ctx.mailer(),
      admin.id,
      id,
      decision,
    );
    await ctx.invalidate(result.tags);
    return reply(AdminClaimResponseSchema, { claim: result.claim });
  };
}

/**
 * POST /api/admin/claims/:id/approve → `{ claim }` (owner set, pages purged, the claimant
 * e-mailed). 404, 409. Admin.
 */
export const approveClaim = decideClaim('approve');
/** POST /api/admin/claims/:id/reject → `{ claim }` (the claimant e-mailed). 404, 409. Admin. */
export const rejectClaim = decideClaim('reject');

/** GET /api/admin/listing-changes?status&q&page&limit → `{ changes, total, page, limit }`. Admin. */
export async function listChanges(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(AdminChangeListQuerySchema, queryOf(request));
  const result = await ownerEdits.listChanges(await ctx.db(), query);
  return reply(AdminChangeListResponseSchema, { ...result, page: query.page, limit: query.limit });
}

function decideChange(decision: 'approve' | 'reject') {
  return async (request: Request, ctx: ApiContext): Promise<Response> => {
    const { id } = parseOrThrow(IdParamsSchema, ctx.params);
    const { reason } = parseOrThrow(DecisionSchema, await readJson(request));
    const admin = await signedInUser(ctx);
    const result = await ownerEdits.decideChange(
      await ctx.db(),
      await ctx.mailer(),
      ctx.blobs(),
      admin.id,
      id,
      decision,
      reason,
    );
    await ctx.invalidate(result.tags);
    return reply(AdminChangeResponseSchema, { change: result.change });
  };
}

/**
 * POST /api/admin/listing-changes/:id/approve `{ reason? }` → `{ change }`: applied to the
 * listing, its pages purged, the owner e-mailed. 404, 409. Admin.
 */
export const approveChange = decideChange('approve');
/**
 * POST /api/admin/listing-changes/:id/reject `{ reason? }` → `{ change }` (the owner e-mailed,
 * with the reason). 404, 409. Admin.
 */
export const rejectChange = decideChange('reject');
