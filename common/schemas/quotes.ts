import { z } from 'zod';
import { URGENCIES, URGENCY_KEYS } from './quote-options';
import { isoDateTime } from './api';
import { optionalText } from './forms';
import { nairaText } from './listing';
import { CATEGORY_PAGES, type CategoryPageKey } from './categories';

/**
 * Find It quotes (issue 36, ADR 079): what a request carries besides the spec's fields, what a
 * business answers (an itemised quote or a decline), and what the motorist's private page shows.
 * Shared by the forms, the pages and the function layer. Money is integer naira.
 */

export { QuoteRequestFields } from './quote-request';

// ---------------------------------------------------------------------------------------------
// Quotes
// ---------------------------------------------------------------------------------------------

/** The largest amount a quote may carry, in naira (issue 36.10). */
export const MAX_QUOTE_NAIRA = 50_000_000;
/** Parts lines a quote may carry. */
export const MAX_QUOTE_PARTS = 10;

export const PART_GRADES = [
  { key: 'new_genuine', label: 'New genuine' },
  { key: 'new_aftermarket', label: 'New aftermarket' },
  { key: 'used', label: 'Tokunbo / used' },
  { key: 'refurbished', label: 'Refurbished' },
] as const;
export type PartGrade = (typeof PART_GRADES)[number]['key'];
const PART_GRADE_KEYS = PART_GRADES.map((g) => g.key) as [PartGrade, ...PartGrade[]];

export function partGradeLabel(key: string): string {
  return PART_GRADES.find((g) => g.key === key)?.label ?? key;
}

const WHOLE_NAIRA = 'Enter a whole amount in naira, e.g. 18000';

/**
 * An amount in integer naira: a number, or a form's text ("18,000", "₦18000", "18 000"; "-500" and
 * "1500.5" are read to be refused as what they are). Refused: negative, fractional, over
 * ₦50,000,000, anything else.
 */
export const naira = z.preprocess(
  (value) =>
    typeof value === 'string' && /^\s*-?\s*₦?\s*\d[\d, ]*(\.\d+)?\s*$/.test(value)
      ? Number(value.replace(/[₦,\s]/g, ''))
      : value,
  z
    .number(WHOLE_NAIRA)
    .int(WHOLE_NAIRA)
    .min(0, 'Amounts cannot be negative')
    .max(MAX_QUOTE_NAIRA, 'Amounts over ₦50,000,000 are not accepted'),
);

export const QuotePartSchema = z.object({
  name: z.string().trim().min(2, 'Name the part').max(80, 'Must be at most 80 characters'),
  grade: z.enum(PART_GRADE_KEYS, 'Choose the grade of the part'),
  priceNaira: naira,
});
export type QuotePart = z.output<typeof QuotePartSchema>;

/** An itemised quote (issue 36.3). PUT /api/account/leads/:id/quote. */
export const QuoteSchema = z
  .object({
    kind: z.literal('quote'),
    labourNaira: naira,
    parts: z
      .array(QuotePartSchema)
      .max(MAX_QUOTE_PARTS, `At most ${MAX_QUOTE_PARTS} parts`)
      .default([]),
    warranty: optionalText(120),
    available: optionalText(120),
    note: optionalText(500),
  })
  .refine(
    (q) => q.labourNaira + q.parts.reduce((sum, p) => sum + p.priceNaira, 0) <= MAX_QUOTE_NAIRA,
    { message: 'The total is over ₦50,000,000', path: ['labourNaira'] },
  )
  .refine((q) => q.labourNaira > 0 || q.parts.length > 0, {
    message: 'Enter the labour, a part, or both',
    path: ['labourNaira'],
  });

export const DECLINE_REASONS = [
  { key: 'busy', label: 'Fully booked for now' },
  { key: 'not_offered', label: 'We do not do this job' },
  { key: 'too_far', label: 'Too far from us' },
  { key: 'parts', label: 'Parts not available' },
  { key: 'other', label: 'Another reason' },
] as const;
const DECLINE_REASON_KEYS = DECLINE_REASONS.map((r) => r.key) as [string, ...string[]];

export function declineReasonLabel(key: string): string {
  return DECLINE_REASONS.find((r) => r.key === key)?.label ?? key;
}

/** A decline with its reason (issue 36.3). */
export const DeclineSchema = z.object({
  kind: z.literal('decline'),
  reason: z.enum(DECLINE_REASON_KEYS, 'Choose a reason'),
  note: optionalText(300),
});

export const QuoteAnswerSchema = z.discriminatedUnion('kind', [QuoteSchema, DeclineSchema], {
  error: 'Choose to quote or to decline',
});
export type QuoteAnswer = z.output<typeof QuoteAnswerSchema>;

/** Labour plus every part, in naira. */
export function quoteTotal(q: { labourNaira: number; parts: readonly { priceNaira: number }[] }) {
  return q.labourNaira + q.parts.reduce((sum, p) => sum + p.priceNaira, 0);
}

// ---------------------------------------------------------------------------------------------
// What the owner and the motorist read
// ---------------------------------------------------------------------------------------------

export const QuoteStatusSchema = z.enum(['quoted', 'declined', 'accepted', 'not_chosen']);

/** A quote as its business and the motorist see it. */
export const QuoteViewSchema = z.object({
  id: z.uuid(),
  status: QuoteStatusSchema,
  labour_naira: z.number().int().nullable(),
  parts: z.array(z.object({ name: z.string(), grade: z.string(), price_naira: z.number().int() })),
  total_naira: z.number().int().nullable(),
  warranty: z.string().nullable(),
  available: z.string().nullable(),
  note: z.string().nullable(),
  decline_reason: z.string().nullable(),
  updated_at: isoDateTime,
  accepted_at: isoDateTime.nullable(),
  /** Issue 36.7: the motorist's answers after the job (null before). */
  job_done: z.boolean().nullable(),
  genuine_answer: z.enum(['yes', 'no', 'unsure']).nullable(),
});
export type QuoteView = z.infer<typeof QuoteViewSchema>;

/** The job as a business reads it before any contact is shared. */
export const JobSummarySchema = z.object({
  services_requested: z.array(z.string()),
  customer_location: z.string(),
  area: z.string().nullable(),
  car_make: z.string().nullable(),
  car_model: z.string().nullable(),
  car_year: z.number().int().nullable(),
  job: z.string().nullable(),
  additional_info: z.string().nullable(),
  urgency: z.enum(URGENCY_KEYS).nullable(),
  created_at: isoDateTime,
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

export function urgencyLabel(key: string | null): string | null {
  return URGENCIES.find((u) => u.key === key)?.label ?? null;
}

/** "Toyota Corolla 2012", or null when no car was given. */
export function carText(r: Pick<JobSummary, 'car_make' | 'car_model' | 'car_year'>): string | null {
  const text = [r.car_make, r.car_model, r.car_year].filter(Boolean).join(' ');
  return text || null;
}

/** A quote on the motorist's page, with what tells them whom to trust. */
export const ComparedQuoteSchema = QuoteViewSchema.extend({
  listing: z.object({
    id: z.uuid(),
    business_name: z.string(),
    slug: z.string().nullable(),
    area: z.string().nullable(),
    star_rating: z.number().nullable(),
    review_count: z.number().int(),
    verified: z.boolean(),
    phone_confirmed: z.boolean(),
    /** Its response time (issue 36.5): both null before three requests in 90 days. */
    answers_within_hours: z.number().int().nullable(),
    answer_rate: z.number().int().nullable(),
    /** The business's contacts: only once the motorist accepted its quote. */
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** The motorist shared their contact details with this business before choosing. */
  contacts_shared: z.boolean(),
});
export type ComparedQuote = z.infer<typeof ComparedQuoteSchema>;

/**
 * A photo of the car or the problem (issue 36.1, ADR 083), private: `src` is its small JPEG
 * (320 px wide at most; `width`, `height` are its size), `full` its largest; both are
 * {@link requestPhotoPath} addresses, served only to the admins, the businesses the request
 * reached and the motorist.
 */
export const RequestPhotoSchema = z.object({
  id: z.uuid(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  src: z.string(),
  full: z.string(),
});
export type RequestPhoto = z.infer<typeof RequestPhotoSchema>;
/**
 * Where a request's photo file is served: under the motorist's page, so the browser sends the
 * request's key cookie (path `/find-it/quotes/`) with it, and the session cookie as everywhere.
 */
export const requestPhotoPath = (requestId: string, file: string) =>
  `/find-it/quotes/${requestId}/photos/${file}`;

/** GET /api/quote-requests/:id → the request, how many businesses it reached, and the quotes. */
export const QuoteRequestViewSchema = z.object({
  id: z.uuid(),
  job: JobSummarySchema,
  contact_methods: z.array(z.string()),
  held: z.boolean(),
  /** Its photos (none while it is held: the admin sees them first, ADR 083). */
  photos: z.array(RequestPhotoSchema),
  /** What this job usually costs (issue 36.6), for the car's class where there are enough. */
  fair_price: z.lazy(() => FairPriceSchema).nullable(),
  businesses_reached: z.number().int().min(0),
  declined: z.number().int().min(0),
  quotes: z.array(ComparedQuoteSchema),
});
export type QuoteRequestView = z.infer<typeof QuoteRequestViewSchema>;

/** POST /api/quote-requests/:id/accept. */
export const AcceptQuoteSchema = z.object({ quoteId: z.uuid('Choose a quote') });

/** POST /api/quote-requests/open `{ key }` → `{ id }`: the request the private link opens. */
export const OpenQuoteRequestSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'This link is not valid.'),
});

/** The header a page sends the quotes page's key in (never the URL after the first visit). */
export const QUOTE_KEY_HEADER = 'x-quote-key';
/** The cookie holding one request's key: `lah_quote_<request id>`, HttpOnly, 90 days. */
export const quoteKeyCookie = (requestId: string) => `lah_quote_${requestId.replaceAll('-', '')}`;
/** The motorist's private page of one request. */
export const quotesPagePath = (requestId: string) => `/find-it/quotes/${requestId}/`;

/** → the request a private link opens. */
export const OpenQuoteResponseSchema = z.object({ id: z.uuid() });

/** GET /api/account/leads/:id/quote → one lead of the caller's listings and their answer. */
export const LeadQuoteResponseSchema = z.object({
  lead_id: z.uuid(),
  business_name: z.string(),
  job: JobSummarySchema,
  photos: z.array(RequestPhotoSchema),
  quote: QuoteViewSchema.nullable(),
});
export type LeadQuoteResponse = z.infer<typeof LeadQuoteResponseSchema>;

/** POST /api/account/leads/:id/quote → the saved answer. */
export const QuoteResponseSchema = z.object({ quote: QuoteViewSchema });

// ---------------------------------------------------------------------------------------------
// The admin's Requests tab (issue 36.8)
// ---------------------------------------------------------------------------------------------

/** GET /api/admin/service-requests/:id/quotes → each business reached and its answer. */
export const RequestQuotesResponseSchema = z.object({
  /** The request's photos (ADR 083): the admin sees them, held or not. */
  photos: z.array(RequestPhotoSchema),
  businesses: z.array(
    z.object({
      lead_id: z.uuid(),
      listing_id: z.uuid(),
      business_name: z.string(),
      matched_by: z.enum(['auto', 'admin']),
      withdrawn: z.boolean(),
      email_failed: z.boolean(),
      quotes_blocked: z.boolean(),
      quote: QuoteViewSchema.extend({ hidden: z.boolean() }).nullable(),
    }),
  ),
});
export type RequestQuotesResponse = z.infer<typeof RequestQuotesResponseSchema>;

/** POST /api/admin/service-requests/:id/withdraw `{ listingId }`. */
export const WithdrawSchema = z.object({ listingId: z.uuid('Invalid business id') });
/** POST /api/admin/quotes/:id/hidden and /api/admin/listings/:id/quotes-blocked. */
export const ToggleSchema = z.object({ value: z.boolean('Choose true or false') });
/** POST /api/admin/service-requests/:id/release → how many businesses it reached. */
export const ReleaseResponseSchema = z.object({ matched: z.number().int().min(0) });

// ---------------------------------------------------------------------------------------------
// Fair prices (issue 36.6)
// ---------------------------------------------------------------------------------------------

export const FairPriceSchema = z.object({
  job_type: z.string(),
  label: z.string(),
  car_class: z.enum(['all', 'standard', 'luxury']),
  quotes: z.number().int().min(5),
  low_naira: z.number().int(),
  high_naira: z.number().int(),
  /** "Brake pads replaced: ₦18,000–₦35,000, from 12 quotes in the last 90 days". */
  text: z.string(),
});
export type FairPrice = z.infer<typeof FairPriceSchema>;

/** The sentence a range reads as (issue 36.6's wording). */
export function fairPriceText(p: Omit<FairPrice, 'text'>): string {
  const cars = p.car_class === 'luxury' ? ' for luxury cars' : '';
  return `${p.label}${cars}: ${nairaText(p.low_naira)}–${nairaText(p.high_naira)}, from ${p.quotes} quotes in the last 90 days`;
}

/** GET /api/fair-prices?category=<key>. */
export const FairPricesQuerySchema = z.object({
  category: z.enum(
    Object.keys(CATEGORY_PAGES) as [CategoryPageKey, ...CategoryPageKey[]],
    'Unknown category',
  ),
});

/** GET /api/fair-prices?category=<key> → the category's job types that have a range. */
export const FairPricesResponseSchema = z.object({ prices: z.array(FairPriceSchema) });

/** GET /api/account/quote-requests → the account's own requests, newest first (at most 20). */
export const OwnRequestSchema = z.object({
  id: z.uuid(),
  services_requested: z.array(z.string()),
  /** The area, else the location typed. */
  place: z.string(),
  created_at: isoDateTime,
  quotes: z.number().int().min(0),
  accepted_business: z.string().nullable(),
});
export type OwnRequest = z.infer<typeof OwnRequestSchema>;
export const OwnRequestsResponseSchema = z.object({ requests: z.array(OwnRequestSchema) });
export type OwnRequestsResponse = z.infer<typeof OwnRequestsResponseSchema>;

/** POST /api/quote-requests/:id/follow-up (issue 36.7): after the job. */
export const FollowUpSchema = z.object({
  jobDone: z.preprocess(
    (v) => (v === 'yes' ? true : v === 'no' ? false : v),
    z.boolean('Say whether the job was done'),
  ),
  genuine: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['yes', 'no', 'unsure'], 'Say whether the parts were genuine').optional(),
  ),
});
export type FollowUpAnswer = z.output<typeof FollowUpSchema>;
