import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import {
  type ClientAddress,
  createRequestListener,
  sendResponse,
} from '@remix-run/node-fetch-server';
import type { Kysely } from 'kysely';
import { compressResponse, MAX_JSON_BYTES, TOO_LARGE_MESSAGE } from '../functions/_lib/http.ts';
import { log } from '../functions/_lib/log.ts';
import { isTrustedProxy, normalizeAddress } from '../functions/_lib/request-context.ts';
import type { Database } from '../functions/db/database.ts';
import { API_PREFIX, createApi } from '../functions/router.ts';
import {
  CDN_HEADERS,
  cacheKeyOf,
  cachePolicyOf,
  type CachedPage,
  PageCache,
  toCachedPage,
} from './page-cache.ts';
import {
  applySecurityHeaders,
  DEFAULT_CSP,
  securityHeaders,
} from '../common/config/security-headers.ts';
import { PAGE_QUERY_PARAMETERS } from '../src/render/cache.ts';
import type { SiteBuild } from './site-build.ts';
import { createStaticSite } from './static-site.ts';

/**
 * Largest body a request to a page may carry (413 beyond it). Pages read no body; the API has
 * its own per-route limits, enforced while the body streams (functions/_lib/http.ts readBody).
 */
export const MAX_PAGE_BODY_BYTES = MAX_JSON_BYTES;

/**
 * Largest body the pages that take files may carry (the review form's photos, ADR 042 and 048):
 * such a page reads its body itself with its own limit (src/render/form-post.ts) and shows its
 * message in the form; far beyond that limit the request is refused here before anything runs.
 */
export const MAX_PAGE_UPLOAD_BYTES = 16 * 1024 * 1024;

/** The pages whose form posts files: a listing's Write a review page, and Find It (ADR 083). */
const UPLOAD_PAGE = /^(?:\/business\/[^/]+\/review|\/find-it)\/?$/;

/** Largest body a request to `pathname` (a page, not the API) may carry. */
export function pageBodyLimit(pathname: string): number {
  return UPLOAD_PAGE.test(pathname) ? MAX_PAGE_UPLOAD_BYTES : MAX_PAGE_BODY_BYTES;
}

/** How long, and how much, an unread request body is drained after the answer before closing. */
const DRAIN_MS = 2_000;
const DRAIN_BYTES = 1024 * 1024;

export interface LocalServerOptions {
  db: Kysely<Database>;
  port: number;
  host: string;
  /** The build to serve (server/site-build.ts). */
  site: SiteBuild;
  /** Memory budget of the page cache in bytes (default 96 MiB). */
  pageCacheBytes?: number;
}

export interface LocalServer {
  server: Server;
  url: string;
  pageCache: PageCache;
  close(): Promise<void>;
}

/**
 * The local production server (`npm start`), shaped like the Netlify deployment (ADR 011):
 * the function layer under /api, the build's static files, and the pages that show data rendered
 * on demand through an in-process page cache that plays the CDN: compressed once, tagged, and
 * purged by the API's writes (`ctx.invalidate`). A change is visible on the next request.
 * This process is the only owner of the database handle it is given.
 */
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const pageCache = new PageCache(
    options.pageCacheBytes ?? 96 * 1024 * 1024,
    PAGE_QUERY_PARAMETERS,
  );
  const apiHandler = createApi({
    db: async () => options.db,
    invalidate: async (tags) => {
      const dropped = pageCache.purge(tags);
      log.info('page cache purged', { tags, dropped });
    },
  });
  const staticSite = createStaticSite(options.site.clientDir);
  const inFlight = new Map<string, Promise<CachedPage | Response | { stale: CachedPage }>>();

  /**
   * Renders (once for concurrent requests of the same key) and caches what may be cached. A
   * render answered 503 (the database cannot be reached: the site's unavailable page) is replaced
   * by the page's stale copy when the cache still has one (`x-cache: STALE`, issue 23.2); a 503
   * is never stored.
   */
  async function renderPage(
    request: Request,
    client: string,
  ): Promise<{ page: CachedPage; hit: Freshness } | Response> {
    const url = new URL(request.url);
    // Only the parameters the page varies on, normalised: others share its entry (ADR 011).
    const key = pageCache.keyOf(url);
    const cacheable = (request.method === 'GET' || request.method === 'HEAD') && key !== undefined;
    if (cacheable) {
      const hit = pageCache.get(key);
      if (hit) return { page: hit, hit: 'HIT' };
      const pending = inFlight.get(key);
      if (pending) return wrap(await pending, 'HIT');
    }
    const work = (async () => {
      const from = pageCache.sequence();
      const getRequest =
        request.method === 'HEAD' ? new Request(request, { method: 'GET' }) : request;
      // Pages that post to the API in-process (forms without JavaScript) use this server's API,
      // so their writes purge this page cache (src/render/page-api.ts).
      const response = await options.site.render(getRequest, {
        clientAddress: client,
        locals: { api: apiHandler },
      });
      if (!response) return staticSite.notFound(url, request.method);
      if (response.status === 503 && cacheable) {
        const stale = pageCache.getStale(key);
        if (stale) {
          log.warn('served a stale page: database unreachable', { path: url.pathname });
          return { stale };
        }
      }
      const policy = cacheable ? cachePolicyOf(response) : undefined;
      if (!policy) return response;
      const page = await toCachedPage(response, policy);
      // Stored under the parameters the page said it varies on (none when it said nothing).
      const storeKey = cacheKeyOf(url, page.varyQuery);
      if (storeKey !== undefined) pageCache.set(storeKey, page, from);
      return page;
    })();
    if (!cacheable || key === undefined) return wrap(await work, 'MISS');
    inFlight.set(key, work);
    try {
      return wrap(await work, 'MISS');
    } finally {
      inFlight.delete(key);
    }
  }
  /**
   * An API call. A GET whose answer the API marks cacheable (the public directory reads,
   * ADR 033: `Netlify-CDN-Cache-Control` and `Netlify-Cache-Tag`, as the pages) is kept in the
   * page cache under the same tags, so the writes that purge the pages purge it too; a hit, and a
   * 304 to its ETag, cost no database query. The API is asked for the whole, uncompressed answer
   * (no `Accept-Encoding`, no `If-None-Match`): the cache compresses it once and answers
   * conditionals itself; other answers are compressed here as the API would have. A request
   * saying `Cache-Control: no-cache` without a condition skips the lookup (benchmarks measuring
   * the database; fetch() adds `no-cache` to every request given an `If-None-Match`, which is
   * answered from the cache), and
   * during a database outage a cached answer is served stale, as a page is (issue 23.2).
   * Concurrent misses are not merged: an API answer may depend on who asks (a rate limit).
   */
  async function serveApi(request: Request, client: string): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return apiHandler(request, { clientAddress: client });
    const url = new URL(request.url);
    const key = pageCache.keyOf(url);
    const fresh =
      /\bno-cache\b/.test(request.headers.get('cache-control') ?? '') &&
      !request.headers.has('if-none-match');
    if (key !== undefined && !fresh) {
      const hit = pageCache.get(key);
      if (hit) return cachedResponse(request, hit, 'HIT');
    }
    const from = pageCache.sequence();
    const headers = new Headers(request.headers);
    headers.delete('accept-encoding');
    headers.delete('if-none-match');
    const response = await apiHandler(new Request(url, { method: 'GET', headers }), {
      clientAddress: client,
    });
    if (response.status === 503 && key !== undefined) {
      const stale = pageCache.getStale(key);
      if (stale) {
        log.warn('served a stale API answer: database unreachable', { path: url.pathname });
        return cachedResponse(request, stale, 'STALE');
      }
    }
    const policy = key !== undefined ? cachePolicyOf(response) : undefined;
    if (!policy) return compressResponse(request, withoutCdnHeaders(response));
    const page = await toCachedPage(response, policy);
    const storeKey = cacheKeyOf(url, page.varyQuery);
    if (storeKey !== undefined) pageCache.set(storeKey, page, from);
    return cachedResponse(request, page, 'MISS');
  }

  const wrap = (result: CachedPage | Response | { stale: CachedPage }, hit: Freshness) =>
    result instanceof Response
      ? result
      : 'stale' in result
        ? { page: result.stale, hit: 'STALE' as const }
        : { page: result, hit };

  /** The API and the on-demand pages, each response finished by {@link finish}. */
  const listener = (req: IncomingMessage, res: ServerResponse, api: boolean) =>
    createRequestListener(
      async (request: Request, client: ClientAddress) => {
        if (api) return finish(req, await serveApi(request, client.address));
        const result = await renderPage(request, client.address);
        // A page that is not cached (a form page, private to its visitor) is compressed here,
        // as the CDN compresses it on Netlify: 36–46 KB of HTML is 8–10 KB.
        return finish(
          req,
          result instanceof Response
            ? await compressResponse(request, withoutCdnHeaders(result))
            : cachedResponse(request, result.page, result.hit),
        );
      },
      {
        onError: (error) => {
          log.error('request failed', { url: req.url, error: String(error) });
          return finish(req, internalError());
        },
      },
    )(req, res);

  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const api = pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
    closeAfterUnreadBody(req, res);
    if (api) {
      void listener(req, res, true);
      return;
    }
    // Pages read no body but a small form's (or the review form's photos): one over the limit
    // is refused before anything runs (issue 12.2).
    if (Number(req.headers['content-length'] ?? 0) > pageBodyLimit(pathname)) {
      void sendResponse(res, finish(req, tooLarge()));
      return;
    }
    // Static files: the security headers, with the page's own CSP (script hashes) for HTML.
    const https = isHttps(req);
    for (const [name, value] of Object.entries(securityHeaders({ https })))
      res.setHeader(name, value);
    res.setHeader('content-security-policy', staticCsp(pathname));
    staticSite.serve(req, res, () => {
      for (const name of Object.keys(securityHeaders({ https }))) res.removeHeader(name);
      void listener(req, res, false);
    });
  });

  /** The CSP Astro wrote for a pre-rendered page (its script hashes), else the default. */
  function staticCsp(pathname: string): string {
    const key = pathname.replace(/(index)?\.html$/, '').replace(/\/?$/, '/');
    return (
      options.site.staticHeaders[key]?.['content-security-policy'] ??
      options.site.staticHeaders[key.slice(0, -1) || '/']?.['content-security-policy'] ??
      DEFAULT_CSP
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  return {
    server,
    url,
    pageCache,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * https as the client sees it: a TLS socket, or a trusted proxy (TRUSTED_PROXIES) that says so in
 * X-Forwarded-Proto. HSTS is sent only then.
 */
function isHttps(req: IncomingMessage): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  const peer = normalizeAddress(req.socket.remoteAddress);
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim()
    .toLowerCase();
  return proto === 'https' && isTrustedProxy(peer);
}

/**
 * Every response of the server gets the security headers (common/config/security-headers.ts; an
 * on-demand page keeps the CSP Astro wrote with its script hashes). A response sent before its
 * request body was read in full (413, 401 to an upload, a page answering a POST) says
 * `Connection: close`: the connection cannot carry another request (issue 12.2).
 */
function finish(req: IncomingMessage, response: Response): Response {
  const headers = applySecurityHeaders(new Headers(response.headers), { https: isHttps(req) });
  if (!req.complete) headers.set('connection', 'close');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * After a response that left the request body unread, drain what is still coming for a moment
 * (so the client reads the answer instead of a reset), then close the socket: at most
 * {@link DRAIN_BYTES} or {@link DRAIN_MS}, whichever comes first. Memory stays flat: drained
 * chunks are dropped.
 */
function closeAfterUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  res.once('finish', () => {
    if (req.complete) return;
    let drained = 0;
    const stop = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.socket.destroy();
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_BYTES) stop();
    };
    const timer = setTimeout(stop, DRAIN_MS);
    timer.unref();
    req.on('data', onData);
    req.once('end', () => {
      clearTimeout(timer);
      req.off('data', onData);
    });
    req.resume();
  });
}

/** 413 in the error envelope (DESIGN.md), for a page request whose declared body is too large. */
function tooLarge(): Response {
  const requestId = crypto.randomUUID();
  return Response.json(
    { error: { code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE_MESSAGE, requestId } },
    { status: 413, headers: { 'x-request-id': requestId, 'cache-control': 'no-store' } },
  );
}

/** What a request that failed outside every handler answers (logged by the caller). */
function internalError(): Response {
  return new Response('Internal Server Error', {
    status: 500,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The CDN-only headers never reach the browser, as on Netlify. */
function withoutCdnHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const name of CDN_HEADERS) headers.delete(name);
  return new Response(response.body, { status: response.status, headers });
}

/**
 * How a page was answered (`x-cache`): rendered for this request (MISS), served from memory
 * (HIT), or an expired copy served because the database cannot be reached (STALE, issue 23.2).
 */
type Freshness = 'HIT' | 'MISS' | 'STALE';

/** A cached page as the client can take it: 304 for a matching ETag, else br/gzip/identity. */
function cachedResponse(request: Request, page: CachedPage, hit: Freshness): Response {
  const headers = new Headers(page.headers);
  headers.set('etag', page.etag);
  headers.set('vary', 'Accept-Encoding');
  headers.set('x-cache', hit);
  if (request.headers.get('if-none-match') === page.etag) {
    return new Response(null, { status: 304, headers });
  }
  const accepts = request.headers.get('accept-encoding') ?? '';
  let body = page.body;
  if (page.br && /\bbr\b/.test(accepts)) {
    body = page.br;
    headers.set('content-encoding', 'br');
  } else if (page.gzip && /\bgzip\b/.test(accepts)) {
    body = page.gzip;
    headers.set('content-encoding', 'gzip');
  }
  headers.set('content-length', String(body.length));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: page.status,
    headers,
  });
}
