import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A loopback fake of a raster tile server (OpenStreetMap's `/{z}/{x}/{y}.png`, ADR 021) for the
 * e2e server's MAP_TILE_URL: every tile is the same real 256×256 PNG (light grey), and every tile
 * request is recorded (path and Referer) so a test can tell when, and whether, a page fetched
 * tiles. Standalone for Playwright: `tsx tests/fakes/tile-server.ts 4391`.
 *
 * GET /health → 200 `ok`; GET /{z}/{x}/{y}.png → 200 image/png (404 for anything else);
 * GET /requests → `{ count, tiles: [{ path, referer }] }`; POST /reset → 204, forgets them.
 */
export interface TileRequest {
  path: string;
  referer: string | null;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `size`×`size` 8-bit greyscale PNG of one shade. */
export function solidPng(size = 256, shade = 0xdd): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(size + 1, shade);
  row[0] = 0; // filter: none
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const TILE_PATH = /^\/\d{1,2}\/\d{1,7}\/\d{1,7}\.png$/;

export interface FakeTileServer {
  baseUrl: string;
  /** The URL template for MAP_TILE_URL. */
  tileUrl: string;
  requests: TileRequest[];
  stop(): Promise<void>;
}

export async function start(port = 0): Promise<FakeTileServer> {
  const png = solidPng();
  const requests: TileRequest[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'GET' && path === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    } else if (req.method === 'GET' && path === '/requests') {
      res
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify({ count: requests.length, tiles: requests }));
    } else if (req.method === 'POST' && path === '/reset') {
      requests.length = 0;
      res.writeHead(204).end();
    } else if (req.method === 'GET' && TILE_PATH.test(path)) {
      requests.push({ path, referer: req.headers.referer ?? null });
      res
        .writeHead(200, {
          'content-type': 'image/png',
          'content-length': png.length,
          // Never cached, so every tile a page shows reaches the counter.
          'cache-control': 'no-store',
        })
        .end(png);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${actual}`;
  return {
    baseUrl,
    tileUrl: `${baseUrl}/{z}/{x}/{y}.png`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const port = Number(process.argv[2] ?? process.env.TILE_FAKE_PORT ?? 4391);
  const fake = await start(Number.isInteger(port) && port >= 0 ? port : 4391);
  console.log(`fake tile server on ${fake.baseUrl}`);
  const shutdown = () => void fake.stop().finally(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
