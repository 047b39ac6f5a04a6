/**
 * What the public pages render, read from the database when a page is rendered on demand
 * (ADR 011). Runs on the server only (Astro pages and endpoints), never in the browser. Every
 * read is bounded by what one page shows: nothing here loads the whole directory.
 */
import { fairPricesOfCategory } from '../../functions/service-requests/fair-prices.service.ts';
import type { FairPrice } from '../../common/schemas/quotes';
import { sharedDatabase } from '../../functions/_lib/db.ts';
import {
  countPublishedArticles,
  getPublishedArticle,
  listPublishedArticles,
} from '../../functions/articles/articles.service.ts';
import {
  busiestAreas,
  findBusinessBySlug,
  listBusinessesPage,
  sitemapEntries,
  sitemapFileCount,
} from '../../functions/directory/directory.service.ts';
import { livePhotos } from '../../functions/photos/photos.service.ts';
import { listingReviews } from '../../functions/reviews/visitors/visitors.service.ts';
import { listPublicServiceCards } from '../../functions/service-cards/service-cards.service.ts';
import type { PublicArticle } from '../../common/schemas/articles';
import type { CategoryPageKey } from '../../common/schemas/categories';
import type { ReviewSort } from '../../common/schemas/review-rules';
import type { Photo } from '../../common/schemas/photos';
import type { ReviewListResponse } from '../../common/schemas/reviews';
import {
  DIRECTORY_PAGE_SIZE,
  MAX_PAGE_NUMBER,
  type CategorySort,
  type DirectoryPage,
  type OpenFilter,
  type PublicBusiness,
} from '../../common/schemas/directory';

async function db() {
  return (await sharedDatabase()).db;
}

/** SPEC §9: the home page shows the 3 newest published articles. */
export const HOME_ARTICLE_COUNT = 3;
/** Featured businesses on the home page; the rest are one link away (/featured/). */
export const HOME_FEATURED_LIMIT = 12;

/** Service cards with counts, the first featured businesses and the latest articles. */
export async function homeData() {
  const d = await db();
  const [serviceCards, featured, articles] = await Promise.all([
    listPublicServiceCards(d),
    listBusinessesPage(d, { featured: 'true', limit: HOME_FEATURED_LIMIT }),
    listPublishedArticles(d, HOME_ARTICLE_COUNT),
  ]);
  return { serviceCards, featured, articles };
}

/** One numbered page of a list plus what its pagination needs. */
export interface NumberedPage extends DirectoryPage {
  page: number;
  pageCount: number;
  pageSize: number;
}

/**
 * The pages a list is split into, at most {@link MAX_PAGE_NUMBER}: past 120,000 listings in one
 * category (a national directory of 1,000,000) the pagination stops at the deepest page served;
 * the rest are reached by area pages, search and the sitemap (issue 28.3).
 */
export function numbered(result: DirectoryPage, page: number): NumberedPage {
  const pageCount = Math.min(
    MAX_PAGE_NUMBER,
    Math.max(1, Math.ceil(result.total / DIRECTORY_PAGE_SIZE)),
  );
  return { ...result, page, pageCount, pageSize: DIRECTORY_PAGE_SIZE };
}

/**
 * Page `page` (1-based) of a category page's listings in listing order (or `sort` order, issue
 * 24.5), or undefined past the last page (page 1 always exists, possibly empty).
 */
export async function categoryPage(
  category: CategoryPageKey,
  page: number,
  /** Issue 16.4: only the listings of this area (a name of the shipped list). */
  area?: string,
  sort: CategorySort = 'recommended',
  /** Issue 38.4: only the listings open now (Lagos time, ADR 081). */
  open?: OpenFilter,
): Promise<NumberedPage | undefined> {
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE_NUMBER) return undefined;
  const result = numbered(
    await listBusinessesPage(await db(), {
      category,
      page,
      limit: DIRECTORY_PAGE_SIZE,
      ...(area ? { area } : {}),
      ...(sort !== 'recommended' ? { sort } : {}),
      ...(open ? { open } : {}),
    }),
    page,
  );
  // An Open now page 1 with nothing open is a page (it says so), not a 404.
  return page > result.pageCount && !(open && page === 1) ? undefined : result;
}

/**
 * What a category page's jobs usually cost (issue 36.6): the kept ranges (from five quotes in 90
 * days), read as they are. The page carries the `fair-prices` tag, purged when one changes.
 */
export async function categoryFairPrices(category: CategoryPageKey): Promise<FairPrice[]> {
  return (await fairPricesOfCategory(await db(), category)).prices;
}

/** Areas linked from a category page and listed in the sitemap (issue 16.4). */
export const BUSIEST_AREAS_SHOWN = 12;

/** The busiest areas of a category page, most listings first (issue 16.4). */
export async function categoryAreas(category: CategoryPageKey, limit = BUSIEST_AREAS_SHOWN) {
  return busiestAreas(await db(), category, limit);
}

/** Page `page` of the featured businesses, or undefined past the last page. */
export async function featuredPage(page: number): Promise<NumberedPage | undefined> {
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE_NUMBER) return undefined;
  const result = numbered(
    await listBusinessesPage(await db(), { featured: 'true', page, limit: DIRECTORY_PAGE_SIZE }),
    page,
  );
  return page > result.pageCount ? undefined : result;
}

/** The approved listing with this slug (public view), or undefined. */
export async function businessBySlug(slug: string): Promise<PublicBusiness | undefined> {
  return findBusinessBySlug(await db(), slug);
}

/**
 * Page `page` (10 reviews) of a listing's published reviews in `sort` order, with the summary the
 * Reviews section shows (issue 24.2); the counts are kept on the listing, never recomputed here.
 */
export async function businessReviews(
  listingId: string,
  page: number,
  sort: ReviewSort,
): Promise<ReviewListResponse> {
  // As the API sends it (dates as ISO strings): at most 10 reviews, so the round trip is cheap.
  return JSON.parse(
    JSON.stringify(await listingReviews(await db(), listingId, { page, sort })),
  ) as ReviewListResponse;
}

/** A listing's live photos in gallery order (issue 26: at most 12), dates as ISO strings. */
export async function businessPhotos(listingId: string): Promise<Photo[]> {
  return livePhotos(await db(), listingId);
}

/** Articles on one page of /articles/. */
export const ARTICLES_PAGE_SIZE = 48;

/** Published articles, newest first, at most `limit`. */
export async function latestArticles(limit: number, withContent = false): Promise<PublicArticle[]> {
  return listPublishedArticles(await db(), limit, withContent);
}

/** Page `page` of /articles/ (newest first), or undefined past the last page. */
export async function articlesPage(page: number) {
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE_NUMBER) return undefined;
  const d = await db();
  const [articles, total] = await Promise.all([
    listPublishedArticles(d, ARTICLES_PAGE_SIZE, false, (page - 1) * ARTICLES_PAGE_SIZE),
    countPublishedArticles(d),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / ARTICLES_PAGE_SIZE));
  return page > pageCount ? undefined : { articles, total, page, pageCount };
}

/** The published article with this slug, with its body, or undefined. */
export async function articleBySlug(slug: string): Promise<PublicArticle | undefined> {
  try {
    return await getPublishedArticle(await db(), slug);
  } catch (error) {
    if ((error as { code?: string }).code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

/** Number of business sitemap files. */
export async function businessSitemapCount(): Promise<number> {
  return sitemapFileCount(await db());
}

/** Entries of business sitemap file `n` (1-based). */
export async function businessSitemap(n: number) {
  return sitemapEntries(await db(), n);
}
