import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a fake answers the requests that follow: as the service does, with an error, or never. */
export type FakeMode =
  { kind: 'ok' } | { kind: 'fail'; status: number; message: string } | { kind: 'hang' };

/** One request as a fake received it: its body read whole, parsed when it is JSON. */
export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  /** The parsed JSON body; undefined when the body was empty or not JSON. */
  json: unknown;
}

/** The controls every loopback fake of an outside service offers its tests. */
export interface LoopbackFake<Status extends number> {
  baseUrl: string;
  /** Answer every following request with `status` and the service's error body. */
  fail(status: Status, message?: string): void;
  /** Never answer following requests (the client's timeout fires). */
  hang(): void;
  /** Back to success; releases hung requests and calls the fake's own `onReset`. */
  reset(): void;
  stop(): Promise<void>;
}

/**
 * Serves a loopback fake (SendGrid, Termii) on 127.0.0.1 and a free port: reads each request,
 * then calls `respond` with it and the current mode. `respond` answers `res` itself; in the
 * `hang` mode it calls `hold()`, which keeps the response open until `reset` or `stop`.
 * `messages` are the service's own words for an error status, used when `fail` names none.
 */
export async function serveLoopbackFake<Status extends number>(options: {
  messages: Record<number, string>;
  respond: (request: FakeRequest, res: ServerResponse, mode: FakeMode, hold: () => void) => void;
  onReset: () => void;
}): Promise<LoopbackFake<Status>> {
  let mode: FakeMode = { kind: 'ok' };
  const hung = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = raw ? JSON.parse(raw) : undefined;
      } catch {
        json = undefined;
      }
      const hold = () => {
        hung.add(res);
        res.on('close', () => hung.delete(res));
      };
      const request = { method: req.method ?? '', path: req.url ?? '/', headers: req.headers };
      options.respond({ ...request, raw, json }, res, mode, hold);
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
    fail(status, message) {
      mode = { kind: 'fail', status, message: message ?? options.messages[status] ?? 'error' };
    },
    hang() {
      mode = { kind: 'hang' };
    },
    reset() {
      mode = { kind: 'ok' };
      options.onReset();
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
