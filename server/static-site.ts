import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { log } from '../functions/_lib/log.ts';

export interface StaticSite {
  /** Serves a file of the build (precompressed .br/.gz when accepted), else calls `next`. */
  serve(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** The 404 page with status 404, logged (SPEC §2: "the unknown route is logged"). */
  notFound(url: URL, method?: string): Response;
}

/**
 * The build's static files: hashed assets under /_astro cached for a year, everything else
 * revalidated. Misses go to the on-demand pages; what no page answers gets the 404 page.
 */
export function createStaticSite(dir: string): StaticSite {
  const files = sirv(dir, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    extensions: ['html'],
    setHeaders(res, pathname) {
      res.setHeader(
        'cache-control',
        pathname.startsWith('/_astro/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      );
    },
  });
  const page = readPage(dir, '404.html');
  return {
    serve: (req, res, next) => files(req, res, next),
    notFound(url, method = 'GET') {
      log.warn('unknown route', { method, path: url.pathname });
      return new Response(method === 'HEAD' ? null : page ? new Uint8Array(page) : 'Not found', {
        status: 404,
        headers: {
          'content-type': page ? 'text/html; charset=utf-8' : 'text/plain',
          'cache-control': 'no-store',
        },
      });
    },
  };
}

function readPage(dir: string, rel: string): Buffer | undefined {
  const file = path.join(dir, rel);
  return existsSync(file) ? readFileSync(file) : undefined;
}
