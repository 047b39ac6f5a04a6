import { z } from 'zod';
import { AdminSearchSchema, isoDateTime, PageInfoSchema, PageQuerySchema } from './api';
import { SERVICE_CATEGORIES } from './categories';
import { REVIEW_PHOTOS_MAX } from './photo-rules';
import { ReviewPhotoSchema } from './photos';
import {
  HOLD_REASONS,
  REPLY_BODY_MAX,
  REPLY_BODY_MIN,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_NAME_MAX,
  REVIEW_NAME_MIN,
  REVIEW_REPORT_REASON_KEYS,
  REVIEW_SORTS,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
  REVIEWS_PAGE_SIZE,
  VISIT_MONTHS_BACK,
} from './review-rules';

export * from './review-rules';

/**
 * Reviews, owner replies, reports of reviews and the admin Reviews tab (issue 24, ADR 034): the
 * request bodies and answers of `/api/listings/:id/reviews`, `/api/reviews/*`,
 * `/api/account/…/reviews` and `/api/admin/reviews*`. One schema for the islands and the function
 * layer; the limits and labels are in the zod-free `review-rules.ts`.
 */

const honeypot = z.string().max(200).optional();

/** The month it is in Lagos at `now`, as `YYYY-MM`. */
export function lagosMonth(now: Date = new Date()): string {
  // Lagos is UTC+1 all year (no daylight saving).
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 7);
}

/** `YYYY-MM` → months since year 0, to compare and count back. */
const monthIndex = (month: string) =>
  Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/**
 * The month of the visit, `YYYY-MM` (what `<input type="month">` sends): not in the future (Lagos
 * time) and at most {@link VISIT_MONTHS_BACK} months back.
 */
export const VisitMonthSchema = z
  .string('Please give the month of your visit')
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Please give the month of your visit, for example 2026-11')
  .refine((month) => monthIndex(month) <= monthIndex(lagosMonth()), {
    message: 'The month of your visit cannot be in the future',
  })
  .refine((month) => monthIndex(lagosMonth()) - monthIndex(month) <= VISIT_MONTHS_BACK, {
    message: 'Please review a visit from the last five years',
  });

/**
 * `POST /api/listings/:id/reviews` (write) and `PUT /api/reviews/:id` (edit): 1–5 stars, a title,
 * the text (20–2,000 characters), the service used (one of the 14 categories, SPEC §9), the month
 * of the visit and the name shown with the review.
 */
export const ReviewInputSchema = z.object({
  rating: z.coerce
    .number('Please choose a star rating from 1 to 5')
    .int('Please choose a star rating from 1 to 5')
    .min(1, 'Please choose a star rating from 1 to 5')
    .max(5, 'Please choose a star rating from 1 to 5'),
  title: z
    .string('Title is required')
    .trim()
    .min(REVIEW_TITLE_MIN, `Title must be at least ${REVIEW_TITLE_MIN} characters`)
    .max(REVIEW_TITLE_MAX, `Title can be at most ${REVIEW_TITLE_MAX} characters`),
  body: z
    .string('Review is required')
    .trim()
    .min(REVIEW_BODY_MIN, `Review must be at least ${REVIEW_BODY_MIN} characters`)
    .max(REVIEW_BODY_MAX, 'Review can be at most 2,000 characters'),
  service: z.enum(SERVICE_CATEGORIES, 'Please choose the service you used'),
  visit_month: VisitMonthSchema,
  author_name: z
    .string('Name is required')
    .trim()
    .min(REVIEW_NAME_MIN, `Name must be at least ${REVIEW_NAME_MIN} characters`)
    .max(REVIEW_NAME_MAX, `Name can be at most ${REVIEW_NAME_MAX} characters`),
});
export type ReviewInput = z.output<typeof ReviewInputSchema>;
export type ReviewFormInput = z.input<typeof ReviewInputSchema>;

/** `PUT /api/reviews/:id/reply`: the owner's reply (2–2,000 characters). */
export const ReplyInputSchema = z.object({
  body: z
    .string('Reply is required')
    .trim()
    .min(REPLY_BODY_MIN, `Reply must be at least ${REPLY_BODY_MIN} characters`)
    .max(REPLY_BODY_MAX, 'Reply can be at most 2,000 characters'),
});
export type ReplyInput = z.output<typeof ReplyInputSchema>;

/** `POST /api/reviews/:id/reports`: a reason of the list, optional details (≤ 500 characters). */
export const ReviewReportSchema = z.object({
  reason: z.enum(REVIEW_REPORT_REASON_KEYS, 'Please choose a reason from the list'),
  details: z
    .string('Details must be text')
    .trim()
    .max(500, 'Details can be at most 500 characters')
    .optional()
    .transform((value) => value || undefined),
  hp: honeypot,
});
export type ReviewReport = z.output<typeof ReviewReportSchema>;

export const ReviewIdSchema = z.object({ id: z.uuid('Invalid review id') });

const REVIEW_SORT_KEYS = REVIEW_SORTS.map((s) => s.key) as [
  (typeof REVIEW_SORTS)[number]['key'],
  ...(typeof REVIEW_SORTS)[number]['key'][],
];

/** `GET /api/listings/:id/reviews?page&sort`: one page of a listing's published reviews. */
export const ReviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  sort: z.enum(REVIEW_SORT_KEYS, 'Unknown sort').default('newest'),
});
export type ReviewListQuery = z.output<typeof ReviewListQuerySchema>;

const ReplyPublicSchema = z.object({
  body: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});

/** A published review as every visitor sees it (never the author's account or address). */
export const PublicReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  service: z.string(),
  /** `YYYY-MM`. */
  visit_month: z.string(),
  author_name: z.string(),
  /** The reviewer's account has a confirmed phone number (issue 37.4): "Phone confirmed". */
  phone_confirmed: z.boolean(),
  /** Issue 36.7: the reviewer booked this business through Find It: "Job booked through Lagos Auto Hub". */
  booked: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  /** "Reply from the owner", when published. */
  reply: ReplyPublicSchema.nullable(),
  /** The reviewer's photos (at most 3, ADR 042): published ones on the page, all for the author. */
  photos: z.array(ReviewPhotoSchema).max(REVIEW_PHOTOS_MAX),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

/** The Reviews section's summary: count, average (one decimal) and how many of 1…5 stars. */
export const ReviewSummarySchema = z.object({
  count: z.number().int().min(0),
  average: z.number().min(1).max(5).nullable(),
  /** `stars[0]` is the number of 1-star reviews, `stars[4]` of 5-star reviews. */
  stars: z.array(z.number().int().min(0)).length(5),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

/** `GET /api/listings/:id/reviews` → the summary and one page of reviews. */
export const ReviewListResponseSchema = z.object({
  summary: ReviewSummarySchema,
  reviews: z.array(PublicReviewSchema).max(REVIEWS_PAGE_SIZE),
  page: z.number().int().min(1),
  sort: z.enum(REVIEW_SORT_KEYS),
  pageCount: z.number().int().min(1),
});
export type ReviewListResponse = z.infer<typeof ReviewListResponseSchema>;

export const REVIEW_STATUSES = ['published', 'held', 'hidden'] as const;
const HOLD_REASON_KEYS = Object.keys(HOLD_REASONS) as [
  keyof typeof HOLD_REASONS,
  ...(keyof typeof HOLD_REASONS)[],
];

/** A review as its author sees it: with its status, why it waits, or why our team hid it. */
export const OwnReviewSchema = PublicReviewSchema.extend({
  listing_id: z.uuid(),
  status: z.enum(REVIEW_STATUSES),
  hold_reasons: z.array(z.enum(HOLD_REASON_KEYS)),
  hidden_reason: z.string().nullable(),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;

/** The author's answer to a write or an edit, and `GET /api/account/reviews/:listing`. */
export const OwnReviewResponseSchema = z.object({ review: OwnReviewSchema.nullable() });
export type OwnReviewResponse = z.infer<typeof OwnReviewResponseSchema>;

/** An owner's reply as the owner sees it: with its status. */
export const OwnReplySchema = ReplyPublicSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  hold_reasons: z.array(z.enum(HOLD_REASON_KEYS)),
  hidden_reason: z.string().nullable(),
});
export type OwnReply = z.infer<typeof OwnReplySchema>;

/** `PUT /api/reviews/:id/reply` → the reply as saved (published, or held with its rules). */
export const OwnReplyResponseSchema = z.object({ reply: OwnReplySchema });

/** One review of an owned listing as its owner sees it: the public review and their reply. */
export const OwnerReviewSchema = PublicReviewSchema.omit({ reply: true }).extend({
  reply: OwnReplySchema.nullable(),
});
export type OwnerReview = z.infer<typeof OwnerReviewSchema>;

/** `GET /api/account/listings/:id/reviews?page` → the owner's view of a listing's reviews. */
export const OwnerReviewListResponseSchema = z.object({
  business: z.object({ id: z.uuid(), business_name: z.string(), slug: z.string().nullable() }),
  summary: ReviewSummarySchema,
  reviews: z.array(OwnerReviewSchema).max(REVIEWS_PAGE_SIZE),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(1),
});
export type OwnerReviewListResponse = z.infer<typeof OwnerReviewListResponseSchema>;

export const OwnerReviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

// ---------------------------------------------------------------------------------------------
// Admin: the Reviews tab (issue 24.4)
// ---------------------------------------------------------------------------------------------

/** The Reviews tab's views: what waits, and the log of every moderation step. */
export const ADMIN_REVIEW_VIEWS = ['waiting', 'log'] as const;

/** `GET /api/admin/reviews?page&limit&q`: the reviews that wait, `q` on business, title, text or name. */
export const AdminReviewListQuerySchema = PageQuerySchema.extend({ q: AdminSearchSchema });
export type AdminReviewListQuery = z.output<typeof AdminReviewListQuerySchema>;

const ModerationActionSchema = z.enum([
  'held',
  'reply_held',
  'published',
  'hidden',
  'blocked',
  'reply_published',
  'reply_hidden',
]);

/** One step of a review's moderation: a rule that held it, or an admin's action. */
export const ModerationEntrySchema = z.object({
  id: z.uuid(),
  action: ModerationActionSchema,
  reasons: z.array(z.string()),
  note: z.string().nullable(),
  /** The admin's name (or e-mail); null for a rule, or an account since deleted. */
  admin: z.string().nullable(),
  created_at: isoDateTime,
});
export type ModerationEntry = z.infer<typeof ModerationEntrySchema>;

/** Open reports of a review, per reason, with the newest details. */
export const AdminReviewReportSchema = z.object({
  id: z.uuid(),
  reason: z.enum(REVIEW_REPORT_REASON_KEYS),
  details: z.string().nullable(),
  created_at: isoDateTime,
  signed_in: z.boolean(),
});

/** A review that waits for the admin: why (rules, reports, its reply), and what happened before. */
export const AdminReviewSchema = z.object({
  id: z.uuid(),
  business: z.object({
    id: z.uuid(),
    business_name: z.string(),
    slug: z.string().nullable(),
    status: z.enum(['pending', 'approved', 'suspended', 'rejected']),
  }),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  service: z.string(),
  visit_month: z.string(),
  author_name: z.string(),
  /** The author's account e-mail, so the admin can tell who wrote it (admins only). */
  author_email: z.string().nullable(),
  author_blocked: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
  hold_reasons: z.array(z.string()),
  hidden_reason: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  waiting_since: isoDateTime,
  reports: z.array(AdminReviewReportSchema),
  reply: OwnReplySchema.nullable(),
  log: z.array(ModerationEntrySchema),
  /** The reviewer's photos, held until the review is published (ADR 042); removable one by one. */
  photos: z.array(ReviewPhotoSchema).max(REVIEW_PHOTOS_MAX),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

/** `GET /api/admin/reviews` → one page of waiting reviews, most recently waiting first. */
export const AdminReviewListResponseSchema = PageInfoSchema.extend({
  reviews: z.array(AdminReviewSchema),
});
export type AdminReviewListResponse = z.infer<typeof AdminReviewListResponseSchema>;

/** `GET /api/admin/reviews/log?page&limit&q` → every moderation step, newest first. */
export const ModerationLogQuerySchema = PageQuerySchema.extend({ q: AdminSearchSchema });
export const ModerationLogEntrySchema = ModerationEntrySchema.extend({
  review: z.object({ id: z.uuid(), title: z.string(), author_name: z.string() }).nullable(),
  business: z.object({ id: z.uuid(), business_name: z.string() }).nullable(),
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntrySchema>;
export const ModerationLogResponseSchema = PageInfoSchema.extend({
  entries: z.array(ModerationLogEntrySchema),
});
export type ModerationLogResponse = z.infer<typeof ModerationLogResponseSchema>;

/** `POST /api/admin/reviews/:id/hide` (and `/reply/hide`): the reason the author sees. */
export const HideSchema = z.object({
  reason: z
    .string('Please give a reason the author will see')
    .trim()
    .min(3, 'Please give a reason the author will see')
    .max(500, 'Reason can be at most 500 characters'),
});

/** `POST /api/admin/reviews/:id/block`: hides the review (the reason) and blocks its author. */
export const BlockSchema = HideSchema;

/** Answer of an admin action: the review as it now stands (null once it waits no more). */
export const AdminReviewActionResponseSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  reply_status: z.enum(REVIEW_STATUSES).nullable(),
  waiting: z.boolean(),
});
export type AdminReviewActionResponse = z.infer<typeof AdminReviewActionResponseSchema>;
