import type { APIRoute } from 'astro';
import { CacheTags } from '../../../../functions/site/cache-tags';
import { cachePublicPage, notFound } from '../../../render/cache';
import { businessSitemap, businessSitemapCount } from '../../../render/data';
import { urlSet, xmlResponse } from '../../../render/sitemap';

/** Rendered on demand and cached under `sitemap` (ADR 011). */
export const prerender = false;

/** /sitemaps/businesses/N.xml: business pages N×5,000 − 4,999 … N×5,000, oldest first. */
export const GET: APIRoute = async ({ params, site }) => {
  const n = /^[1-9]\d{0,4}$/.test(params.n ?? '') ? Number(params.n) : 0;
  if (n < 1 || n > (await businessSitemapCount())) return notFound();
  const entries = await businessSitemap(n);
  const response = xmlResponse(
    urlSet(
      entries.map((e) => ({
        loc: new URL(`/business/${e.slug}/`, site).toString(),
        lastmod: e.updated_at,
      })),
    ),
  );
  cachePublicPage(response.headers, [CacheTags.sitemap]);
  return response;
};
