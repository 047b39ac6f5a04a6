import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback fake of Netlify's cache purge API, `POST /api/v1/purge`, as `purgeCache` from
 * @netlify/functions calls it (JSON `{ cache_tags, site_id }` or `{ cache_tags, site_slug }`,
 * `Authorization: Bearer <NETLIFY_PURGE_API_TOKEN>`); it answers 202 with an empty body like the
 * real API, or the status set with `fail`. Point the client at it with NETLIFY_API_URL=baseUrl.
 */
export interface PurgeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { cache_tags?: string[]; site_id?: string; site_slug?: string; deploy_alias?: string };
}

export interface FakePurgeApi {
  baseUrl: string;
  requests: PurgeRequest[];
  /** Answer the following requests with `status` (e.g. 500). */
  fail(status: number): void;
  /** Back to 202; clears `requests`. */
  reset(): void;
  stop(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 (`port` 0: a free one). */
export async function startFakePurgeApi(port = 0): Promise<FakePurgeApi> {
  const requests: PurgeRequest[] = [];
  let status = 202;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: PurgeRequest['body'];
      try {
        body = raw ? (JSON.parse(raw) as PurgeRequest['body']) : {};
      } catch {
        body = {};
      }
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      });
      const known = req.method === 'POST' && req.url === '/api/v1/purge';
      res.writeHead(known ? status : 404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${bound}`,
    requests,
    fail: (next) => void (status = next),
    reset: () => {
      status = 202;
      requests.length = 0;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
