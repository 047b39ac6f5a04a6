import { z } from 'zod';
import { AdminSearchSchema, isoDateTime, PageInfoSchema, PageQuerySchema } from './api';
import { REPORT_DETAILS_MAX, REPORT_REASON_KEYS } from './report-reasons';

/**
 * "Report this listing" and the admin Reports tab (issue 16.3, ADR 019). The reasons and the
 * details limit live in the zod-free `report-reasons.ts` (the public form imports only that).
 */

/** `POST /api/listings/:id/reports`: a reason of the list, optional details (≤ 500 characters). */
export const ReportSubmitSchema = z.object({
  reason: z.enum(REPORT_REASON_KEYS, 'Please choose a reason from the list'),
  details: z
    .string('Details must be text')
    .trim()
    .max(REPORT_DETAILS_MAX, `Details can be at most ${REPORT_DETAILS_MAX} characters`)
    .optional()
    .transform((value) => value || undefined),
  /** Honeypot: a bot fills it, a person never sees it. */
  hp: z.string().max(200).optional(),
});
export type ReportSubmit = z.output<typeof ReportSubmitSchema>;

/** The answer to a report: the same whether it was new or the reporter's open one already. */
export const ReportSubmitResponseSchema = z.object({ received: z.literal(true) });

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed', 'suspended'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** `GET /api/admin/reports?page&limit&q`: listings with open reports, `q` on the business name. */
export const ReportListQuerySchema = PageQuerySchema.extend({ q: AdminSearchSchema });
export type ReportListQuery = z.output<typeof ReportListQuerySchema>;

/** One open report as the admin sees it: never the reporter's address. */
export const AdminReportSchema = z.object({
  id: z.uuid(),
  reason: z.enum(REPORT_REASON_KEYS),
  details: z.string().nullable(),
  created_at: isoDateTime,
  /** Whether a signed-in account sent it (its id is kept, not shown). */
  signed_in: z.boolean(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

/** Most open reports one group carries (the count says how many there are in all). */
export const REPORTS_PER_GROUP = 20;

/** The open reports of one listing: the count, per reason, and the newest 20. */
export const ReportGroupSchema = z.object({
  business: z.object({
    id: z.uuid(),
    business_name: z.string(),
    business_type: z.string(),
    city: z.string().nullable(),
    slug: z.string().nullable(),
    status: z.enum(['pending', 'approved', 'suspended', 'rejected']),
  }),
  count: z.number().int().min(1),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASON_KEYS), count: z.number().int() })),
  /** Distinct reporters (account or address) of an open "Permanently closed" report. */
  closed_reporters: z.number().int().min(0),
  /** Three distinct reporters said "Permanently closed" (the Approved tab's flag). */
  reported_closed: z.boolean(),
  last_reported_at: isoDateTime,
  reports: z.array(AdminReportSchema).max(REPORTS_PER_GROUP),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

/** `GET /api/admin/reports` → one page of listings with open reports, most recently reported first. */
export const ReportListResponseSchema = PageInfoSchema.extend({
  groups: z.array(ReportGroupSchema),
});
export type ReportListResponse = z.infer<typeof ReportListResponseSchema>;

/** How a closed report was closed: the Reports tab's filters besides "Open". */
export const CLOSED_REPORT_STATUSES = ['resolved', 'dismissed', 'suspended'] as const;
export type ClosedReportStatus = (typeof CLOSED_REPORT_STATUSES)[number];

/**
 * `GET /api/admin/reports/closed?status&page&limit&q`: closed reports of one kind, most recently
 * closed first, `q` on the business name.
 */
export const ClosedReportListQuerySchema = PageQuerySchema.extend({
  status: z.enum(CLOSED_REPORT_STATUSES, 'Unknown status').default('resolved'),
  q: AdminSearchSchema,
});
export type ClosedReportListQuery = z.output<typeof ClosedReportListQuerySchema>;

/** A closed report: the report, its listing, and who closed it when (never who sent it). */
export const ClosedReportSchema = AdminReportSchema.extend({
  status: z.enum(CLOSED_REPORT_STATUSES),
  business: z.object({
    id: z.uuid(),
    business_name: z.string(),
    slug: z.string().nullable(),
    status: z.enum(['pending', 'approved', 'suspended', 'rejected']),
  }),
  handled_at: isoDateTime.nullable(),
  /** The admin's name (or e-mail); null when that account was deleted. */
  handled_by: z.string().nullable(),
});
export type ClosedReport = z.infer<typeof ClosedReportSchema>;

/** `GET /api/admin/reports/closed` → one page of closed reports. */
export const ClosedReportListResponseSchema = PageInfoSchema.extend({
  reports: z.array(ClosedReportSchema),
});
export type ClosedReportListResponse = z.infer<typeof ClosedReportListResponseSchema>;

/** The three actions on a listing's open reports. */
export const REPORT_ACTIONS = ['resolve', 'dismiss', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/**
 * `POST /api/admin/reports/:id/:action` (`:id` the listing) `{ through }`: the newest report the
 * admin's page showed of that listing (`reports[0].id` of its group). Only open reports created no
 * later than it are closed; any that arrived after the page was loaded stay open.
 */
export const ReportActionSchema = z.object({
  through: z.uuid('Please reload the reports and try again'),
});
export type ReportActionInput = z.infer<typeof ReportActionSchema>;

/** `POST /api/admin/reports/:id/:action` (`:id` the listing) → how many reports it closed. */
export const ReportActionResponseSchema = z.object({
  closed: z.number().int().min(0),
  status: z.enum(['resolved', 'dismissed', 'suspended']),
  /** The listing's status after the action (`suspended` after Suspend listing). */
  business_status: z.enum(['pending', 'approved', 'suspended', 'rejected']),
});
export type ReportActionResponse = z.infer<typeof ReportActionResponseSchema>;
