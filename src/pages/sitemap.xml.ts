import type { APIRoute } from 'astro';
import { CacheTags } from '../../functions/site/cache-tags';
import { cachePublicPage } from '../render/cache';
import { businessSitemapCount } from '../render/data';
import { sitemapIndex, xmlResponse } from '../render/sitemap';

/** Rendered on demand and cached under `sitemap` (ADR 011). */
export const prerender = false;

/**
 * /sitemap.xml: a sitemap index of the site's pages (/sitemaps/pages.xml) and every approved
 * business page in files of 5,000 (/sitemaps/businesses/N.xml).
 */
export const GET: APIRoute = async ({ site }) => {
  const files = await businessSitemapCount();
  const response = xmlResponse(
    sitemapIndex([
      new URL('/sitemaps/pages.xml', site).toString(),
      ...Array.from({ length: files }, (_, i) =>
        new URL(`/sitemaps/businesses/${i + 1}.xml`, site).toString(),
      ),
    ]),
  );
  cachePublicPage(response.headers, [CacheTags.sitemap]);
  return response;
};
