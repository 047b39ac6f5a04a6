/**
 * Cache headers of the public pages rendered on demand (ADR 011). Browsers always revalidate
 * (ETag); Netlify's CDN keeps the page in its durable cache until a write purges one of its
 * tags (`functions/site/cache-tags.ts`), with a day's lifetime as a safety net should a purge be
 * missed; the local server's page cache reads the same headers.
 */

import { cdnCacheHeaders } from '../../functions/_lib/cdn-headers';

export { CDN_MAX_AGE_S } from '../../functions/_lib/cdn-headers';

/**
 * Every query parameter a cached page varies on (the category pages' `area`, ADR 020, and
 * `open`, ADR 081; the business page's review page and order, `reviews` and `sort`, issue 24.2). The local server
 * keys a path on these until its page says which of them it reads (server/page-cache.ts).
 */
export const PAGE_QUERY_PARAMETERS: readonly string[] = ['area', 'reviews', 'sort', 'open'];

export interface CacheOptions {
  /**
   * The only query parameters that change the page (`Netlify-Vary: query=a|b`, each one of
   * {@link PAGE_QUERY_PARAMETERS}): others (utm_*, fbclid…) then share one cache entry. Without
   * it, Netlify keys on the whole query string, the local server on the path alone: a page that
   * reads a query parameter must name it here.
   */
  varyQuery?: readonly string[];
  /** A CDN lifetime shorter than the day, for a page that changes with the clock (ADR 081). */
  maxAgeS?: number | undefined;
}

/** Marks the response of an on-demand page as cacheable under `tags`. */
export function cachePublicPage(
  headers: Headers,
  tags: readonly string[],
  options: CacheOptions = {},
): void {
  for (const [name, value] of Object.entries(
    cdnCacheHeaders(tags, options.varyQuery, options.maxAgeS),
  ))
    headers.set(name, value);
}

/**
 * The answer of an on-demand page for something that does not exist: Astro renders the 404 page
 * with status 404, never cached (the listing may be approved a second later).
 */
export function notFound(): Response {
  return new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
}
