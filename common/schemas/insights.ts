import { z } from 'astro/zod';
import { SEARCH_IMPRESSIONS_MAX } from '../config/insights';
import { AreaParamSchema } from './directory';
import { PageInfoSchema } from './api';

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
  photo_view: { counter: 'photo_views', label: 'Photo views', from: 'browser' },
  review: { counter: 'reviews', label: 'Reviews', from: 'server' },
  quote_sent: { counter: 'quotes_sent', label: 'Quotes sent', from: 'server' },
  quote_accepted: { counter: 'quotes_accepted', label: 'Quotes accepted', from: 'server' },
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
  /** The searches that showed the listing most in the period (issue 27.2), at most 10. */
  searches: z.array(z.object({ query: z.string(), impressions: z.number().int() })),
});
export type InsightsResponse = z.infer<typeof InsightsResponseSchema>;

/** The owner's Insights page of a listing (issue 27.2), optionally for another period. */
export const ownerInsightsPath = (listingId: string, period?: InsightPeriod) =>
  `/account/business/insights/?listing=${encodeURIComponent(listingId)}${period ? `&period=${period}` : ''}`;

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

// ---------------------------------------------------------------------------------------------
// Search counts (issue 27.2 and 27.5, ADR 044)
// ---------------------------------------------------------------------------------------------

/** The longest query kept (characters, cut at a word); the rest is dropped. */
export const SEARCH_QUERY_MAX = 60;
export { SEARCH_IMPRESSIONS_MAX };
/** The owner's Insights show this many searches that showed the listing. */
export const TOP_SEARCHES = 10;

/** A run of 7 or more digits, with spaces, dots, dashes or brackets between: a phone number. */
const PHONE_LIKE = /\+?\d(?:[\s().-]*\d){6,}/u;

/**
 * A search query as it is counted (ADR 044): NFKC, lower case, control characters and runs of
 * spaces made one space, trimmed, at most {@link SEARCH_QUERY_MAX} characters (cut at a word).
 * `null` (not counted) when blank, or when it could be personal: anything with `@` (an e-mail
 * address) or a run of 7 or more digits (a phone number).
 * `normalizeSearchQuery('  Panel   BEATING ')` → `'panel beating'`;
 * `normalizeSearchQuery('0803 123 4567')` → `null`.
 */
export function normalizeSearchQuery(query: string): string | null {
  const text = query
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{C}\s]+/gu, ' ')
    .trim();
  if (!text || text.includes('@') || PHONE_LIKE.test(text)) return null;
  if (text.length <= SEARCH_QUERY_MAX) return text;
  const cut = text.slice(0, SEARCH_QUERY_MAX + 1);
  const space = cut.lastIndexOf(' ');
  return space > 0 ? cut.slice(0, space) : text.slice(0, SEARCH_QUERY_MAX);
}

/**
 * POST /api/beacon/search: one search a visitor was shown (the island after its first page, the
 * page itself after a posted search). `q` as typed (normalized by the server), `type` the
 * category filter, `area` a Lagos area (slug or name), `total` the result count, `listings` the
 * ids of the first page's listings in order (at most {@link SEARCH_IMPRESSIONS_MAX}).
 */
export const SearchBeaconSchema = z.object({
  q: z.string().max(200),
  type: z.string().max(100).optional(),
  area: AreaParamSchema.optional(),
  total: z.number().int().min(0).max(10_000_000),
  listings: z.array(z.uuid()).max(SEARCH_IMPRESSIONS_MAX),
});
export type SearchBeacon = z.infer<typeof SearchBeaconSchema>;

// ---------------------------------------------------------------------------------------------
// The admin's insights (issue 27.5, ADR 044)
// ---------------------------------------------------------------------------------------------

/** The admin's insights cover the last this many days (today in Lagos included). */
export const ADMIN_INSIGHT_DAYS = 30;
/** A search with at most this many results is listed under "Searches with no or few results". */
export const FEW_RESULTS = 3;

/** One day of the site: listing page views, searches, contact reveals and forms sent. */
export const SiteDaySchema = z.object({
  /** `YYYY-MM-DD`, a day in Lagos. */
  day: z.string(),
  visits: z.number().int(),
  searches: z.number().int(),
  contactReveals: z.number().int(),
  findIt: z.number().int(),
  contacts: z.number().int(),
  registrations: z.number().int(),
  reviews: z.number().int(),
});
export type SiteDay = z.infer<typeof SiteDaySchema>;
export type SiteFigure = Exclude<keyof SiteDay, 'day'>;

/** The figures' labels as the admin reads them, in the table's order. */
export const SITE_FIGURE_LABELS: Record<SiteFigure, string> = {
  visits: 'Visits',
  searches: 'Searches',
  contactReveals: 'Contact reveals',
  findIt: 'Find It requests',
  contacts: 'Contact messages',
  registrations: 'Registrations',
  reviews: 'Reviews',
};

/** GET /api/admin/insights: the last 30 days, each day present (zeros included), oldest first. */
export const SiteInsightsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  daily: z.array(SiteDaySchema),
  totals: SiteDaySchema.omit({ day: true }),
});
export type SiteInsightsResponse = z.infer<typeof SiteInsightsResponseSchema>;

/** GET /api/admin/insights/listings: the most viewed listings of the last 30 days, paged. */
export const TopListingsResponseSchema = PageInfoSchema.extend({
  listings: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string().nullable(),
      area: z.string().nullable(),
      visits: z.number().int(),
      contactReveals: z.number().int(),
      /** Calls, WhatsApp, directions and website taps. */
      taps: z.number().int(),
    }),
  ),
});
export type TopListingsResponse = z.infer<typeof TopListingsResponseSchema>;

/** GET /api/admin/insights/areas: the areas whose listings were viewed most, paged. */
export const TopAreasResponseSchema = PageInfoSchema.extend({
  areas: z.array(
    z.object({ area: z.string(), visits: z.number().int(), listings: z.number().int() }),
  ),
});
export type TopAreasResponse = z.infer<typeof TopAreasResponseSchema>;

/**
 * GET /api/admin/insights/searches: searches whose last result count was at most
 * {@link FEW_RESULTS} over the last 30 days, most searched first, paged. `area` and `category`
 * are '' when the search had none.
 */
export const FewResultSearchesResponseSchema = PageInfoSchema.extend({
  searches: z.array(
    z.object({
      query: z.string(),
      area: z.string(),
      category: z.string(),
      searches: z.number().int(),
      results: z.number().int(),
    }),
  ),
});
export type FewResultSearchesResponse = z.infer<typeof FewResultSearchesResponseSchema>;
