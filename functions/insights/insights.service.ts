import type { Kysely } from 'kysely';
import {
  type Beacon,
  INSIGHT_COUNTERS,
  type InsightDay,
  type InsightPeriod,
  type InsightsResponse,
  type InsightTotals,
  type ListingEvent,
  normalizeSearchQuery,
  type SearchBeacon,
  TOP_SEARCHES,
} from '../../common/schemas/insights.ts';
import { lagosWallClock } from '../../common/schemas/hours.ts';
import { AppError } from '../_lib/errors.ts';
import { log } from '../_lib/log.ts';
import { addressBucket, RATE_LIMIT_MESSAGE } from '../_lib/rate-limit.ts';
import type { Database } from '../db/database.ts';
import * as repository from './insights.repository.ts';

/**
 * Counting what a listing earns (issue 27.1, ADR 041), privacy first (Nigeria Data Protection
 * Act 2023): a beacon names a listing and an event; the server keeps a per-listing per-day count
 * and nothing else: no address, user agent, cookie or account is stored.
 *
 * Beacons are added to an in-memory buffer of this process and written in one statement per
 * {@link FLUSH_AT_ROWS} listing-days, at most every {@link FLUSH_AFTER_MS}: a burst of 10,000
 * beacons on one listing is one row written, and at any traffic the writes per minute are
 * bounded by the buffer, not by the visits. The beacon that finds the buffer due writes it before
 * it answers (no timer, so it works the same in a serverless function); a process that stops
 * loses at most the buffered seconds of counts, never a page.
 */

type Db = Kysely<Database>;

/** The buffer is written when its oldest count is this old (ms)… */
export const FLUSH_AFTER_MS = 10_000;
/** …or when it holds this many listing-days. */
export const FLUSH_AT_ROWS = 1_000;
/** Beacons one address (an IPv4 address, an IPv6 /64) may send per minute; past it, 429. */
export const BEACONS_PER_MINUTE = 60;
/** Addresses remembered for the per-minute limit before the oldest minute is forgotten. */
const RATE_KEYS_MAX = 50_000;

/**
 * User agents that are not motorists: crawlers, link previews, monitors, scripts and audit
 * tools. Their beacons are answered and not counted. (Headless Chromium is not listed: it is also
 * what the end-to-end tests and some real phones' web views report.)
 */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|whatsapp\/|telegram|preview|lighthouse|pagespeed|pingdom|uptime|monitor|curl\/|wget\/|python|java\/|go-http|okhttp|node-fetch|axios|undici|libwww|httpclient/i;

/** True when a request does not come from a person's browser and must not be counted. */
export function isBot(userAgent: string | null, purpose: string | null = null): boolean {
  if (!userAgent || userAgent.length < 20) return true;
  if (purpose && /prefetch|prerender/i.test(purpose)) return true;
  return BOT_AGENT.test(userAgent);
}

/** The day in Lagos (West Africa Time, UTC+1, no daylight saving) of `at`, as `YYYY-MM-DD`. */
export function lagosDay(at: Date): string {
  return lagosWallClock(at).toISOString().slice(0, 10);
}

/** Counts waiting to be written, by listing and day. */
class CountBuffer {
  private rows = new Map<string, repository.ListingDayCounts>();
  private oldest: number | null = null;

  add(listingId: string, day: string, event: ListingEvent, now: number, count = 1): void {
    const key = `${listingId} ${day}`;
    let row = this.rows.get(key);
    if (!row) this.rows.set(key, (row = { listingId, day, counts: {} }));
    row.counts[event] = (row.counts[event] ?? 0) + count;
    this.oldest ??= now;
  }

  due(now: number): boolean {
    return (
      this.rows.size >= FLUSH_AT_ROWS ||
      (this.oldest !== null && now - this.oldest >= FLUSH_AFTER_MS)
    );
  }

  /** Empties the buffer and returns what it held (synchronously: no count is taken twice). */
  take(): repository.ListingDayCounts[] {
    const rows = [...this.rows.values()];
    this.rows = new Map();
    this.oldest = null;
    return rows;
  }

  get size(): number {
    return this.rows.size;
  }
}

/**
 * Searches waiting to be written (ADR 044): by day, query, area and category, and the listings
 * each showed by listing, day and query. Flushed with the counts, on the same rules.
 */
class SearchBuffer {
  private searches = new Map<string, repository.SearchDayCount>();
  private impressions = new Map<string, repository.ImpressionDayCount>();
  private oldest: number | null = null;

  add(
    search: Omit<repository.SearchDayCount, 'searches'>,
    listings: readonly string[],
    now: number,
  ) {
    const key = JSON.stringify([search.day, search.query, search.area, search.category]);
    const row = this.searches.get(key);
    if (row) {
      row.searches += 1;
      row.results = search.results;
    } else this.searches.set(key, { ...search, searches: 1 });
    for (const listingId of new Set(listings)) {
      const impressionKey = JSON.stringify([listingId, search.day, search.query]);
      const impression = this.impressions.get(impressionKey);
      if (impression) impression.impressions += 1;
      else
        this.impressions.set(impressionKey, {
          listingId,
          day: search.day,
          query: search.query,
          impressions: 1,
        });
    }
    this.oldest ??= now;
  }

  due(now: number): boolean {
    return (
      this.size >= FLUSH_AT_ROWS || (this.oldest !== null && now - this.oldest >= FLUSH_AFTER_MS)
    );
  }

  take() {
    const taken = {
      searches: [...this.searches.values()],
      impressions: [...this.impressions.values()],
    };
    this.searches = new Map();
    this.impressions = new Map();
    this.oldest = null;
    return taken;
  }

  get size(): number {
    return this.searches.size + this.impressions.size;
  }
}

/** One buffer per database (tests open several). */
const buffers = new WeakMap<Db, CountBuffer>();
const bufferOf = (db: Db) => buffers.get(db) ?? buffers.set(db, new CountBuffer()).get(db)!;
const searchBuffers = new WeakMap<Db, SearchBuffer>();
const searchBufferOf = (db: Db) =>
  searchBuffers.get(db) ?? searchBuffers.set(db, new SearchBuffer()).get(db)!;

/** Per-address beacon counts of the current minute (in memory: a limit, not a record). */
let rateMinute = 0;
let rateCounts = new Map<string, number>();

function overRate(clientAddress: string, now: number): boolean {
  const minute = Math.floor(now / 60_000);
  if (minute !== rateMinute || rateCounts.size >= RATE_KEYS_MAX) {
    rateMinute = minute;
    rateCounts = new Map();
  }
  const key = addressBucket(clientAddress);
  const count = (rateCounts.get(key) ?? 0) + 1;
  rateCounts.set(key, count);
  return count > BEACONS_PER_MINUTE;
}

/**
 * @throws AppError RATE_LIMITED past {@link BEACONS_PER_MINUTE} beacons of any kind (listing
 * events and searches together) from one address in the minute of `now`.
 */
function assertRate(address: string, now: Date): void {
  if (overRate(address, now.getTime()))
    throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE, undefined, { 'retry-after': '60' });
}

/**
 * Writes the buffered counts and searches of `db` now (the local server calls it when it stops;
 * tests to read what was counted). A failed write is logged and its counts dropped: counting
 * never fails a visitor's request and never grows without bound during an outage.
 * @returns the rows written (listing-days, then search and impression rows).
 */
export async function flushCounts(db: Db): Promise<number> {
  const rows = bufferOf(db).take();
  const { searches, impressions } = searchBufferOf(db).take();
  let written = 0;
  if (rows.length > 0) {
    try {
      written += await repository.addCounts(db, rows);
    } catch (error) {
      log.warn('listing counts lost', { rows: rows.length, error: String(error) });
    }
  }
  if (searches.length + impressions.length > 0) {
    try {
      written += await repository.addSearchCounts(db, searches, impressions);
    } catch (error) {
      log.warn('search counts lost', {
        rows: searches.length + impressions.length,
        error: String(error),
      });
    }
  }
  return written;
}

/**
 * Counts one beacon. Not counted (and not an error): a bot's or a prefetch's. The listing is
 * checked when the buffer is written (only approved listings get rows), so a beacon costs no
 * query of its own.
 * @throws AppError RATE_LIMITED past {@link BEACONS_PER_MINUTE} from one address.
 * @returns whether it was counted.
 */
export async function countBeacon(db: Db, beacon: Beacon, client: BeaconClient): Promise<boolean> {
  const now = client.now ?? new Date();
  if (isBot(client.userAgent, client.purpose)) return false;
  assertRate(client.address, now);
  const buffer = bufferOf(db);
  buffer.add(beacon.listing, lagosDay(now), beacon.event, Date.now());
  if (buffer.due(Date.now())) await flushCounts(db);
  return true;
}

/** Who sent a beacon, as {@link countBeacon} and {@link countSearch} read it. */
export interface BeaconClient {
  address: string;
  userAgent: string | null;
  purpose: string | null;
  /** When it happened (its day, its rate-limit minute); the buffer's age is the clock's. */
  now?: Date;
}

/**
 * Counts one search a visitor was shown (issue 27.2, ADR 044): the normalized query in its area
 * and category with its result count, and each listing of the first page as shown for it. Not
 * counted (and not an error): a bot's or a prefetch's, and a query that is blank or could be
 * personal (`normalizeSearchQuery` → null: an e-mail address, a phone number). Shares the
 * per-address limit and the buffer's write rules with the listing beacons.
 * @throws AppError RATE_LIMITED past {@link BEACONS_PER_MINUTE} beacons a minute from one address.
 * @returns whether it was counted.
 */
export async function countSearch(
  db: Db,
  search: SearchBeacon,
  client: BeaconClient,
): Promise<boolean> {
  const now = client.now ?? new Date();
  if (isBot(client.userAgent, client.purpose)) return false;
  assertRate(client.address, now);
  const query = normalizeSearchQuery(search.q);
  if (query === null) return false;
  const category = (search.type ?? '').trim().toLowerCase().slice(0, 60);
  const buffer = searchBufferOf(db);
  buffer.add(
    {
      day: lagosDay(now),
      query,
      area: search.area ?? '',
      category: category === 'all' ? '' : category,
      results: search.total,
    },
    search.listings,
    Date.now(),
  );
  if (buffer.due(Date.now())) await flushCounts(db);
  return true;
}

/** Searches and impressions waiting in `db`'s buffer (tests). */
export function bufferedSearches(db: Db): number {
  return searchBufferOf(db).size;
}

/**
 * Counts an event the server makes itself (a Find It request forwarded to listings, a review
 * that became public) and writes it at once with anything buffered.
 */
export async function countServerEvent(
  db: Db,
  listingIds: readonly string[],
  event: ListingEvent,
  now = new Date(),
): Promise<void> {
  if (listingIds.length === 0) return;
  const buffer = bufferOf(db);
  for (const id of listingIds) buffer.add(id, lagosDay(now), event, Date.now());
  await flushCounts(db);
}

/**
 * Counts a reveal of a listing's contact details (the session-checked contact endpoint): added to
 * the buffer, written with the next batch.
 */
export function countContactReveal(db: Db, listingId: string, now = new Date()): void {
  bufferOf(db).add(listingId, lagosDay(now), 'contact_reveal', Date.now());
}

/** Listing-days waiting in `db`'s buffer (tests, the local server's shutdown log). */
export function bufferedCount(db: Db): number {
  return bufferOf(db).size;
}

// ---------------------------------------------------------------------------------------------
// The owner's Insights (issue 27.2)
// ---------------------------------------------------------------------------------------------

/** Shown with 403 when a signed-in user asks for a listing that is not theirs. */
export const NOT_YOUR_LISTING = 'Only the owner of this listing can see its insights.';

const zeroTotals = (): InsightTotals =>
  Object.fromEntries(INSIGHT_COUNTERS.map((c) => [c, 0])) as InsightTotals;

/** `day` (`YYYY-MM-DD`) moved by `by` days. */
export function addDays(day: string, by: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
}

/**
 * @throws AppError NOT_FOUND when there is no such listing, FORBIDDEN when `userId` does not own
 * it (ADR 018: the owner is the account a claim made its owner).
 */
async function assertOwner(db: Db, userId: string, listingId: string): Promise<void> {
  const owner = await repository.ownerOf(db, listingId);
  if (owner === undefined) throw new AppError('NOT_FOUND', 'Listing not found');
  if (owner !== userId) throw new AppError('FORBIDDEN', NOT_YOUR_LISTING);
}

/**
 * The owner's Insights of one listing: the last `period` days (today in Lagos included) against
 * the `period` days before, each day of the period, and the {@link TOP_SEARCHES} searches that
 * showed the listing most in the period (ADR 044). Counts still buffered are written first,
 * so the owner sees a tap made a moment ago. Reads at most 2 × 90 rows of one listing.
 * @throws AppError NOT_FOUND, FORBIDDEN ({@link assertOwner}).
 */
export async function listingInsights(
  db: Db,
  userId: string,
  listingId: string,
  period: InsightPeriod,
  now = new Date(),
): Promise<InsightsResponse> {
  await assertOwner(db, userId, listingId);
  await flushCounts(db);
  const to = lagosDay(now);
  const from = addDays(to, 1 - period);
  const rows = await repository.dailyCounts(db, listingId, addDays(from, -period), to);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const current = zeroTotals();
  const previous = zeroTotals();
  const daily: InsightDay[] = [];
  for (let i = -period; i < period; i++) {
    const day = addDays(from, i);
    const row = byDay.get(day);
    const totals = i < 0 ? previous : current;
    const counts = zeroTotals();
    for (const counter of INSIGHT_COUNTERS) {
      counts[counter] = Number(row?.[counter] ?? 0);
      totals[counter] += counts[counter];
    }
    if (i >= 0) daily.push({ day, ...counts });
  }
  const searches = await repository.topSearchesOf(db, listingId, from, to, TOP_SEARCHES);
  return { period, from, to, current, previous, daily, searches };
}
