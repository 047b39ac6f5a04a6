import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestListener } from '@remix-run/node-fetch-server';
import type { Kysely } from 'kysely';
import type { Database } from '../functions/db/database.ts';
import { API_PREFIX, createApi } from '../functions/router.ts';
import { createSiteBuilder, type SiteBuilder } from './site-builder.ts';
import { createStaticSite } from './static-site.ts';

export interface LocalServerOptions {
  db: Kysely<Database>;
  port: number;
  host: string;
  /** Where builds go (default `.data/site`). */
  buildRoot?: string;
  debounceMs?: number;
}

export interface LocalServer {
  server: Server;
  url: string;
  builder: SiteBuilder;
  close(): Promise<void>;
}

const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Building the site…</title></head>
<body style="font-family:system-ui;padding:2rem"><h1>Building the site…</h1><p>The first build takes a few seconds. This page reloads by itself.</p></body></html>`;

/**
 * The local production server (`npm start`): the function layer under /api, the pre-rendered
 * site everywhere else, and in-process rebuilds when data changes (DESIGN.md "Rebuilds").
 * This process is the only owner of the database handle it is given.
 */
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  // The builder needs the port, known only once listening; requests before that cannot happen.
  const ref: { builder?: SiteBuilder } = {};
  const api = createApi({
    db: async () => options.db,
    invalidate: async (tags) => ref.builder?.requestRebuild(`purge ${tags.join(' ')}`),
  });
  const apiListener = createRequestListener((request) => api(request));
  let site: { dir: string; handler: ReturnType<typeof createStaticSite> } | undefined;

  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
      void apiListener(req, res);
      return;
    }
    const dir = ref.builder?.current();
    if (!dir) {
      res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'retry-after': '3' });
      res.end(BUILDING_PAGE);
      return;
    }
    if (site?.dir !== dir) site = { dir, handler: createStaticSite(dir) };
    site.handler(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  const builder = createSiteBuilder({
    // The build reads over loopback when we listen on every interface.
    dataUrl: options.host === '0.0.0.0' ? `http://127.0.0.1:${address.port}` : url,
    root: options.buildRoot ?? '.data/site',
    debounceMs: options.debounceMs,
  });
  ref.builder = builder;
  return {
    server,
    url,
    builder,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
