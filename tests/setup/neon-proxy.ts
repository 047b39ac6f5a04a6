import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { WebSocketServer } from 'ws';

/**
 * A loopback WebSocket → TCP proxy speaking the protocol of Neon's wsproxy: the serverless
 * driver opens `ws://<proxy>/v1?address=<host>:<port>` and sends the Postgres wire protocol in
 * binary frames (DESIGN.md "Database"). With it, `@neondatabase/serverless` in Pool (WebSocket)
 * mode runs for real against the native PostgreSQL of the tests. Plain TCP only: the test
 * server speaks no TLS (`useSecureWebSocket`, `pipelineTLS` off on the client side).
 */
export interface NeonProxy {
  port: number;
  close(): Promise<void>;
}

/** Starts the proxy on 127.0.0.1 and a free port; it forwards only to loopback addresses. */
export async function startNeonProxy(): Promise<NeonProxy> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (socket, request) => {
    const address = new URL(request.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
    const [host = '', port = ''] = address.split(':');
    if (!['127.0.0.1', 'localhost'].includes(host) || !/^\d+$/.test(port)) {
      socket.close(1008, 'loopback only');
      return;
    }
    const tcp = connect(Number(port), host);
    socket.on('message', (data) => tcp.write(data as Buffer));
    tcp.on('data', (chunk) => socket.send(chunk));
    socket.on('close', () => tcp.destroy());
    socket.on('error', () => tcp.destroy());
    tcp.on('close', () => socket.close());
    tcp.on('error', () => socket.close());
  });
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    neonProxyPort: number;
  }
}

/** Vitest global setup of the `integration-neon` project (after postgres-server.ts). */
export default async function setup(project: TestProject) {
  const proxy = await startNeonProxy();
  project.provide('neonProxyPort', proxy.port);
  return () => proxy.close();
}
