import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback fake of Termii's Send Message endpoint (ADR 067): `POST /api/sms/send` with a JSON
 * body `{ api_key, to, from, sms, type, channel }`, answered like Termii: 200 with
 * `{ code: 'ok', message_id, message: 'Successfully Sent', balance, user }`, or an error status
 * with `{ message }` (a wrong key is 401 "Invalid API key"). It records every request; fault
 * modes make it answer an error or hang (the client's timeout fires).
 */
export interface TermiiSendBody {
  api_key: string;
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
}

export interface RecordedTermiiRequest {
  method: string;
  path: string;
  body: TermiiSendBody | undefined;
}

export interface FakeTermii {
  baseUrl: string;
  requests: RecordedTermiiRequest[];
  /** Answer every following request with `status` and Termii's `{ message }` body. */
  fail(status: 400 | 401 | 404 | 500 | 503, message?: string): void;
  /** Never answer following requests. */
  hang(): void;
  /** Back to success; clears `requests` and releases hung requests. */
  reset(): void;
  stop(): Promise<void>;
}

const MESSAGES: Record<number, string> = {
  400: 'Insufficient balance',
  401: 'Invalid API key',
  404: 'Sender ID not found',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export async function start(options: { apiKey?: string } = {}): Promise<FakeTermii> {
  const requests: RecordedTermiiRequest[] = [];
  let mode: { kind: 'ok' } | { kind: 'fail'; status: number; message: string } | { kind: 'hang' } =
    { kind: 'ok' };
  const hung = new Set<ServerResponse>();
  let balance = 1000;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: TermiiSendBody | undefined;
      try {
        body = raw ? (JSON.parse(raw) as TermiiSendBody) : undefined;
      } catch {
        body = undefined;
      }
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? '', path, body });
      const answer = (status: number, payload: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST' || path !== '/api/sms/send')
        return answer(404, { message: 'Not Found' });
      if (!body || typeof body.api_key !== 'string' || !body.api_key)
        return answer(401, { message: MESSAGES[401] });
      if (options.apiKey && body.api_key !== options.apiKey)
        return answer(401, { message: MESSAGES[401] });
      if (!/^\d{10,15}$/.test(body.to ?? '') || !body.from || !body.sms)
        return answer(400, { message: 'to, from and sms are required' });
      if (mode.kind === 'hang') {
        hung.add(res);
        res.on('close', () => hung.delete(res));
        return;
      }
      if (mode.kind === 'fail') return answer(mode.status, { message: mode.message });
      balance -= 4;
      const id = String(9_122_821_270_554_876_000 + requests.length);
      answer(200, {
        code: 'ok',
        message_id: id,
        message_id_str: id,
        message: 'Successfully Sent',
        balance,
        user: 'Lagos Auto Hub',
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const releaseHung = () => {
    for (const res of hung) res.destroy();
    hung.clear();
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    fail(status, message) {
      mode = { kind: 'fail', status, message: message ?? MESSAGES[status] ?? 'error' };
    },
    hang() {
      mode = { kind: 'hang' };
    },
    reset() {
      mode = { kind: 'ok' };
      requests.length = 0;
      releaseHung();
    },
    async stop() {
      releaseHung();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
