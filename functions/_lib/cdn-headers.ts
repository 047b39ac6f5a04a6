/**
 * The CDN cache headers of a public answer (ADR 011, ADR 033): HTTP only; which tags an answer
 * carries is the business of the service that reads or changes it (functions/site/cache-tags.ts,
 * ADR 036).
 */

/** CDN lifetime in seconds when no purge arrives (a safety net; purges are the rule). */
export const CDN_MAX_AGE_S = 86_400;

/**
 * The cache headers of a public answer rendered on demand, a page (ADR 011) or a public API
 * read (ADR 033): browsers always revalidate (`max-age=0` with the ETag), Netlify's CDN keeps
 * it in its durable cache until a write purges one of `tags` (`Netlify-Cache-Tag`), with a day's lifetime as a safety
 * net should a purge be missed. The local server's page cache reads the same headers.
 * @param varyQuery the only query parameters that change the answer (`Netlify-Vary: query=a|b`);
 *   without it Netlify keys on the whole query string and the local server on the path alone.
 * @param maxAgeS a CDN lifetime shorter than the day, for answers that change with the clock.
 */
export function cdnCacheHeaders(
  tags: readonly string[],
  varyQuery: readonly string[] = [],
  maxAgeS?: number,
): Record<string, string> {
  // A lifetime of its own (an "Open now" answer until the next quarter hour, ADR 081) is never
  // served stale: its content is wrong once it passes.
  const cdn =
    maxAgeS === undefined
      ? `public, durable, s-maxage=${CDN_MAX_AGE_S}, stale-while-revalidate=${7 * CDN_MAX_AGE_S}`
      : `public, durable, s-maxage=${Math.max(1, Math.floor(maxAgeS))}`;
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': cdn,
    'Netlify-Cache-Tag': tags.join(','),
    ...(varyQuery.length ? { 'Netlify-Vary': `query=${varyQuery.join('|')}` } : {}),
  };
}

/** Seconds of the Lagos quarter hour `now` is in that are left (1…900): an "Open now" answer's life (ADR 081). */
export function secondsToQuarterHour(now: Date = new Date()): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return 900 - (seconds % 900);
}
