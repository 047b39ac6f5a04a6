import { defineMiddleware } from 'astro:middleware';
import { isDatabaseUnavailable } from '../functions/_lib/db-resilience.ts';
import { databaseRequired, databaseUrl, MISSING_DATABASE_MESSAGE } from '../functions/_lib/env.ts';
import { log } from '../functions/_lib/log.ts';
import { applySecurityHeaders } from '../common/config/security-headers.ts';

/**
 * The page that answers, with 503, a page whose data cannot be read because the database cannot
 * be reached (src/pages/unavailable.astro, issue 23.2).
 */
export const UNAVAILABLE_PAGE = '/unavailable/';

/**
 * Runs around every on-demand response (pages and the API mount; the local server and the Netlify
 * function alike): the security headers of `common/config/security-headers.ts` (static files get the
 * same from `_headers` on Netlify); on a deployment without a database, 503 for every page
 * instead of an error deep in a render (issue 14; the API answers its own envelope); and while
 * the database cannot be reached, the site's 503 page ({@link UNAVAILABLE_PAGE}, `Retry-After`,
 * never cached) instead of a page whose render failed on it (issue 23.2). The local server
 * serves its stale copy of such a page when it has one (server/local-server.ts).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const https = context.url.protocol === 'https:';
  const isApi = context.url.pathname === '/api' || context.url.pathname.startsWith('/api/');
  if (!isApi && databaseRequired() && !databaseUrl()) {
    log.error('no database configured', { path: context.url.pathname });
    const response = new Response(unavailablePage(), {
      status: 503,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': '300',
      },
    });
    applySecurityHeaders(response.headers, { https });
    return response;
  }
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (isApi || !isDatabaseUnavailable(error) || context.url.pathname === UNAVAILABLE_PAGE)
      throw error;
    log.warn('page unavailable: database unreachable', { path: context.url.pathname });
    response = await context.rewrite(`${UNAVAILABLE_PAGE}${context.url.search}`);
  }
  try {
    applySecurityHeaders(response.headers, { https });
    return response;
  } catch {
    // Immutable headers (a Response.redirect or a fetched response): copy them once.
    const copy = new Response(response.body, response);
    applySecurityHeaders(copy.headers, { https });
    return copy;
  }
});

function unavailablePage(): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Service unavailable | Lagos Auto Hub</title></head>',
    `<body><h1>Service unavailable</h1><p>${MISSING_DATABASE_MESSAGE}</p></body></html>`,
  ].join('');
}
