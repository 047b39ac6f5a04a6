import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lagosMonth } from '../../common/schemas/reviews.ts';
import { type DatabaseHandle, provideSharedDatabase } from '../../functions/_lib/db.ts';
import { seedDatabase } from '../../functions/db/seeds/seed.ts';
import {
  BEACONS_PER_MINUTE,
  countBeacon,
  flushCounts,
} from '../../functions/insights/insights.service.ts';
import { type LocalServer, startLocalServer } from '../../server/local-server.ts';
import { ensureSiteBuild } from '../../server/site-build.ts';
import { PERMISSIONS_POLICY } from '../../common/config/security-headers.ts';
import { insertBusiness } from '../factories/business.ts';
import { createTestDatabase } from '../setup/test-db.ts';

/**
 * The local server as an attacker meets it (issue 12): security headers on every kind of
 * response (12.9), request bodies bounded while they stream and the connection left usable
 * (12.2), malformed page URLs (12.3), the client address behind a trusted proxy (12.1) and
 * websites that break the URL rule on the business page (12.4), and forms posted without
 * JavaScript counted against their visitor, not the server (issue 34.1).
 * Its own build folder, so it never races tests/integration/local-server.test.ts for .data/test-site.
 */

let handle: DatabaseHandle;
let local: LocalServer;
let port = 0;

beforeAll(async () => {
  mkdirSync('.data', { recursive: true });
  handle = await createTestDatabase();
  await seedDatabase(handle.db);
  provideSharedDatabase(handle);
  const site = await ensureSiteBuild('.data/test-site-security', 'http://127.0.0.1');
  local = await startLocalServer({ db: handle.db, port: 0, host: '127.0.0.1', site });
  port = Number(new URL(local.url).port);
}, 300_000);

afterAll(async () => {
  await local?.close();
  await handle?.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One raw HTTP/1.1 request on `agent` (keep-alive when given), body written as given. */
function request(
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string | number>;
    body?: Buffer | string | (() => AsyncIterable<Buffer>);
    agent?: http.Agent;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: init.method ?? 'GET',
        headers: init.headers,
        agent: init.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    // The server may close after answering early: what was sent by then is the result.
    req.on('error', (error) => reject(error));
    const body = init.body;
    if (typeof body === 'function') {
      void (async () => {
        try {
          for await (const chunk of body()) {
            if (req.destroyed) return;
            if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
          }
          req.end();
        } catch {
          // the server closed the connection: the response (if any) tells the outcome
        }
      })();
    } else {
      req.end(body);
    }
  });
}

/** `total` bytes of chunked upload, one reused 64 KiB buffer at a time (memory stays flat). */
function chunks(total: number): () => AsyncIterable<Buffer> {
  const block = Buffer.alloc(64 * 1024, 'a');
  return async function* () {
    for (let sent = 0; sent < total; sent += block.length) yield block;
  };
}

const ORIGIN = () => ({ origin: local.url, 'content-type': 'application/json' });

function expectSecurityHeaders(path: string, headers: http.IncomingHttpHeaders) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, `${path}: CSP`).toMatch(/script-src 'self'/);
  expect(csp, `${path}: no inline script`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(csp, path).toContain("object-src 'none'");
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], path).toBe(PERMISSIONS_POLICY);
  expect(headers['permissions-policy'], path).toContain('geolocation=(self)');
  expect(headers['permissions-policy'], path).toContain('camera=()');
  expect(headers['x-frame-options'], path).toBe('DENY');
  expect(headers['strict-transport-security'], `${path}: no HSTS over http`).toBeUndefined();
}

describe('security headers on every response (issue 12.9)', () => {
  it('API, static files, pre-rendered and on-demand pages, 404s, 304s and 413s', async () => {
    const home = await request('/');
    // Page scripts are written as <template data-page-script="/_astro/….js"> (ADR 027).
    const asset = /data-page-script="(\/_astro\/[^"]+\.js)"/.exec(home.body)?.[1];
    expect(asset, 'a bundled script on the home page').toBeTruthy();
    const paths: [string, number][] = [
      ['/api/directory', 200],
      ['/api/no-such-route', 404],
      ['/api/directory/search?q=%00', 400],
      ['/auth/', 200],
      ['/admin/', 200],
      ['/icons.svg', 200],
      [asset!, 200],
      ['/', 200],
      ['/mechanic/', 200],
      ['/mechanic/', 200], // from the page cache
      ['/business/no-such-business/', 404],
      ['/no/such/route', 404],
    ];
    for (const [path, status] of paths) {
      const response = await request(path);
      expect(response.status, path).toBe(status);
      expectSecurityHeaders(path, response.headers);
    }
    // A pre-rendered page (the form pages are on demand since issue 22.1, never cached).
    const etag = (await request('/admin/')).headers.etag!;
    const notModified = await request('/admin/', { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expectSecurityHeaders('/admin/ (304)', notModified.headers);
    // The 304 keeps the page's own policy (its script hashes), not the default.
    expect(notModified.headers['content-security-policy']).toBe(
      (await request('/admin/')).headers['content-security-policy'],
    );
    const tooLarge = await request('/api/contacts', {
      method: 'POST',
      headers: { ...ORIGIN(), 'content-length': 10_000_000 },
    }).catch(() => undefined);
    if (tooLarge) expectSecurityHeaders('413', tooLarge.headers);
  });

  it('HTML pages list the sha256 of each inline script they run, and nothing lets other inline scripts run', async () => {
    for (const path of ['/', '/auth/', '/mechanic/', '/admin/', '/register/']) {
      const response = await request(path);
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
      const inline = [
        ...response.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g),
      ]
        .filter(([, attributes]) => !/application\/ld\+json/.test(attributes!))
        .map(([, , code]) => code!);
      for (const code of inline) {
        const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
        expect(scriptSrc, `${path}: hash of an inline script`).toContain(hash);
      }
      expect(response.body, path).not.toContain('http-equiv="content-security-policy"');
    }
  });

  it('HSTS when a trusted proxy says the request came over https', async () => {
    vi.stubEnv('TRUSTED_PROXIES', '127.0.0.1');
    const viaProxy = await request('/auth/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const api = await request('/api/directory', { headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBeDefined();
    vi.unstubAllEnvs();
    const spoofed = await request('/auth/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('request bodies bounded while they stream (issue 12.2)', () => {
  it('refuses a declared Content-Length over the limit at once, in the envelope, and closes', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const response = await request('/api/contacts', {
      method: 'POST',
      headers: { ...ORIGIN(), 'content-length': 1_000_000 },
      body: Buffer.alloc(1_000_000, 'a'),
      agent,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body).error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request is too large.',
    });
    expect(response.headers.connection).toBe('close');
    // The next request on the same agent gets a fresh connection and an answer, not ECONNRESET.
    const next = await request('/api/directory?limit=1', { agent });
    expect(next.status).toBe(200);
    agent.destroy();
  });

  it('refuses a chunked body as soon as it passes the limit; the keep-alive client goes on', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const response = await request('/api/contacts', {
      method: 'POST',
      headers: { ...ORIGIN(), 'transfer-encoding': 'chunked' },
      body: chunks(8 * 1024 * 1024),
      agent,
    });
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe('close');
    expect(JSON.parse(response.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    for (let i = 0; i < 3; i++)
      expect((await request('/api/directory?limit=1', { agent })).status).toBe(200);
    agent.destroy();
  });

  it('applies the limit to page requests too', async () => {
    const declared = await request('/mechanic/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 100_000 },
      body: Buffer.alloc(100_000, 'a'),
    });
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe('close');
    expect(JSON.parse(declared.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    const streamed = await request('/mechanic/', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'transfer-encoding': 'chunked',
      },
      body: chunks(8 * 1024 * 1024),
    });
    expect(streamed.status).toBeLessThan(500);
    expect(streamed.headers.connection).toBe('close');
  });

  it('lets the review page take its photos (ADR 048): up to 16 MB declared, 413 beyond', async () => {
    const path = '/business/no-such-business/review/';
    const type = 'multipart/form-data; boundary=bench';
    // Over a form's 64 KB: the page itself answers (here: no such business), not the 413.
    const photo = await request(path, {
      method: 'POST',
      headers: { 'content-type': type, 'content-length': 300_000 },
      body: Buffer.alloc(300_000, 'a'),
    });
    expect(photo.status).not.toBe(413);
    expect(photo.status).toBeLessThan(500);
    const declared = await request(path, {
      method: 'POST',
      headers: { 'content-type': type, 'content-length': 17 * 1024 * 1024 },
      body: Buffer.alloc(17 * 1024 * 1024, 'a'),
    });
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe('close');
  });

  it('keeps memory flat under a 256 MB chunked upload', async () => {
    globalThis.gc?.();
    const before = process.memoryUsage();
    const response = await request('/api/contacts', {
      method: 'POST',
      headers: { ...ORIGIN(), 'transfer-encoding': 'chunked' },
      body: chunks(256 * 1024 * 1024),
    });
    const after = process.memoryUsage();
    const grown = (after.rss - before.rss) / 1024 / 1024;
    console.log(
      `256 MB chunked upload: ${response.status}; RSS ${Math.round(before.rss / 1048576)} → ${Math.round(after.rss / 1048576)} MB (+${grown.toFixed(1)} MB), heap +${((after.heapUsed - before.heapUsed) / 1048576).toFixed(1)} MB`,
    );
    expect(response.status).toBe(413);
    expect(grown).toBeLessThan(64);
  });
});

describe('malformed page URLs and the client address', () => {
  it('pages answer malformed query strings without a 5xx', async () => {
    for (const path of [
      '/mechanic/?q=%00',
      '/mechanic/?page=%FF',
      '/articles/?q=%ED%A0%80',
      '/mechanic/page/%00/',
      '/business/%FF/',
      '/?cursor=%00',
    ]) {
      expect((await request(path)).status, path).toBeLessThan(500);
    }
  });

  it('ignores X-Forwarded-For from a client; believes it from a trusted proxy', async () => {
    const wrongSignIn = (forwarded: string) =>
      request('/api/auth/sign-in', {
        method: 'POST',
        headers: { ...ORIGIN(), 'x-forwarded-for': forwarded },
        body: JSON.stringify({ email: 'spoof-target@example.com', password: 'wrong-pass' }),
      });
    // Changing the header does not give a spoofer a fresh bucket: the sixth attempt waits.
    for (let i = 0; i < 5; i++) expect((await wrongSignIn(`198.51.100.${i}`)).status).toBe(401);
    expect((await wrongSignIn('198.51.100.99')).status).toBe(429);
    // Behind a trusted proxy each forwarded client has its own bucket.
    vi.stubEnv('TRUSTED_PROXIES', '127.0.0.1/32');
    for (let i = 0; i < 6; i++) expect((await wrongSignIn(`203.0.113.${i}`)).status).toBe(401);
  });
});

describe('the business page refuses websites that break the URL rule (issue 12.4)', () => {
  it('renders no link and no sameAs for a javascript: website stored before the rule', async () => {
    await insertBusiness(handle.db, {
      status: 'approved',
      slug: 'hostile-website-motors',
      business_name: 'Hostile Website Motors',
      website: 'javascript:alert(document.cookie)',
    });
    const page = await request('/business/hostile-website-motors/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Hostile Website Motors');
    expect(page.body).not.toMatch(/href="javascript:/i);
    expect(page.body).not.toContain('Visit Website');
    expect(page.body).not.toContain('sameAs');
  });
});

describe('forms posted without JavaScript are counted against the visitor (issue 34.1)', () => {
  const PHONE_UA =
    'Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
  let slug = '';
  let listingId = '';
  let userCounter = 0;

  beforeAll(async () => {
    const listing = await insertBusiness(handle.db, {
      status: 'approved',
      slug: 'visitor-address-motors',
      business_name: 'Visitor Address Motors',
    });
    slug = listing.slug ?? '';
    listingId = listing.id;
    // What the tests above charged to the loopback is forgotten: these count it afresh.
    await forgetLoopback();
  });

  async function forgetLoopback(): Promise<void> {
    await handle.db.deleteFrom('rate_limits').where('key', 'like', '%:127.0.0.1%').execute();
    await handle.db.deleteFrom('auth_failures').where('key', 'like', '%:127.0.0.1%').execute();
  }

  /** A form posted as a browser without JavaScript does: urlencoded, to the page itself. */
  const postForm = (
    path: string,
    fields: Record<string, string>,
    from: { forwarded?: string; cookie?: string } = {},
  ) =>
    request(path, {
      method: 'POST',
      headers: {
        origin: local.url,
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': PHONE_UA,
        ...(from.forwarded ? { 'x-forwarded-for': from.forwarded } : {}),
        ...(from.cookie ? { cookie: from.cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });

  /** The per-address limit keys (rate limits and sign-in backoff) that name `address`. */
  async function keysOf(address: string): Promise<string[]> {
    const { rows } = await sql<{ key: string }>`
      select key from rate_limits where key like ${`%:${address}%`}
      union select key from auth_failures where key like ${`%:${address}%`}`.execute(handle.db);
    return rows.map((row) => row.key.replace(`:${address}`, ':ADDRESS')).sort();
  }

  /** A signed-up account, e-mail confirmed, created `ageDays` ago; its cookie. */
  async function account(ageDays = 30): Promise<string> {
    userCounter += 1;
    const email = `visitor-${userCounter}@example.com`;
    const signUp = await request('/api/auth/sign-up', {
      method: 'POST',
      // Behind the trusted proxy each account signs up from an address of its own.
      headers: { ...ORIGIN(), 'x-forwarded-for': `203.0.113.${100 + userCounter}` },
      body: JSON.stringify({ email, password: `visitor-pass-${userCounter}` }),
    });
    expect(signUp.status, signUp.body).toBe(201);
    await handle.db
      .updateTable('user')
      .set({
        email_verified: true,
        created_at: sql`now() - make_interval(days => ${ageDays})`,
      })
      .where('email', '=', email)
      .execute();
    return ([signUp.headers['set-cookie'] ?? []].flat() as string[])
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  }

  const review = (n: number) => ({
    rating: '4',
    title: 'Honest mechanic',
    body: `Fixed my gearbox in two days and explained every part he changed, visitor ${n}.`,
    service: 'Mechanic / Repair Services',
    visit_month: lagosMonth(),
    author_name: 'Ada O.',
  });

  /** Every public form that posts to its page (and through the API in-process), once. */
  async function postEveryForm(forwarded: string, n: number): Promise<void> {
    const from = { forwarded };
    const answers: [string, RawResponse][] = [
      [
        'contact',
        await postForm(
          '/contact/',
          {
            name: 'Ada Okafor',
            email: `ada${n}@example.com`,
            subject: 'Listing question',
            message: 'How do I update my listing details?',
          },
          from,
        ),
      ],
      [
        'find-it',
        await postForm(
          '/find-it/',
          {
            name: 'Ada Okafor',
            email: `ada${n}@example.com`,
            phone: '08031234567',
            location: 'Yaba',
            services: 'Mechanic / Repair Services',
          },
          from,
        ),
      ],
      [
        'register',
        await postForm(
          '/register/',
          {
            businessName: `Visitor ${n} Auto Works`,
            description: 'Engine and gearbox repairs near Ikeja roundabout.',
            services: 'Engine repair, gearbox overhaul',
            serviceCategories: 'Mechanic / Repair Services',
            contactVisibility: 'public',
          },
          from,
        ),
      ],
      ['report', await postForm(`/business/${slug}/report/`, { reason: 'closed' }, from)],
      [
        'sign-up',
        await postForm(
          '/auth/?tab=signup',
          { email: `signup-${n}@example.com`, password: `signup-pass-${n}` },
          from,
        ),
      ],
      [
        'sign-in',
        await postForm(
          '/auth/',
          { email: `nobody-${n}@example.com`, password: 'wrong-pass' },
          from,
        ),
      ],
      [
        'forgot-password',
        await postForm('/auth/forgot-password/', { email: `nobody-${n}@example.com` }, from),
      ],
      [
        'reset-password',
        await postForm(
          '/auth/reset-password/',
          {
            token: 'not-a-real-token-at-all',
            password: 'new-pass-123',
            confirmPassword: 'new-pass-123',
          },
          from,
        ),
      ],
    ];
    const cookie = await account();
    const written = await postForm(`/business/${slug}/review/`, review(n), { ...from, cookie });
    answers.push(['review', written]);
    const reviewId = (
      await handle.db
        .selectFrom('reviews')
        .select('id')
        .where('listing_id', '=', listingId)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    answers.push([
      'review report',
      await postForm(`/business/${slug}/reviews/${reviewId}/report/`, { reason: 'fake' }, from),
    ]);
    for (const [form, answer] of answers)
      expect(answer.status, `${form}: ${answer.status}`).not.toBe(429);
  }

  const EVERY_FORM_KEYS = [
    'form:contact:ip:ADDRESS',
    'form:find-it:ip:ADDRESS',
    'form:registration:ip:ADDRESS',
    'report:ip:ADDRESS',
    'reset-confirm:ip:ADDRESS',
    'reset:ip:ADDRESS',
    'review-report:ip:ADDRESS',
    'review:ip:ADDRESS',
    'sign-in:ip:ADDRESS',
    'sign-up:ip:ADDRESS',
  ];

  it('behind a trusted proxy, each visitor posting every form has buckets of their own', async () => {
    vi.stubEnv('TRUSTED_PROXIES', '127.0.0.1');
    await postEveryForm('198.51.100.41', 1);
    await postEveryForm('198.51.100.42', 2);
    for (const visitor of ['198.51.100.41', '198.51.100.42'])
      expect(await keysOf(visitor), visitor).toEqual(expect.arrayContaining(EVERY_FORM_KEYS));
    // The server's own address was charged for none of them.
    expect(await keysOf('127.0.0.1')).toEqual([]);
  });

  it('from an untrusted peer, a forged X-Forwarded-For changes nothing', async () => {
    vi.stubEnv('TRUSTED_PROXIES', '');
    await postEveryForm('198.51.100.43', 3);
    expect(await keysOf('198.51.100.43')).toEqual([]);
    // The peer itself (here the loopback) is the visitor.
    expect(await keysOf('127.0.0.1')).toEqual(expect.arrayContaining(EVERY_FORM_KEYS));
    await forgetLoopback();
  });

  it('three new accounts from three visitors reviewing one listing are not held as one address', async () => {
    vi.stubEnv('TRUSTED_PROXIES', '127.0.0.1');
    const listing = await insertBusiness(handle.db, {
      status: 'approved',
      slug: 'three-visitors-motors',
      business_name: 'Three Visitors Motors',
    });
    // Three networks, so only the address rules are in play (not ADR 077's one-network rule).
    const visitors = ['198.51.100.50', '203.0.113.51', '192.0.2.52'];
    for (const [n, forwarded] of visitors.entries()) {
      const cookie = await account(0);
      const written = await postForm(`/business/${listing.slug}/review/`, review(100 + n), {
        forwarded,
        cookie,
      });
      expect(written.status, written.body).toBe(303);
    }
    const held = await handle.db
      .selectFrom('reviews')
      .select(['status', 'hold_reasons'])
      .where('listing_id', '=', listing.id)
      .orderBy('created_at')
      .execute();
    expect(held).toHaveLength(3);
    // Had the server counted them as one address (its own), they would be held as 'new_accounts'.
    // A third new account of the day on one listing is held by ADR 077's burst rule, with the two
    // before it, for that reason only.
    for (const row of held) expect(row.hold_reasons).toEqual(['new_accounts_day']);
  });

  it("a posted search is counted within its visitor's beacon limit, not the server's", async () => {
    vi.stubEnv('TRUSTED_PROXIES', '127.0.0.1');
    // The server's own address has spent its minute (as every no-script search did before).
    const client = { address: '127.0.0.1', userAgent: PHONE_UA, purpose: null };
    for (let i = 0; i < BEACONS_PER_MINUTE; i++)
      await countBeacon(handle.db, { listing: listingId, event: 'page_view' }, client);
    const shown = await postForm(
      '/',
      { q: 'visitor address motors' },
      { forwarded: '198.51.100.60' },
    );
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('Visitor Address Motors');
    await flushCounts(handle.db);
    const { rows } = await sql<{ searches: number }>`
      select searches from search_stats_daily where query = 'visitor address motors'`.execute(
      handle.db,
    );
    expect(rows.map((row) => Number(row.searches))).toEqual([1]);
  });
});
