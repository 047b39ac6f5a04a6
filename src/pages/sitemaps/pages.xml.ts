import type { APIRoute } from 'astro';
import { CacheTags } from '../../../functions/site/cache-tags';
import { cachePublicPage } from '../../render/cache';
import { latestArticles } from '../../render/data';
import { urlSet, xmlResponse } from '../../render/sitemap';
import { CATEGORY_PAGES } from '../../schemas/categories';

/** Rendered on demand and cached under `sitemap` (ADR 011). */
export const prerender = false;

/** Most articles listed (the article list pages link the rest). */
const MAX_ARTICLES = 5_000;

/**
 * The site's own pages and every published article; no drafts, admin or auth pages. Category
 * pages beyond the first are reached through their page links.
 */
export const GET: APIRoute = async ({ site }) => {
  const articles = await latestArticles(MAX_ARTICLES);
  const paths = [
    '/',
    ...Object.values(CATEGORY_PAGES).map((page) => `${page.path}/`),
    '/emergency/',
    '/featured/',
    '/articles/',
    '/find-it/',
    '/register/',
    '/contact/',
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
  cachePublicPage(response.headers, [CacheTags.sitemap, CacheTags.articles]);
  return response;
};
