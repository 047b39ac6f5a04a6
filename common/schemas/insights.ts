import { z } from 'astro/zod';

/**
 * What a listing earns, counted per listing per day (issue 27.1, ADR 041). A visitor's browser
 * reports the events it sees with a beacon; the server adds the ones it makes itself
 * (`find_it_forward`). Nothing personal is sent or stored: a listing, an event and the day.
 */
export const LISTING_EVENTS = [
  'page_view',
  'detail_open',
  'contact_reveal',
  'call_tap',
  'whatsapp_tap',
  'directions_tap',
  'website_tap',
  'find_it_forward',
] as const;
export type ListingEvent = (typeof LISTING_EVENTS)[number];

/** The events a browser may report (the rest are counted by the server where they happen). */
export const BEACON_EVENTS = [
  'page_view',
  'detail_open',
  'contact_reveal',
  'call_tap',
  'whatsapp_tap',
  'directions_tap',
  'website_tap',
] as const satisfies readonly ListingEvent[];
export type BeaconEvent = (typeof BEACON_EVENTS)[number];

/**
 * POST /api/beacon: `{ listing, event }`, sent with `navigator.sendBeacon` (text/plain JSON, no
 * cookie needed). `listing` is the business id of the page or card.
 */
export const BeaconSchema = z.object({
  listing: z.uuid(),
  event: z.enum(BEACON_EVENTS),
});
export type Beacon = z.infer<typeof BeaconSchema>;

/** The owner's Insights periods, in days (issue 27.2): each is compared with the one before. */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** GET /api/account/listings/:id/insights?period=7|30|90 (default 30). */
export const InsightsQuerySchema = z.object({
  period: z.coerce
    .number()
    .refine((n): n is InsightPeriod => (INSIGHT_PERIODS as readonly number[]).includes(n), {
      message: 'Choose 7, 30 or 90 days.',
    })
    .default(30),
});

/** A listing's counts over some days, one per event (the counter columns' names). */
export const InsightTotalsSchema = z.object({
  page_views: z.number().int(),
  detail_opens: z.number().int(),
  contact_reveals: z.number().int(),
  call_taps: z.number().int(),
  whatsapp_taps: z.number().int(),
  directions_taps: z.number().int(),
  website_taps: z.number().int(),
  find_it_forwards: z.number().int(),
});
export type InsightTotals = z.infer<typeof InsightTotalsSchema>;
export const INSIGHT_COUNTERS = Object.keys(InsightTotalsSchema.shape) as (keyof InsightTotals)[];

/** Labels of the counters, as the owner reads them (also the CSV's column titles). */
export const INSIGHT_LABELS: Record<keyof InsightTotals, string> = {
  page_views: 'Page views',
  detail_opens: 'Details opened',
  contact_reveals: 'Contact details shown',
  call_taps: 'Calls',
  whatsapp_taps: 'WhatsApp messages',
  directions_taps: 'Direction requests',
  website_taps: 'Website visits',
  find_it_forwards: 'Find It requests',
};

export const InsightDaySchema = InsightTotalsSchema.extend({
  /** `YYYY-MM-DD`, a day in Lagos. */
  day: z.string(),
});
export type InsightDay = z.infer<typeof InsightDaySchema>;

/**
 * 200 body: the period's totals against the period before, and each day of the period (every
 * day present, zeros included), oldest first.
 */
export const InsightsResponseSchema = z.object({
  period: z.number().int(),
  from: z.string(),
  to: z.string(),
  current: InsightTotalsSchema,
  previous: InsightTotalsSchema,
  daily: z.array(InsightDaySchema),
});
export type InsightsResponse = z.infer<typeof InsightsResponseSchema>;

/** The owner's Insights page of a listing (issue 27.2), optionally for another period. */
export const ownerInsightsPath = (businessId: string, period?: InsightPeriod) =>
  `/account/business/insights/?listing=${encodeURIComponent(businessId)}${period ? `&period=${period}` : ''}`;

/**
 * The change from `previous` to `current` as the owner reads it: "+12 %", "−30 %", "new" (from
 * nothing) or "no change".
 */
export function changeText(current: number, previous: number): string {
  if (current === previous) return 'no change';
  if (previous === 0) return 'new';
  const percent = Math.round(((current - previous) / previous) * 100);
  return percent === 0 ? 'about the same' : `${percent > 0 ? '+' : '−'}${Math.abs(percent)} %`;
}
