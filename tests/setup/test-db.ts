import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../functions/_lib/db.ts';
import { fromPGlite, PGLITE_EXTENSIONS } from '../../functions/_lib/pglite.ts';
import type { Database } from '../../functions/db/database.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { type BlobStore, folderBlobStore } from '../../functions/_lib/blobs.ts';
import type { MailTransport } from '../../functions/_lib/mail.ts';
import type { SmsTransport } from '../../functions/_lib/sms.ts';
import type { PlacesProvider } from '../../functions/imports/places.ts';
import { createApi } from '../../functions/router.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';

/**
 * Which database the integration project runs on (`TEST_DB`, set per project in vitest.config.ts):
 * embedded PGlite, native PostgreSQL through node-postgres, or the same server through Neon's
 * serverless driver (WebSocket Pool mode, via the loopback proxy of tests/setup/neon-proxy.ts):
 * the production driver on Netlify + Neon (ADR 017).
 */
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres' | 'neon';

let neonConfigured = false;

/** Points Neon's driver at the loopback proxy of this run (plain WebSocket, no TLS). */
export async function configureNeon(): Promise<void> {
  if (neonConfigured) return;
  const { neonConfig } = await import('@neondatabase/serverless');
  const proxyPort = inject('neonProxyPort');
  neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxyPort}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
  neonConfigured = true;
}

let template: Promise<PGlite> | undefined;

async function pgliteTemplate(): Promise<PGlite> {
  const pglite = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  const handle = fromPGlite(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: handle.pool }) });
  await migrateToLatest(db);
  return pglite;
}

/**
 * A fresh, migrated database for one test file: a clone of a migrated in-memory PGlite, or a
 * new database copied from the migrated template on the native server (opened with node-postgres,
 * or with Neon's driver for `TEST_DB=neon`).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (TEST_DB === 'pglite') {
    template ??= pgliteTemplate();
    const clone = (await (await template).clone()) as PGlite;
    const embedded = fromPGlite(clone);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: embedded.pool }) });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        await embedded.close();
      },
    };
  }
  const adminUrl = inject('postgresUrl');
  const name = `t_${crypto.randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${name} template directory_template`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  let opened: DatabaseHandle;
  if (TEST_DB === 'neon') {
    await configureNeon();
    opened = await openDatabase({ url, driver: 'neon' });
  } else {
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 5 }) }),
    });
    opened = { db, kind: 'postgres', close: () => db.destroy() };
  }
  return {
    db: opened.db,
    kind: opened.kind,
    close: async () => {
      await opened.close();
      const cleanup = new pg.Client(adminUrl);
      await cleanup.connect();
      // Neon's Pool closes its WebSockets asynchronously: wait for the server to see them go
      // (forcing would kill them and surface as an error in the closed client).
      for (let attempt = 0; ; attempt += 1) {
        try {
          await cleanup.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if (attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await cleanup.end();
    },
  };
}

export const TEST_ORIGIN = 'http://localhost';

/**
 * The API bound to a test database. `purges` records every cache purge (its tags); `resetLinks`
 * every password-reset token sent, `verificationLinks` every e-mail verification token (without a
 * mail transport; `verify(email)` opens the newest one). `call` keeps a cookie jar per `as` name, so one test can act
 * as several browsers.
 */
export function testApi(
  db: Kysely<Database>,
  options: {
    mailTransport?: MailTransport;
    /** Where text messages go; by default the local SMS outbox (`SMS_OUTBOX_DIR`). */
    smsTransport?: SmsTransport;
    places?: () => PlacesProvider;
    /** The host's purge, called after a purge is recorded (e.g. netlify/purge.ts). */
    invalidate?: (tags: readonly string[]) => Promise<void>;
    /** The file store (photos); by default a fresh folder under the system's temp directory. */
    blobs?: BlobStore;
  } = {},
) {
  const blobs =
    options.blobs ?? folderBlobStore(mkdtempSync(path.join(tmpdir(), 'lagos-test-blobs-')));
  const purges: string[][] = [];
  const resetLinks: { email: string; token: string }[] = [];
  const verificationLinks: { email: string; token: string }[] = [];
  const api = createApi({
    db: async () => db,
    invalidate: async (tags) => {
      purges.push([...tags]);
      await options.invalidate?.(tags);
    },
    authConfig: {
      baseURL: TEST_ORIGIN,
      secret: 'test-secret-test-secret-test-secret-1234',
      ...(options.mailTransport
        ? {}
        : {
            sendResetLink: async (to, token) => void resetLinks.push({ email: to.email, token }),
            sendVerificationLink: async (to, token) =>
              void verificationLinks.push({ email: to.email, token }),
          }),
    },
    mailTransport: options.mailTransport,
    ...(options.smsTransport ? { smsTransport: options.smsTransport } : {}),
    blobs: () => blobs,
    ...(options.places ? { places: options.places } : {}),
  });
  const jars = new Map<string, Map<string, string>>();
  const call = async (
    path: string,
    init: RequestInit & { as?: string; json?: unknown; ip?: string } = {},
  ) => {
    const { as, json: body, ip, ...rest } = init;
    const headers = new Headers(rest.headers);
    const jar = as ? (jars.get(as) ?? jars.set(as, new Map()).get(as)!) : undefined;
    if (jar?.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if (body !== undefined) headers.set('content-type', 'application/json');
    if (rest.method && rest.method !== 'GET' && !headers.has('origin'))
      headers.set('origin', TEST_ORIGIN);
    const response = await api(
      new Request(`${TEST_ORIGIN}${path}`, {
        ...rest,
        headers,
        body: body === undefined ? rest.body : JSON.stringify(body),
      }),
      { clientAddress: ip ?? '203.0.113.7' },
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (jar && name) {
        if (/max-age=0/i.test(cookie) || value.join('=') === '') jar.delete(name.trim());
        else jar.set(name.trim(), value.join('='));
      }
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    return {
      status: response.status,
      text,
      bytes,
      // JSON bodies parsed; others (CSV downloads) are left in `text`.
      body:
        text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : null,
      headers: response.headers,
    };
  };
  /** Opens the newest verification link sent to `email` (issue 12.8): its account is verified. */
  const verify = async (email: string) => {
    const link = verificationLinks.findLast((l) => l.email === email.toLowerCase());
    if (!link) throw new Error(`no verification link was sent to ${email}`);
    const response = await call(`/api/auth/verify-email?token=${encodeURIComponent(link.token)}`);
    if (response.status !== 303 || !response.headers.get('location')?.endsWith('=1'))
      throw new Error(`verification of ${email} failed: ${response.status}`);
  };
  return { api, call, purges, resetLinks, verificationLinks, verify, blobs };
}

/**
 * Makes an admin account (`ensureAdmin`) and signs it in in `call`'s cookie jar `as` (default
 * `'admin'`), for the admin routes' tests. Returns the admin's user id; throws when the sign-in
 * is not 200.
 */
export async function signInAdmin(
  db: Kysely<Database>,
  call: ReturnType<typeof testApi>['call'],
  account: { email: string; password: string; as?: string },
): Promise<string> {
  const { email, password, as = 'admin' } = account;
  const { userId } = await ensureAdmin(db, { email, password });
  const signIn = await call('/api/auth/sign-in', { method: 'POST', as, json: { email, password } });
  if (signIn.status !== 200)
    throw new Error(`admin sign-in answered ${signIn.status}: ${signIn.text}`);
  return userId;
}
