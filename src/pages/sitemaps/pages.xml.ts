import type { APIRoute } from 'astro';
import { CacheTags } from '../../../functions/site/cache-tags';
import { cachePublicPage } from '../../render/cache';
import { categoryPageHref } from '../../render/areas';
import { categoryAreas, latestArticles } from '../../render/data';
import { areaByName } from '../../../common/config/lagos-areas';
import { urlSet, xmlResponse } from '../../render/sitemap';
import { CATEGORY_PAGES, type CategoryPageKey } from '../../../common/schemas/categories';

/**
 * Rendered on demand and cached under `sitemap` and the category tags (ADR 011): the area pages
 * listed follow the listings.
 */
export const prerender = false;

/** Most articles listed (the article list pages link the rest). */
const MAX_ARTICLES = 5_000;

/** Listings an area page needs to be listed (thinner ones are still linked, not advertised). */
const SITEMAP_AREA_MIN_LISTINGS = 3;

/**
 * The site's own pages, the busiest area pages of each category (issue 16.4: the areas the
 * category page links) and every published article; no drafts, admin or auth pages. Category
 * pages beyond the first are reached through their page links.
 */
export const GET: APIRoute = async ({ site }) => {
  const keys = Object.keys(CATEGORY_PAGES) as CategoryPageKey[];
  const [articles, areas] = await Promise.all([
    latestArticles(MAX_ARTICLES),
    Promise.all(keys.map((key) => categoryAreas(key))),
  ]);
  const areaPaths = keys.flatMap((key, i) =>
    areas[i]!.flatMap(({ area, count }) => {
      const known = areaByName(area);
      return known && count >= SITEMAP_AREA_MIN_LISTINGS ? [categoryPageHref(key, 1, known)] : [];
    }),
  );
  const paths = [
    '/',
    ...Object.values(CATEGORY_PAGES).map((page) => `${page.path}/`),
    '/emergency/',
    '/featured/',
    '/articles/',
    '/find-it/',
    '/register/',
    '/contact/',
    ...areaPaths,
  ];
  const response = xmlResponse(
    urlSet([
      ...paths.map((path) => ({ loc: new URL(path, site).toString() })),
      ...articles.map((a) => ({
        loc: new URL(`/articles/${a.slug}/`, site).toString(),
        lastmod: a.updated_at,
      })),
    ]),
  );
  cachePublicPage(response.headers, [
    CacheTags.sitemap,
    CacheTags.articles,
    ...keys.map((key) => CacheTags.category(key)),
  ]);
  return response;
};
