import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ClientAddress, createRequestListener } from '@remix-run/node-fetch-server';
import type { Kysely } from 'kysely';
import { log } from '../functions/_lib/log.ts';
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
import type { SiteBuild } from './site-build.ts';
import { createStaticSite } from './static-site.ts';

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
  const pageCache = new PageCache(options.pageCacheBytes ?? 96 * 1024 * 1024);
  const api = createApi({
    db: async () => options.db,
    invalidate: async (tags) => {
      const dropped = pageCache.purge(tags);
      log.info('page cache purged', { tags, dropped });
    },
  });
  const apiListener = createRequestListener((request: Request, client: ClientAddress) =>
    api(request, { clientAddress: client.address }),
  );
  const staticSite = createStaticSite(options.site.clientDir);
  const inFlight = new Map<string, Promise<CachedPage | Response>>();

  /** Renders (once for concurrent requests of the same key) and caches what may be cached. */
  async function renderPage(
    request: Request,
    client: string,
  ): Promise<{ page: CachedPage; hit: boolean } | Response> {
    const url = new URL(request.url);
    const key = cacheKeyOf(url);
    const cacheable = request.method === 'GET' || request.method === 'HEAD';
    if (cacheable) {
      const hit = pageCache.get(key);
      if (hit) return { page: hit, hit: true };
      const pending = inFlight.get(key);
      if (pending) return wrap(await pending, true);
    }
    const work = (async () => {
      const from = pageCache.sequence();
      const getRequest =
        request.method === 'HEAD' ? new Request(request, { method: 'GET' }) : request;
      const response = await options.site.render(getRequest, { clientAddress: client });
      if (!response) return staticSite.notFound(url, request.method);
      const policy = cacheable ? cachePolicyOf(response) : undefined;
      if (!policy) return response;
      const page = await toCachedPage(response, policy);
      pageCache.set(cacheKeyOf(url, policy.varyQuery), page, from);
      return page;
    })();
    if (!cacheable) return wrap(await work, false);
    inFlight.set(key, work);
    try {
      return wrap(await work, false);
    } finally {
      inFlight.delete(key);
    }
  }
  const wrap = (result: CachedPage | Response, hit: boolean) =>
    result instanceof Response ? result : { page: result, hit };

  const pageListener = createRequestListener(async (request: Request, client: ClientAddress) => {
    const result = await renderPage(request, client.address);
    return result instanceof Response
      ? withoutCdnHeaders(result)
      : cachedResponse(request, result.page, result.hit);
  });

  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
      void apiListener(req, res);
      return;
    }
    staticSite.serve(req, res, () => void pageListener(req, res));
  });

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

/** The CDN-only headers never reach the browser, as on Netlify. */
function withoutCdnHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const name of CDN_HEADERS) headers.delete(name);
  return new Response(response.body, { status: response.status, headers });
}

/**
 * A cached page as the client can take it: 304 for a matching ETag, else br/gzip/identity.
 * `x-cache` says whether it was rendered for this request (MISS) or served from memory (HIT).
 */
function cachedResponse(request: Request, page: CachedPage, hit: boolean): Response {
  const headers = new Headers(page.headers);
  headers.set('etag', page.etag);
  headers.set('vary', 'Accept-Encoding');
  headers.set('x-cache', hit ? 'HIT' : 'MISS');
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
