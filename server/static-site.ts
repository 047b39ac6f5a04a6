import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { log } from '../functions/_lib/log.ts';

type Next = () => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/**
 * Serves one build's static files (precompressed .br/.gz when the client accepts them).
 * Hashed assets under /_astro are cached for a year; pages revalidate.
 * Misses: unknown `/articles/*` get the Article Not Found page, anything else the 404 page,
 * both with status 404 and logged (SPEC §2: "the unknown route is logged"). The same rule for
 * Netlify lives in public/_redirects.
 */
export function createStaticSite(dir: string): Middleware {
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
  // sirv always answers 200, so the two not-found pages are sent from memory with a 404.
  const notFound = readPage(dir, '404.html');
  const articleNotFound = readPage(dir, 'article-not-found/index.html') ?? notFound;

  return (req, res, next) => {
    files(req, res, () => {
      const url = new URL(req.url ?? '/', 'http://local');
      log.warn('unknown route', {
        method: req.method,
        path: url.pathname,
        referer: req.headers.referer,
      });
      const page = url.pathname.startsWith('/articles/') ? articleNotFound : notFound;
      if (!page) return next();
      res.writeHead(404, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : page);
    });
  };
}

function readPage(dir: string, rel: string): Buffer | undefined {
  const file = path.join(dir, rel);
  return existsSync(file) ? readFileSync(file) : undefined;
}
