import { BusinessIdSchema } from '../../common/schemas/directory.ts';
import {
  AdminReviewActionResponseSchema,
  AdminReviewListQuerySchema,
  AdminReviewListResponseSchema,
  BlockSchema,
  HideSchema,
  ModerationLogQuerySchema,
  ModerationLogResponseSchema,
  OwnerReviewListQuerySchema,
  OwnerReviewListResponseSchema,
  OwnReplyResponseSchema,
  OwnReviewResponseSchema,
  ReplyInputSchema,
  ReviewIdSchema,
  ReviewInputSchema,
  ReviewListQuerySchema,
  ReviewListResponseSchema,
  ReviewReportSchema,
} from '../../common/schemas/reviews.ts';
import { OkResponseSchema } from '../../common/schemas/api.ts';
import { ReportSubmitResponseSchema } from '../../common/schemas/reports.ts';
import type { ApiContext, ApiHandler } from '../_lib/context.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
import { signedInUser } from '../_lib/guards.ts';
import * as author from './author/author.service.ts';
import * as moderation from './moderation/moderation.service.ts';
import * as replies from './replies/replies.service.ts';
import * as visitors from './visitors/visitors.service.ts';
import {
  PHOTO_MESSAGES,
  REVIEW_PHOTOS_MAX,
  REVIEW_UPLOAD_MAX_BYTES,
} from '../../common/schemas/photo-rules.ts';
import { AppError } from '../_lib/errors.ts';
import { isMultipart, readPhotoForm } from '../photos/photos.handler.ts';

/**
 * Reviews (issue 24, ADR 034): the public list, the author's write / edit / delete, the owner's
 * reply, "Report this review", and the admin's Reviews tab. Access levels are in routes.ts; who
 * may touch which review is checked by the service.
 */

/** A review or a reply is at most 2,000 characters plus a few fields: 16 KB is plenty. */
const REVIEW_JSON_BYTES = 16 * 1024;

const reviewIdOf = (ctx: ApiContext) => parseOrThrow(ReviewIdSchema, ctx.params).id;

/**
 * GET /api/listings/:id/reviews?page&sort → `{ summary, reviews, page, sort, pageCount }`: the
 * listing's published reviews, 10 a page, `newest` (default), `highest` or `lowest` first, each
 * with the owner's published reply. 404 for a listing not in the directory. Public.
 */
export async function listForListing(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const query = parseOrThrow(ReviewListQuerySchema, queryOf(request));
  return reply(ReviewListResponseSchema, await visitors.listingReviews(await ctx.db(), id, query));
}

/** Largest review body with photos (common/schemas/photo-rules.ts). */
export { REVIEW_UPLOAD_MAX_BYTES };

/**
 * The review and its photos from a JSON body, or from multipart/form-data: the review's fields as
 * JSON in `review`, up to 3 files in `photos` (ADR 042).
 * @throws AppError as `readPhotoForm`; VALIDATION_FAILED (bad fields, more than 3 photos).
 */
async function readReview(
  request: Request,
): Promise<{ input: ReturnType<typeof ReviewInputSchema.parse>; files: Uint8Array[] }> {
  if (!isMultipart(request))
    return {
      input: parseOrThrow(ReviewInputSchema, await readJson(request, REVIEW_JSON_BYTES)),
      files: [],
    };
  const form = await readPhotoForm(request, REVIEW_UPLOAD_MAX_BYTES, PHOTO_MESSAGES.reviewTooLarge);
  let fields: unknown = null;
  try {
    fields = JSON.parse(String(form.get('review') ?? 'null'));
  } catch {
    // refused below, as any other bad body
  }
  const input = parseOrThrow(ReviewInputSchema, fields ?? {});
  const files = form
    .getAll('photos')
    .filter((file): file is File => file instanceof Blob && file.size > 0);
  if (files.length > REVIEW_PHOTOS_MAX)
    throw new AppError('VALIDATION_FAILED', PHOTO_MESSAGES.tooManyForReview, {
      photos: [PHOTO_MESSAGES.tooManyForReview],
    });
  return {
    input,
    files: await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer()))),
  };
}

/**
 * POST /api/listings/:id/reviews `{ rating, title, body, service, visit_month, author_name }` →
 * 201 `{ review }` (its `status` says whether it is public or held, and why). With photos
 * (ADR 042) the body is multipart/form-data: `review` (those fields as JSON) and up to 3 `photos`
 * (JPEG, PNG, WebP, HEIC or AVIF, 4 MB together, ADR 048); the review is then held until the admin publishes it and
 * its photos. Signed-in users with a confirmed e-mail; 403 otherwise, for the listing's owner and
 * blocked accounts; 409 for a second review of one listing or the same photo twice; 404 for a
 * listing not in the directory; 400 an upload cut off; 413 photos over 4 MB together; 422 (fields, more
 * than 3 photos, a file that is not a photo we can use); 429; 503 when the file store is down.
 * Nothing is saved from a refused request.
 */
export async function write(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const { input, files } = await readReview(request);
  const { review, tags } = await author.writeReview(
    await ctx.db(),
    id,
    input,
    { user: await signedInUser(ctx), clientAddress: ctx.clientAddress },
    files.length > 0 ? { blobs: ctx.blobs(), files } : null,
  );
  await ctx.invalidate(tags);
  return reply(OwnReviewResponseSchema, { review }, 201);
}

/**
 * GET /api/account/reviews/:id (`:id` the listing) → `{ review }`: the signed-in user's review of
 * the listing with its status (held: why; hidden: our team's reason), or null. Never cached.
 */
export async function own(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const review = await author.findOwnReview(await ctx.db(), id, await signedInUser(ctx));
  return reply(OwnReviewResponseSchema, { review }, 200, { 'cache-control': 'private, no-store' });
}

/** PUT /api/reviews/:id (the author) → `{ review }`; 404 for someone else's review; 403; 422. */
export async function edit(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(ReviewInputSchema, await readJson(request, REVIEW_JSON_BYTES));
  const { review, tags } = await author.editReview(
    await ctx.db(),
    reviewIdOf(ctx),
    input,
    await signedInUser(ctx),
  );
  await ctx.invalidate(tags);
  return reply(OwnReviewResponseSchema, { review });
}

/** DELETE /api/reviews/:id (the author) → `{ ok: true }`; 404 for someone else's review. */
export async function remove(_request: Request, ctx: ApiContext): Promise<Response> {
  const tags = await author.deleteReview(
    await ctx.db(),
    reviewIdOf(ctx),
    await signedInUser(ctx),
    ctx.blobs(),
  );
  await ctx.invalidate(tags);
  return reply(OkResponseSchema, { ok: true });
}

/**
 * PUT /api/reviews/:id/reply `{ body }` (the listing's owner) → `{ reply }` (published, or held
 * with its rules). 403 for anyone but the owner of the claimed listing; 404 for a review that is
 * not public; 422; 429.
 */
export async function putReply(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(ReplyInputSchema, await readJson(request, REVIEW_JSON_BYTES));
  const result = await replies.replyToReview(
    await ctx.db(),
    await ctx.mailer(),
    reviewIdOf(ctx),
    input,
    await signedInUser(ctx),
  );
  await ctx.invalidate(result.tags);
  return reply(OwnReplyResponseSchema, { reply: result.reply });
}

/**
 * GET /api/account/listings/:id/reviews?page (the listing's owner) → the published reviews of
 * the owned listing with the owner's replies and their state. 404 for another's listing.
 */
export async function ownerList(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(BusinessIdSchema, ctx.params);
  const { page } = parseOrThrow(OwnerReviewListQuerySchema, queryOf(request));
  const result = await replies.ownerReviews(await ctx.db(), id, await signedInUser(ctx), page);
  return reply(OwnerReviewListResponseSchema, result, 200, {
    'cache-control': 'private, no-store',
  });
}

/**
 * POST /api/reviews/:id/reports `{ reason, details?, hp? }` → 201 `{ received: true }`, the same
 * for a repeat. Anyone may report a published review; 404 otherwise; 422; 429 past 10 an hour
 * per address.
 */
export async function report(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(ReviewReportSchema, await readJson(request, 8 * 1024));
  await visitors.reportReview(await ctx.db(), reviewIdOf(ctx), input, {
    user: await ctx.sessionUser(),
    clientAddress: ctx.clientAddress,
  });
  return reply(ReportSubmitResponseSchema, { received: true }, 201);
}

/**
 * GET /api/admin/reviews?page&limit&q → `{ reviews, total, page, limit }`: the reviews that wait
 * (held, reported, or with a held reply), most recently waiting first. Admin.
 */
export async function listWaiting(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(AdminReviewListQuerySchema, queryOf(request));
  const result = await moderation.listWaiting(await ctx.db(), query);
  return reply(AdminReviewListResponseSchema, { ...result, page: query.page, limit: query.limit });
}

/** GET /api/admin/reviews/log?page&limit&q → `{ entries, total, page, limit }`. Admin. */
export async function moderationLog(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(ModerationLogQuerySchema, queryOf(request));
  const result = await moderation.moderationLog(await ctx.db(), query);
  return reply(ModerationLogResponseSchema, { ...result, page: query.page, limit: query.limit });
}

async function adminId(ctx: ApiContext): Promise<string | null> {
  return (await ctx.sessionUser())?.id ?? null;
}

function answer(outcome: moderation.ModerationOutcome): Response {
  return reply(AdminReviewActionResponseSchema, {
    status: outcome.status,
    reply_status: outcome.reply_status,
    waiting: outcome.waiting,
  });
}

/**
 * POST /api/admin/reviews/:id/publish → `{ status, reply_status, waiting }`: a held or hidden
 * review becomes public, a reported one stays and its reports are dismissed. 409 when it is
 * public with nothing reported. Admin.
 */
export const publish: ApiHandler = async (_request, ctx) => {
  const outcome = await moderation.publishReview(
    await ctx.db(),
    reviewIdOf(ctx),
    await adminId(ctx),
  );
  await ctx.invalidate(outcome.tags);
  return answer(outcome);
};

/** POST /api/admin/reviews/:id/hide `{ reason }` (the author sees it) → the outcome. Admin. */
export const hide: ApiHandler = async (request, ctx) => {
  const { reason } = parseOrThrow(HideSchema, await readJson(request));
  const outcome = await moderation.hideReview(
    await ctx.db(),
    await ctx.mailer(),
    reviewIdOf(ctx),
    reason,
    await adminId(ctx),
  );
  await ctx.invalidate(outcome.tags);
  return answer(outcome);
};

/**
 * POST /api/admin/reviews/:id/block `{ reason }` → the outcome: hides the review (if it is not)
 * and blocks its author from reviewing. Admin.
 */
export const block: ApiHandler = async (request, ctx) => {
  const { reason } = parseOrThrow(BlockSchema, await readJson(request));
  const outcome = await moderation.hideReview(
    await ctx.db(),
    await ctx.mailer(),
    reviewIdOf(ctx),
    reason,
    await adminId(ctx),
    { block: true },
  );
  await ctx.invalidate(outcome.tags);
  return answer(outcome);
};

/** POST /api/admin/reviews/:id/reply/publish → the outcome; the reviewer is e-mailed. Admin. */
export const publishReply: ApiHandler = async (_request, ctx) => {
  const outcome = await moderation.publishReply(
    await ctx.db(),
    await ctx.mailer(),
    reviewIdOf(ctx),
    await adminId(ctx),
  );
  await ctx.invalidate(outcome.tags);
  return answer(outcome);
};

/** POST /api/admin/reviews/:id/reply/hide `{ reason }` (the owner sees it) → the outcome. Admin. */
export const hideReply: ApiHandler = async (request, ctx) => {
  const { reason } = parseOrThrow(HideSchema, await readJson(request));
  const outcome = await moderation.hideReply(
    await ctx.db(),
    reviewIdOf(ctx),
    reason,
    await adminId(ctx),
  );
  await ctx.invalidate(outcome.tags);
  return answer(outcome);
};
