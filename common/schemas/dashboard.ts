import { z } from 'zod';
import { AdminSearchSchema } from './api';

/**
 * The admin dashboard's tab counts (SPEC §2 "Pending (n)" …; "Counts show the filtered number
 * while a search is active"): each tab's number of rows matching the search `q` over that tab's
 * own fields (SPEC §5), the four statuses from one grouped query.
 */
export const AdminCountsQuerySchema = z.object({ q: AdminSearchSchema });

export const AdminCountsSchema = z.object({
  pending: z.number().int().min(0),
  approved: z.number().int().min(0),
  suspended: z.number().int().min(0),
  rejected: z.number().int().min(0),
  requests: z.number().int().min(0),
  users: z.number().int().min(0),
  contacts: z.number().int().min(0),
  articles: z.number().int().min(0),
  /** Claims tab: manual claims waiting for a decision plus owners' pending changes (ADR 018). */
  claims: z.number().int().min(0),
  /** Reports tab: listings with open reports, as the tab lists them (ADR 019). */
  reports: z.number().int().min(0),
  /** Reviews tab: reviews waiting for an admin (held, reported, or with a held reply; issue 24.4). */
  reviews: z.number().int().min(0),
});
export type AdminCounts = z.infer<typeof AdminCountsSchema>;

/** `GET /api/admin/counts?q` → `{ counts }`. */
export const AdminCountsResponseSchema = z.object({ counts: AdminCountsSchema });
export type AdminCountsResponse = z.infer<typeof AdminCountsResponseSchema>;
