import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { neonConfig } from '@neondatabase/serverless';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../functions/_lib/db.ts';
import { insertBusiness } from '../factories/business.ts';
import { TEST_DB, testApi } from '../setup/test-db.ts';

/**
 * The Neon serverless driver for real, against the native server, through a loopback
 * WebSocket→TCP proxy speaking Neon's wsproxy protocol (DESIGN.md "Database").
 */
describe.runIf(TEST_DB === 'postgres')('Neon driver', () => {
  let proxy: WebSocketServer;
  let handle: DatabaseHandle;
  const dbName = `neon_${Date.now()}`;
  let adminUrl: string;

  beforeAll(async () => {
    adminUrl = inject('postgresUrl');
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`create database ${dbName} template directory_template`);
    await admin.end();

    proxy = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    proxy.on('connection', (socket, request) => {
      const address = new URL(request.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
      const [host, port] = address.split(':');
      const tcp = connect(Number(port), host);
      socket.on('message', (data) => tcp.write(data as Buffer));
      tcp.on('data', (chunk) => socket.send(chunk));
      socket.on('close', () => tcp.destroy());
      tcp.on('close', () => socket.close());
      tcp.on('error', () => socket.close());
    });
    await new Promise((resolve) => proxy.once('listening', resolve));
    const proxyPort = (proxy.address() as AddressInfo).port;
    neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxyPort}/v1?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;

    handle = await openDatabase({
      url: adminUrl.replace(/\/postgres$/, `/${dbName}`),
      driver: 'neon',
    });
  });

  afterAll(async () => {
    await handle?.close();
    proxy?.close();
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('serves the public API through the Neon Pool', async () => {
    expect(handle.kind).toBe('neon');
    await insertBusiness(handle.db, {
      business_name: 'Neon Wired Autos',
      contact_visibility: 'registered_users_only',
      email: 'neon-secret@example.com',
    });
    const { call } = testApi(handle.db);
    const { status, body, text } = await call('/api/directory/search?q=neon%20wired');
    expect(status).toBe(200);
    expect(body.businesses.map((b: { business_name: string }) => b.business_name)).toEqual([
      'Neon Wired Autos',
    ]);
    expect(text).not.toContain('neon-secret@example.com');
  });
});
