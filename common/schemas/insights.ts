import { z } from 'astro/zod';

/**
 * What a listing earns, counted per listing per day (issue 27.1, ADR 041): the one table of
 * events. Each event has its counter column in `listing_stats_daily` (also the key of the
 * totals), the label the owner reads (also the CSV's column title), and who reports it: a
 * visitor's browser with a beacon, or the server where it happens. Every other list of events
 * below is derived from this one. Nothing personal is sent or stored: a listing, an event and
 * the day.
 */
export const LISTING_EVENT_TABLE = {
  page_view: { counter: 'page_views', label: 'Page views', from: 'browser' },
  detail_open: { counter: 'detail_opens', label: 'Details opened', from: 'browser' },
  contact_reveal: { counter: 'contact_reveals', label: 'Contact details shown', from: 'browser' },
  call_tap: { counter: 'call_taps', label: 'Calls', from: 'browser' },
  whatsapp_tap: { counter: 'whatsapp_taps', label: 'WhatsApp messages', from: 'browser' },
  directions_tap: { counter: 'directions_taps', label: 'Direction requests', from: 'browser' },
  website_tap: { counter: 'website_taps', label: 'Website visits', from: 'browser' },
  find_it_forward: { counter: 'find_it_forwards', label: 'Find It requests', from: 'server' },
} as const satisfies Record<string, { counter: string; label: string; from: 'browser' | 'server' }>;

type EventTable = typeof LISTING_EVENT_TABLE;
export type ListingEvent = keyof EventTable;
/** Every event, in the table's order. */
export const LISTING_EVENTS = Object.keys(LISTING_EVENT_TABLE) as [ListingEvent, ...ListingEvent[]];

/** The events a browser may report (the rest are counted by the server where they happen). */
export type BeaconEvent = {
  [E in ListingEvent]: EventTable[E]['from'] extends 'browser' ? E : never;
}[ListingEvent];
export const BEACON_EVENTS = LISTING_EVENTS.filter(
  (event): event is BeaconEvent => LISTING_EVENT_TABLE[event].from === 'browser',
) as [BeaconEvent, ...BeaconEvent[]];

/** A counter column of `listing_stats_daily`, e.g. `call_taps`. */
export type InsightCounter = EventTable[ListingEvent]['counter'];
/** The counter column of each event. */
export const EVENT_COLUMNS = Object.fromEntries(
  LISTING_EVENTS.map((event) => [event, LISTING_EVENT_TABLE[event].counter]),
) as { [E in ListingEvent]: EventTable[E]['counter'] };
/** The counter columns, in the table's order. */
export const INSIGHT_COUNTERS = LISTING_EVENTS.map((event) => EVENT_COLUMNS[event]);
/** Labels of the counters, as the owner reads them (also the CSV's column titles). */
export const INSIGHT_LABELS = Object.fromEntries(
  LISTING_EVENTS.map((event) => [EVENT_COLUMNS[event], LISTING_EVENT_TABLE[event].label]),
) as Record<InsightCounter, string>;

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
export const InsightTotalsSchema = z.object(
  Object.fromEntries(INSIGHT_COUNTERS.map((counter) => [counter, z.number().int()])) as Record<
    InsightCounter,
    z.ZodNumber
  >,
);
export type InsightTotals = z.infer<typeof InsightTotalsSchema>;

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
