import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_SENT_MESSAGE } from '../../common/schemas/outage';
import { apiPost, apiSend, isUnavailable, isUnexpected } from './api-client';

/** Issue 23.2: what the islands get while the database cannot be reached (a loopback server). */
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/envelope') {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '30' });
      res.end(
        JSON.stringify({
          error: {
            code: 'DATABASE_UNAVAILABLE',
            message: "We can't reach our directory right now. Please try again in a minute.",
            requestId: 'r1',
          },
        }),
      );
    } else if (req.url === '/proxy') {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<h1>Service Unavailable</h1>');
    } else {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Bad', requestId: 'r2' } }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('api-client during an outage', () => {
  it('says a write was not sent, so the form keeps what was typed', async () => {
    const result = await apiPost(`${base}/envelope`, { name: 'Ada' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      notSent: true,
      message: NOT_SENT_MESSAGE,
      requestId: 'r1',
    });
    expect(isUnavailable(result.error)).toBe(true);
    expect(isUnexpected(result.error)).toBe(false);
  });

  it('reads a 503 without the envelope (a proxy, the CDN) as the same outage', async () => {
    const result = await apiSend('DELETE', `${base}/proxy`);
    expect(!result.ok && result.error).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      notSent: true,
    });
  });

  it('leaves other failures as they are', async () => {
    const result = await apiPost(`${base}/other`, {});
    expect(!result.ok && result.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Bad',
      requestId: 'r2',
    });
  });
});
