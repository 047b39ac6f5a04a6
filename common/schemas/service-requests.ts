import { z } from 'zod';
import { AdminSearchSchema, isoDateTime, PageInfoSchema, PageQuerySchema } from './api';
import { JobSummarySchema, QuoteStatusSchema, RequestPhotoSchema } from './quotes';

/**
 * Find It requests as the admin handles them (SPEC §2 Requests tab, §3 service_requests, §4:
 * pending → handled, no way back), and their forwarding to matching businesses (issue 12.7,
 * ADR 014). The public Find It form is `FindItSchema` in `find-it.ts`.
 */
export const ServiceRequestSchema = z.object({
  id: z.uuid(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  customer_location: z.string(),
  services_requested: z.array(z.string()),
  additional_info: z.string().nullable(),
  status: z.enum(['pending', 'handled']),
  created_at: isoDateTime,
  handled_at: isoDateTime.nullable(),
  email_status: z.enum(['sent', 'failed']).nullable(),
  /** Businesses this request was forwarded to (e-mail sent). */
  forwarded_count: z.number().int().min(0),
  // Issue 36 (ADR 079): the job, whether it is held for the admin, and its quotes.
  area: z.string().nullable(),
  car_make: z.string().nullable(),
  car_model: z.string().nullable(),
  car_year: z.number().int().nullable(),
  job: z.string().nullable(),
  urgency: z.string().nullable(),
  /** Text rules that held it (`link`, `phone`, `email`); empty once released or never held. */
  held_reasons: z.array(z.string()),
  matched_at: isoDateTime.nullable(),
  /** Quotes received (declines not counted). */
  quote_count: z.number().int().min(0),
  /** The business whose quote the motorist accepted, or null. */
  accepted_business: z.string().nullable(),
});
export type ServiceRequest = z.infer<typeof ServiceRequestSchema>;

/** The tiles of the Requests and Contacts panels (SPEC §2): all rows, whatever the search. */
export const InboxStatsSchema = z.object({
  total: z.number().int().min(0),
  pending: z.number().int().min(0),
  handled: z.number().int().min(0),
});
export type InboxStats = z.infer<typeof InboxStatsSchema>;

/**
 * `GET /api/admin/service-requests?status&q&page&limit`: one page, pending newest first or
 * handled most recently handled first (Recently Handled), with the SPEC §5 search over name,
 * e-mail, location, services, status and additional info.
 */
export const InboxListQuerySchema = PageQuerySchema.extend({
  status: z.enum(['pending', 'handled'], 'Unknown status').optional(),
  q: AdminSearchSchema,
});
export type InboxListQuery = z.output<typeof InboxListQuerySchema>;

/** `GET /api/admin/service-requests` → the page, the matches in all, and the panel's tiles. */
export const ServiceRequestListResponseSchema = PageInfoSchema.extend({
  serviceRequests: z.array(ServiceRequestSchema),
  stats: InboxStatsSchema,
});
export type ServiceRequestListResponse = z.infer<typeof ServiceRequestListResponseSchema>;

/** `POST /api/admin/service-requests/:id/handle` → the handled request. */
export const ServiceRequestResponseSchema = z.object({ serviceRequest: ServiceRequestSchema });

/** At most this many businesses are ever contacted about one request (issue 12.7). */
export const MAX_FORWARDED_BUSINESSES = 50;

/** An approved business with an e-mail that offers a requested service. */
export const MatchingBusinessSchema = z.object({
  id: z.uuid(),
  business_name: z.string(),
  business_type: z.string(),
  email: z.string(),
  city: z.string().nullable(),
  /** How many of the requested services it offers. */
  matched_services: z.number().int().min(0),
  /** Already e-mailed about this request (or being e-mailed). */
  forwarded: z.boolean(),
  /** When the listing's owner marked the request "Contacted" (issue 27.4); null if not. */
  contacted_at: isoDateTime.nullable(),
});
export type MatchingBusiness = z.infer<typeof MatchingBusinessSchema>;

/**
 * `GET /api/admin/service-requests/:id/matches` → the first 50 matching businesses by relevance
 * (services matched, featured, rating) and how many match in all; what the admin reviews before
 * "Forward to matching businesses".
 */
export const MatchesResponseSchema = z.object({
  businesses: z.array(MatchingBusinessSchema),
  total: z.number().int().min(0),
  /** How many more businesses this request may still be forwarded to (cap minus forwarded). */
  remaining: z.number().int().min(0),
});
export type MatchesResponse = z.infer<typeof MatchesResponseSchema>;

/** `POST /api/admin/service-requests/:id/forward`: the businesses (from the matches) to e-mail. */
export const ForwardSchema = z.object({
  ids: z
    .array(z.uuid('Invalid business id'))
    .min(1, 'Select at least one business')
    .max(MAX_FORWARDED_BUSINESSES, `Select at most ${MAX_FORWARDED_BUSINESSES} businesses`),
});

/** → per outcome: e-mailed, failed, and skipped (not a match, already forwarded, over the cap). */
export const ForwardResponseSchema = z.object({
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  skipped: z.number().int().min(0),
  serviceRequest: ServiceRequestSchema,
});
export type ForwardResponse = z.infer<typeof ForwardResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Lead alerts (issue 27.4): the Find It requests forwarded to an owner's listings
// ---------------------------------------------------------------------------------------------

/** GET /api/account/leads?page&limit (limit ≤ 50, default 20). */
export const LeadListQuerySchema = PageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/**
 * A request as the business reads it: the job; the motorist's name, phone and e-mail only once
 * they accepted this business's quote or shared them (issue 36.2), null before.
 */
export const LeadSchema = z.object({
  id: z.uuid(),
  listing_id: z.uuid(),
  business_name: z.string(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  contact_methods: z.array(z.string()),
  job: JobSummarySchema,
  /** The motorist's photos of the car or the problem (ADR 083). */
  photos: z.array(RequestPhotoSchema),
  forwarded_at: isoDateTime,
  contacted_at: isoDateTime.nullable(),
  /** The business's answer: its status and total (null for a decline), or null before one. */
  quote: z
    .object({ status: QuoteStatusSchema, total_naira: z.number().int().nullable() })
    .nullable(),
});
export type Lead = z.infer<typeof LeadSchema>;

/** → the owner's leads, newest first. */
export const LeadListResponseSchema = z.object({
  leads: z.array(LeadSchema),
  total: z.number().int().min(0),
  page: z.number().int(),
  limit: z.number().int(),
});
export type LeadListResponse = z.infer<typeof LeadListResponseSchema>;

/** POST /api/account/leads/:id/contacted → the lead, marked. */
export const LeadResponseSchema = z.object({ contacted: z.literal(true) });
