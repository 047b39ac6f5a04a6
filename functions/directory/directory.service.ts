import type { Kysely } from 'kysely';
import {
  type BusinessContact,
  type DirectoryListQuery,
  type DirectoryPage,
  type PublicBusiness,
} from '../../common/schemas/directory.ts';
import { areaNamesWithin, LAGOS_AREAS } from '../../common/config/lagos-areas.ts';
import { CATEGORY_PAGES, type CategoryPageKey } from '../../common/schemas/categories.ts';
import { pageWindow } from '../_lib/paging.ts';
import { AppError } from '../_lib/errors.ts';
import { CacheTags } from '../site/cache-tags.ts';
import { toE164 } from '../_lib/phone.ts';
import type { Database } from '../db/database.ts';
import { toPublicBusiness } from './directory.mapper.ts';
import { lagosWeekMinute } from '../../common/schemas/hours.ts';
import { secondsToQuarterHour } from '../_lib/cdn-headers.ts';
import { countContactReveal } from '../insights/insights.service.ts';
import * as repository from './directory.repository.ts';
import { finishListings } from './finish.ts';

type Db = Kysely<Database>;

/**
 * The category page whose business type is `type` (any case), if any: its listings are read
 * from that page's own index instead of matching the free type filter row by row.
 */
export function categoryKeyForType(type: string | undefined): CategoryPageKey | undefined {
  if (!type) return undefined;
  const needle = type.trim().toLowerCase();
  return (Object.keys(CATEGORY_PAGES) as CategoryPageKey[]).find(
    (key) => CATEGORY_PAGES[key].typeFilter.toLowerCase() === needle,
  );
}

function filterOf(query: DirectoryListQuery, now?: Date): repository.DirectoryFilter {
  const categoryKey = query.category ?? categoryKeyForType(query.type);
  return {
    categoryKey,
    type: categoryKey ? undefined : query.type,
    location: query.location,
    area: query.area,
    featuredOnly: query.featured === 'true',
    // Issue 38.4 (ADR 081): the minute of the Lagos week of this request.
    openAt: query.open === 'now' ? lagosWeekMinute(now ?? new Date()) : undefined,
  };
}

/**
 * How long the CDN may keep a `/api/directory` answer: undefined (until a purge, ADR 033) unless
 * it filters on Open now, which is right until the next quarter hour only (ADR 081).
 */
export function listCacheLifetime(query: DirectoryListQuery, now?: Date): number | undefined {
  return query.open === 'now' ? secondsToQuarterHour(now) : undefined;
}

/**
 * The cache tags of a `/api/directory` answer (ADR 033), the tags its writes purge: the featured
 * list is the featured pages' (`featured`); a list of one category (with or without an area)
 * is that category page's (`category-<key>`); any other (free type, location, area alone, all)
 * reads the whole directory (`directory`).
 */
export function listCacheTags(query: DirectoryListQuery): string[] {
  const filter = filterOf(query);
  if (filter.featuredOnly) return [CacheTags.featured];
  if (filter.categoryKey && !filter.type && !filter.location)
    return [CacheTags.category(filter.categoryKey)];
  return [CacheTags.directory];
}

/** The cache tags of a `/api/directory/search` answer (ADR 033): it reads the whole directory. */
export const searchCacheTags = (): string[] => [CacheTags.directory];

/** The cache tags of `/api/listings/:id` (ADR 033): the listing's, as its business page. */
export const businessCacheTags = (id: string): string[] => [CacheTags.listing(id)];

/**
 * One page of approved listings, public view, in listing order (SPEC §7), with the total and
 * the next page's cursor. `page` N starts at row (N - 1) × limit. With `sort` top_rated or
 * most_reviewed (a category only, ADR 034 §3): that order, by page number, `nextCursor` null.
 * @throws AppError BAD_REQUEST for a malformed cursor.
 */
export async function listBusinessesPage(
  db: Db,
  query: DirectoryListQuery,
  now?: Date,
): Promise<DirectoryPage> {
  const filter = filterOf(query, now);
  if (query.sort && query.sort !== 'recommended' && filter.categoryKey) {
    // Issue 24.5: Top rated / Most reviewed, read from the category's review indexes.
    const offset = ((query.page ?? 1) - 1) * query.limit;
    const [ranked, count] = await Promise.all([
      repository.listRankedPage(db, filter.categoryKey, query.sort, {
        offset,
        limit: query.limit,
        area: filter.area,
        openAt: filter.openAt,
      }),
      repository.countDirectory(db, filter),
    ]);
    return { businesses: await finishListings(db, ranked), total: count, nextCursor: null };
  }
  const [rows, total] = await Promise.all([
    repository.listDirectoryPage(db, filter, {
      cursor: query.cursor ? repository.decodeListCursor(query.cursor) : undefined,
      offset: query.page ? pageWindow({ page: query.page, limit: query.limit }).offset : undefined,
      limit: query.limit,
    }),
    repository.countDirectory(db, filter),
  ]);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    businesses: await finishListings(db, shown),
    total,
    nextCursor:
      rows.length > query.limit && last
        ? repository.encodeListCursor(repository.cursorOf(last))
        : null,
  };
}

export { searchBusinesses } from './search.service.ts';
export { nearbyBusinesses } from './nearby.service.ts';

/** @throws AppError NOT_FOUND when no approved listing has this id. */
export async function getBusiness(db: Db, id: string): Promise<PublicBusiness> {
  const row = await repository.findDirectoryEntry(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Business not found');
  return toPublicBusiness(row);
}

/** The approved listing with this page slug, public view, or undefined. */
export async function findBusinessBySlug(
  db: Db,
  slug: string,
): Promise<PublicBusiness | undefined> {
  const row = await repository.findDirectoryEntryBySlug(db, slug);
  return row && toPublicBusiness(row);
}

/** Contact details of an approved listing for a signed-in user. @throws AppError NOT_FOUND */
export async function getBusinessContact(db: Db, id: string): Promise<BusinessContact> {
  const row = await repository.findDirectoryEntry(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Business not found');
  // A signed-in visitor revealed the listing's contact details (issue 27.1): counted, buffered.
  countContactReveal(db, id);
  return {
    email: row.email,
    phone: row.phone,
    whatsapp: row.whatsapp,
    address: row.address,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    phone_e164: toE164(row.phone),
    whatsapp_e164: toE164(row.whatsapp ?? row.phone),
  };
}

/**
 * The busiest areas of a category page (issue 16.4): up to `limit` areas of the shipped list
 * with their number of approved listings in the category, most first, then by name. An LGA's
 * count includes its neighbourhoods (its area page lists them too, `areaNamesWithin`), so each
 * count is the total of the page it links to.
 */
export async function busiestAreas(
  db: Db,
  category: CategoryPageKey | undefined,
  limit: number,
): Promise<{ area: string; count: number }[]> {
  const stored = new Map(
    (await repository.countByArea(db, category)).map((r) => [r.area, r.count]),
  );
  return LAGOS_AREAS.map((a) => ({
    area: a.name,
    count: areaNamesWithin(a.name).reduce((sum, name) => sum + (stored.get(name) ?? 0), 0),
  }))
    .filter((a) => a.count > 0)
    .sort((a, b) => b.count - a.count || a.area.localeCompare(b.area))
    .slice(0, limit);
}

/** Listings per sitemap file: well under the protocol's 50,000 URLs and 1 MB of XML. */
export const SITEMAP_PAGE_SIZE = 5_000;

/** How many business sitemap files there are (at least one, possibly empty). */
export async function sitemapFileCount(db: Db): Promise<number> {
  return Math.max(1, Math.ceil((await repository.countDirectory(db, {})) / SITEMAP_PAGE_SIZE));
}

/** Business page slugs and last-modified dates of sitemap file `n` (1-based). */
export function sitemapEntries(db: Db, n: number) {
  return repository.listSitemapEntries(db, (n - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE);
}
