import type { ColumnType, Generated } from 'kysely';

/** Setup steps, counted events and their roll-ups, search counts, monthly summaries, directory counts. */

/** Issue 23.3: a step of a first start, planned with the schema and marked done when complete. */
export interface SetupStepsTable {
  step: SetupStep;
  planned_at: Generated<Date>;
  done_at: Date | null;
}

export type SetupStep = 'seed' | 'synthetic' | 'admin';

/** Issue 27.1: a listing's counted events of one day (ADR 041); see common/schemas/insights.ts. */
export interface ListingStatsDailyTable {
  listing_id: string;
  /** The day in Lagos (UTC+1), as `YYYY-MM-DD`. */
  day: ColumnType<string, string, string>;
  page_views: Generated<number>;
  detail_opens: Generated<number>;
  contact_reveals: Generated<number>;
  call_taps: Generated<number>;
  whatsapp_taps: Generated<number>;
  directions_taps: Generated<number>;
  website_taps: Generated<number>;
  find_it_forwards: Generated<number>;
  /** Issue 36.8: quotes the business sent (each once) and quotes accepted. */
  quotes_sent: Generated<number>;
  quotes_accepted: Generated<number>;
  /** Openings of the listing's photos in the full-size viewer (ADR 041 update). */
  photo_views: Generated<number>;
  /** The listing's reviews that became public that day, each counted once (ADR 041 update). */
  reviews: Generated<number>;
}

/** Issue 27.6 (ADR 049): the site's page views and contact reveals of one day, kept by triggers. */
export interface SiteStatsDailyTable {
  /** The day in Lagos (UTC+1), as `YYYY-MM-DD`. */
  day: ColumnType<string, string, string>;
  /** Sums (bigint: strings from the driver). */
  page_views: ColumnType<string, number, number>;
  contact_reveals: ColumnType<string, number, number>;
}

/**
 * Issue 27.6 (ADR 049): a listing's counts over the admin's rolling period (the days from
 * `insights_rollup.period_from` on), kept by listing_stats_daily's triggers and the roll.
 */
export interface ListingPeriodStatsTable {
  listing_id: string;
  /** The listing's current area (followed by a trigger), `null` for none. */
  area: string | null;
  /** Its listing-days in the period; the row goes at 0. */
  days: number;
  visits: ColumnType<string, number, number>;
  reveals: ColumnType<string, number, number>;
  taps: ColumnType<string, number, number>;
}

/** Issue 27.6 (ADR 049): per area ('' = none), the period rows' visits and how many there are. */
export interface AreaPeriodStatsTable {
  area: string;
  visits: ColumnType<string, number, number>;
  listings: number;
}

/** Issue 27.6 (ADR 049): one row, the first day the period rows cover (`null`: not built). */
export interface InsightsRollupTable {
  id: Generated<number>;
  period_from: ColumnType<string | null, string | null, string | null>;
}

/** Issue 27.2/27.5: one day's searches of a normalized query in an area and category (ADR 044). */
export interface SearchStatsDailyTable {
  /** The day in Lagos (UTC+1), as `YYYY-MM-DD`. */
  day: ColumnType<string, string, string>;
  query: string;
  /** The area's name, '' for all of Lagos. */
  area: Generated<string>;
  /** The category filter (lower case), '' for none. */
  category: Generated<string>;
  searches: Generated<number>;
  /** The result count of the day's last search. */
  results: Generated<number>;
}

/** Issue 27.2: how often a listing was on the first page of a query's results, per day. */
export interface ListingSearchDailyTable {
  listing_id: string;
  day: ColumnType<string, string, string>;
  query: string;
  impressions: Generated<number>;
}

/** Issue 27.3 (ADR 045): an account's e-mail preferences; no row means the defaults. */
export interface EmailPreferencesTable {
  user_id: string;
  monthly_summary: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** Issue 27.3 (ADR 045): one owner's summary of one month, claimed before it is sent. */
export interface MonthlySummarySendsTable {
  user_id: string;
  /** The first day of the month, `YYYY-MM-01`. */
  month: ColumnType<string, string, string>;
  status: 'claimed' | 'sent' | 'failed';
  attempts: Generated<number>;
  claimed_at: Generated<Date>;
  sent_at: Date | null;
  error: string | null;
}

/** Issue 27.3 (ADR 045): the progress of one month's run (keyset cursor, completion). */
export interface MonthlySummaryRunsTable {
  month: ColumnType<string, string, string>;
  cursor: string | null;
  started_at: Generated<Date>;
  completed_at: Date | null;
}

/**
 * Approved listings per category page and area, kept by triggers on business_registrations
 * (migration 2026_11_27_0080, ADR 051). `category_key` '' is every listing, `area` '' every area.
 */
export interface DirectoryCountsTable {
  category_key: string;
  area: string;
  listings: number;
}
