import { pageWindow } from '../_lib/paging.ts';
import type { Kysely } from 'kysely';
import type { PageQuery } from '../../common/schemas/api.ts';
import {
  ADMIN_INSIGHT_DAYS,
  FEW_RESULTS,
  type FewResultSearchesResponse,
  type SiteDay,
  type SiteFigure,
  type SiteInsightsResponse,
  type TopAreasResponse,
  type TopListingsResponse,
} from '../../common/schemas/insights.ts';
import type { Database } from '../db/database.ts';
import * as repository from './admin-insights.repository.ts';
import { rollPeriod } from './insights.repository.ts';
import { addDays, flushCounts, lagosDay } from './insights.service.ts';

/**
 * The admin's insights (issue 27.5, ADR 044): site-wide figures per day, the top listings and
 * areas, and the searches with no or few results, over the last {@link ADMIN_INSIGHT_DAYS} days
 * (today in Lagos included). Every query reads what its screen shows by an index (the top
 * listings and areas from the period's roll-ups, ADR 049) and every list is paged. Counts still
 * buffered are written first. Admin only (the routes' guard).
 */

type Db = Kysely<Database>;

/** The period: `from`…`to` (`YYYY-MM-DD`, days in Lagos, inclusive). */
export function adminPeriod(now = new Date()): { from: string; to: string } {
  const to = lagosDay(now);
  return { from: addDays(to, 1 - ADMIN_INSIGHT_DAYS), to };
}

/**
 * Each day of the period (zeros included), oldest first, and the period's totals. Visits are
 * business page views (beacons); searches are the searches shown (ADR 044); contact reveals;
 * forms sent: Find It requests, contact messages, registrations (listings created) and reviews.
 */
export async function siteInsights(db: Db, now = new Date()): Promise<SiteInsightsResponse> {
  await flushCounts(db);
  const { from, to } = adminPeriod(now);
  const [listing, searches, findIt, contacts, registrations, reviews] = await Promise.all([
    repository.listingCountsPerDay(db, from, to),
    repository.searchesPerDay(db, from, to),
    repository.createdPerDay(db, 'service_requests', from, to),
    repository.createdPerDay(db, 'contacts', from, to),
    repository.createdPerDay(db, 'business_registrations', from, to),
    repository.createdPerDay(db, 'reviews', from, to),
  ]);
  const totals: Record<SiteFigure, number> = {
    visits: 0,
    searches: 0,
    contactReveals: 0,
    findIt: 0,
    contacts: 0,
    registrations: 0,
    reviews: 0,
  };
  const daily: SiteDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const figures: Record<SiteFigure, number> = {
      visits: listing.get(day)?.visits ?? 0,
      searches: searches.get(day) ?? 0,
      contactReveals: listing.get(day)?.contactReveals ?? 0,
      findIt: findIt.get(day) ?? 0,
      contacts: contacts.get(day) ?? 0,
      registrations: registrations.get(day) ?? 0,
      reviews: reviews.get(day) ?? 0,
    };
    for (const key of Object.keys(totals) as SiteFigure[]) totals[key] += figures[key];
    daily.push({ day, ...figures });
  }
  return { from, to, daily, totals };
}

/**
 * Brings the period's roll-ups (ADR 049) to the admin period of `now`: the buffered counts are
 * written, then the days that left the period are rolled out (nothing when none did; idempotent).
 * The admin's lists call it before they read; the scheduled job calls it too, so an admin rarely
 * pays for the day's roll.
 * @returns what the roll did ({@link rollPeriod}).
 */
export async function rollAdminPeriod(db: Db, now = new Date()) {
  await flushCounts(db);
  return rollPeriod(db, adminPeriod(now).from);
}

/**
 * One page of a list: `read` gets its rows and their total (`null` past the end, then `count`
 * counts them), `map` shapes each row.
 */
async function pageOf<Row, Item>(
  page: PageQuery,
  read: (limit: number, offset: number) => Promise<repository.RowsPage<Row>>,
  count: () => Promise<number>,
  map: (row: Row) => Item,
) {
  const { rows, total } = await read(page.limit, pageWindow(page).offset);
  return {
    total: total ?? (page.page === 1 ? 0 : await count()),
    page: page.page,
    limit: page.limit,
    items: rows.map(map),
  };
}

/** The listings with the most visits over the period (then taps, then id), one page. */
export async function topListings(
  db: Db,
  page: PageQuery,
  now = new Date(),
): Promise<TopListingsResponse> {
  await rollAdminPeriod(db, now);
  const { items, ...info } = await pageOf(
    page,
    (limit, offset) => repository.topListings(db, limit, offset),
    () => repository.countListings(db),
    (row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      area: row.area,
      visits: Number(row.visits),
      contactReveals: Number(row.reveals),
      taps: Number(row.taps),
    }),
  );
  return { ...info, listings: items };
}

/**
 * The areas whose listings had the most visits over the period, with how many of their listings
 * were visited, one page. Listings without an area are left out.
 */
export async function topAreas(
  db: Db,
  page: PageQuery,
  now = new Date(),
): Promise<TopAreasResponse> {
  await rollAdminPeriod(db, now);
  const { items, ...info } = await pageOf(
    page,
    (limit, offset) => repository.topAreas(db, limit, offset),
    () => repository.countAreas(db),
    (row) => ({ area: row.area, visits: Number(row.visits), listings: Number(row.listings) }),
  );
  return { ...info, areas: items };
}

/**
 * The searches of the period whose last result count was at most {@link FEW_RESULTS}, most
 * searched first, one page. Nothing personal: the normalized query, its area and category
 * filter, counts.
 */
export async function fewResultSearches(
  db: Db,
  page: PageQuery,
  now = new Date(),
): Promise<FewResultSearchesResponse> {
  const { from, to } = adminPeriod(now);
  await flushCounts(db);
  const { items, ...info } = await pageOf(
    page,
    (limit, offset) => repository.fewResultSearches(db, from, to, FEW_RESULTS, limit, offset),
    () => repository.countFewResultSearches(db, from, to, FEW_RESULTS),
    (row) => ({
      query: row.query,
      area: row.area,
      category: row.category,
      searches: Number(row.searches),
      results: Number(row.results),
    }),
  );
  return { ...info, searches: items };
}
