import { type ChildProcess, execFile, spawn } from 'node:child_process';
import http from 'node:http';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../functions/db/database.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { seedDatabase } from '../../functions/db/seeds/seed.ts';
import { dueMonth } from '../../functions/monthly-summary/monthly-summary.service.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { netlifyHeadersFile } from '../../netlify/headers.ts';
import { insertBusiness } from '../factories/business.ts';
import { multipartBody, phonePhoto } from '../factories/photos.ts';
import { startFakePurgeApi, type FakePurgeApi } from '../fakes/netlify-purge.ts';
import { startNativePostgres, type NativePostgres } from '../setup/native-postgres.ts';

/**
 * The production path with Netlify's own tooling (issue 14, ADR 017): `netlify serve --offline`
 * (netlify-cli pinned in package.json) runs the Netlify build (netlify.toml: migrations, Astro with
 * the Netlify adapter, function zips and their check) and serves the result the way Netlify does:
 * static files with `_headers`, everything else through the SSR function, on a native PostgreSQL
 * started here. Writes purge through `purgeCache` against a loopback fake of Netlify's purge API.
 * `netlify serve` does not emulate the CDN cache, so every page request renders.
 *
 * netlify-cli retries a function's 403/404 at `.html`/`.htm`/`/index.html`/`/index.htm` variants
 * (its imitation of the CDN's file lookup, netlify/cli#1442): a 404 page is rendered up to five
 * times here, once on Netlify.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const SECRET = 'netlify-smoke-secret-netlify-smoke-secret';
const PURGE_TOKEN = 'purge-token-netlify-serve';
const SITE_ID = 'netlify-serve-site';
const ADMIN = { email: 'serve-admin@example.com', password: 'serve-admin-pass-1' };
/**
 * Ports the task may use for `netlify serve` (its main port and static server port); from
 * NETLIFY_SERVE_PORT when set (a machine where 4400–4420 belong to someone else).
 */
const FIRST_PORT = Number(process.env.NETLIFY_SERVE_PORT || 4400);
const PORTS = { first: FIRST_PORT, last: FIRST_PORT + 20 };

let postgres: NativePostgres;
let fake: FakePurgeApi;
let serve: ChildProcess | undefined;
let output = '';
let base = '';
let buildSeconds = 0;
let listing: { id: string; slug: string; name: string };
/** Where the functions' local outbox writes each e-mail (no SendGrid key here). */
let mailDir = '';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePortPair(): Promise<number> {
  for (let port = PORTS.first; port < PORTS.last; port += 2) {
    if ((await isFree(port)) && (await isFree(port + 1))) return port;
  }
  throw new Error(`No two free ports in ${PORTS.first}-${PORTS.last} for netlify serve.`);
}

/** The environment of netlify-cli: this one without Vitest's, plus what production sets. */
function serveEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('VITEST') && !['NODE_ENV', 'TEST_DB'].includes(name),
    ),
  );
  return {
    ...inherited,
    PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
    LOG_LEVEL: 'info',
    ...extra,
  };
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`netlify serve exited early:\n${output}`);
    if (output.includes('Local dev server ready')) {
      try {
        if ((await fetch(`${url}/robots.txt`)).status === 200) return;
      } catch {
        // not listening yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`netlify serve not ready after ${timeoutMs / 1000} s:\n${output}`);
}

beforeAll(async () => {
  [postgres, fake] = await Promise.all([startNativePostgres(['directory']), startFakePurgeApi()]);
  const url = postgres.urlOf('directory');
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 3 }) }),
  });
  try {
    process.env.BETTER_AUTH_SECRET = SECRET;
    await migrateToLatest(db);
    await seedDatabase(db);
    await ensureAdmin(db, { ...ADMIN, name: 'Serve Admin' });
    // Enough mechanics for a second category page (24 a page).
    const mechanic = (i: number) =>
      insertBusiness(db, {
        business_name: `Serve Smoke Mechanic ${i}`,
        slug: `serve-smoke-mechanic-${i}`,
      });
    let last = await mechanic(0);
    for (let i = 1; i < 30; i += 1) last = await mechanic(i);
    listing = { id: last.id, slug: last.slug ?? '', name: last.business_name };
  } finally {
    await db.destroy();
  }

  const port = await freePortPair();
  base = `http://localhost:${port}`;
  mailDir = mkdtempSync(path.join(tmpdir(), 'netlify-serve-mail-'));
  const started = Date.now();
  serve = spawn(
    path.join(BIN, 'netlify'),
    ['serve', '--offline', '--port', String(port), '--staticServerPort', String(port + 1)],
    {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: serveEnvironment({
        DATABASE_URL: url,
        BETTER_AUTH_SECRET: SECRET,
        SITE_URL: base,
        NETLIFY_PURGE_API_TOKEN: PURGE_TOKEN,
        SITE_ID,
        NETLIFY_API_URL: fake.baseUrl,
        MAIL_OUTBOX_DIR: mailDir,
        BROWSER: 'none',
      }),
    },
  );
  serve.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  serve.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForServer(base, serve, 540_000);
  buildSeconds = (Date.now() - started) / 1000;
  console.log(`netlify serve (build included) ready in ${buildSeconds.toFixed(0)} s`);
}, 600_000);

/** Signals netlify-cli's process group (it starts the functions server and Deno). */
function signal(child: ChildProcess, name: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, name);
  } catch {
    // already gone
  }
}

afterAll(async () => {
  mkdirSync(path.join(ROOT, '.data'), { recursive: true });
  writeFileSync(path.join(ROOT, '.data/netlify-serve.log'), output);
  if (serve?.pid && serve.exitCode === null) {
    const exited = new Promise((resolve) => serve!.once('exit', resolve));
    signal(serve, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (serve.exitCode === null) signal(serve, 'SIGKILL');
  }
  await fake?.stop();
  await postgres?.stop();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${pathname}`, { headers, redirect: 'manual' });
const post = (pathname: string, json: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...headers },
    body: JSON.stringify(json),
  });
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
/** The JSON log lines the function wrote (netlify serve prints them). */
const logLines = () =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });

describe('netlify build', () => {
  it('zipped the SSR function within budget and printed its size (the bundle check plugin)', () => {
    // ≤ 10 MB since the photo pipeline has a function of its own (issue 34.4, ADR 056).
    const report = output.match(/ssr\.zip: ([\d.]+) MB zipped \(budget 10\.0 MB\), (\d+) files/);
    expect(report, output).not.toBeNull();
    expect(Number(report![1])).toBeLessThanOrEqual(10);
    const photos = output.match(/photo-processing\.zip: ([\d.]+) MB zipped \(budget 20\.0 MB\)/);
    expect(photos, output).not.toBeNull();
    expect(output).not.toContain('PROBLEM:');
    console.log(report![0]);
    console.log(photos![0]);
  });

  it('published the _headers of common/config/security-headers.ts and the caching rule of /_astro/*', () => {
    // netlify serve moves the publish folder's _headers into its deploy folder.
    const published = ['dist/_headers', '.netlify/deploy/_headers']
      .map((file) => path.join(ROOT, file))
      .filter((file) => existsSync(file));
    expect(published.map((file) => readFileSync(file, 'utf8'))).toContain(netlifyHeadersFile());
    // The adapter's rule, through Netlify's Frameworks API (applied to static files on Netlify).
    const config = JSON.parse(readFileSync(path.join(ROOT, '.netlify/v1/config.json'), 'utf8'));
    expect(config.headers).toContainEqual({
      for: '/_astro/*',
      values: { 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
  });
});

describe('netlify serve: the public site', () => {
  it('renders the home page on demand, tagged for the CDN, with the security headers', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('netlify-cache-tag')).toContain('home');
    expect(response.headers.get('netlify-cdn-cache-control')).toMatch(
      /^public, durable, s-maxage=/,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await response.text()).toContain('Lagos Auto Hub');
  });

  it('serves a category page and its page 2 with real prev/next links', async () => {
    const first = await get('/mechanic/');
    expect(first.status).toBe(200);
    expect(first.headers.get('netlify-cache-tag')).toContain('category-mechanic');
    const html = await first.text();
    expect(/<a href="\/mechanic\/page\/2\/" rel="next"/.test(html)).toBe(true);
    const second = await get('/mechanic/page/2/');
    expect(second.status).toBe(200);
    expect(/<a href="\/mechanic\/" rel="prev"/.test(await second.text())).toBe(true);
  });

  it('tags the featured and article lists for the CDN (set by the page, not too late in a component)', async () => {
    for (const [pathname, tag] of [
      ['/featured/', 'featured'],
      ['/articles/', 'articles'],
    ]) {
      const response = await get(pathname!);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('netlify-cache-tag'), pathname).toBe(tag);
    }
  });

  it('serves a business page and its Open Graph image (satori, resvg and the fonts are in the bundle)', async () => {
    const page = await get(`/business/${listing.slug}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('netlify-cache-tag')).toBe(`listing-${listing.id}`);
    expect(await page.text()).toContain(listing.name);
    const image = await get(`/og/business/${listing.slug}.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('answers a search through the API', async () => {
    const response = await get(`/api/directory/search?q=${encodeURIComponent(listing.name)}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { businesses: { business_name: string }[] };
    expect(body.businesses.map((b) => b.business_name)).toContain(listing.name);
  });

  it('serves pre-rendered pages as static files with the _headers security headers', async () => {
    const response = await get('/auth/');
    expect(response.status).toBe(200);
    // No code runs for a static file: these come from dist/_headers.
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // The page's own policy, with the hashes of its inline scripts, from Astro per route.
    expect(response.headers.get('content-security-policy')).toMatch(
      /script-src 'self'[^;]*'sha256-/,
    );
    expect(response.headers.get('netlify-cache-tag')).toBeNull();
  });

  it('answers an unknown URL with the 404 page, logged by the function', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Oops! Page not found');
    expect(logLines()).toContainEqual(
      expect.objectContaining({ message: 'unknown route', path: '/no/such/page' }),
    );
  });
});

describe('netlify serve: accounts, forms and the origin check', () => {
  it('signs up, signs in and reads the session', async () => {
    const account = { email: 'serve-user@example.com', password: 'serve-user-pass-1' };
    expect(
      (await post('/api/auth/sign-up', { ...account, displayName: 'Serve User' })).status,
    ).toBe(201);
    const signIn = await post('/api/auth/sign-in', account);
    expect(signIn.status).toBe(200);
    const session = await get('/api/auth/session', { cookie: cookieOf(signIn) });
    expect(session.status).toBe(200);
    expect(JSON.stringify(await session.json())).toContain(account.email);
  });

  it('accepts a contact form submission', async () => {
    const response = await post('/api/contacts', {
      name: 'Serve Visitor',
      email: 'visitor@example.com',
      subject: 'Listing question',
      message: 'How do I update my listing details?',
    });
    expect(response.status).toBe(201);
  });

  it('refuses a cross-site POST with 403 in the error envelope', async () => {
    const response = await post('/api/contacts', {}, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: 'Cross-site request refused.' },
    });
  });
});

describe('netlify serve: photos processed by their own function (issue 34.4, ADR 056)', () => {
  it('uploads a photo through the API; the photo function makes its variants, which are served', async () => {
    const signIn = await post('/api/auth/sign-in', ADMIN);
    expect(signIn.status).toBe(200);
    const { body, type } = await multipartBody({ kind: 'work', caption: 'Serve smoke photo' }, [
      ['file', await phonePhoto(900, 600)],
    ]);
    const uploaded = await fetch(`${base}/api/admin/listings/${listing.id}/photos`, {
      method: 'POST',
      headers: { 'content-type': type, origin: base, cookie: cookieOf(signIn) },
      body,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const photo = (await uploaded.json()) as {
      variants: { format: string; width: number; url: string }[];
    };
    expect(photo.variants.map((v) => `${v.format} ${v.width}`)).toEqual([
      'avif 320',
      'webp 320',
      'jpeg 320',
      'avif 640',
      'webp 640',
      'jpeg 640',
      'avif 900',
      'webp 900',
      'jpeg 900',
    ]);
    // The SSR function has no sharp (the bundle check): the photo function made these.
    const jpeg = photo.variants.find((v) => v.format === 'jpeg')!;
    const served = await get(jpeg.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // A damaged file is refused with the pipeline's own message, through both functions.
    const damaged = await multipartBody({ kind: 'work', caption: '' }, [
      ['file', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])],
    ]);
    const refused = await fetch(`${base}/api/admin/listings/${listing.id}/photos`, {
      method: 'POST',
      headers: { 'content-type': damaged.type, origin: base, cookie: cookieOf(signIn) },
      body: damaged.body,
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    // The photo function refuses a caller without the signature.
    const direct = await fetch(`${base}/.netlify/functions/photo-processing`, {
      method: 'POST',
      body: new Uint8Array(await phonePhoto(10, 10)),
    });
    expect(direct.status).toBe(401);
  }, 120_000);
});

describe('netlify serve: an admin approval reaches the public pages by purge', () => {
  it('purges the listing, its category, home and the sitemap; the page then shows it', async () => {
    const submitted = await post('/api/listings', {
      businessName: 'Serve Approval Auto Works',
      description: 'Engine and gearbox repairs near Ikeja roundabout.',
      services: 'Engine repair, gearbox overhaul',
      serviceCategories: ['Mechanic / Repair Services'],
      contactVisibility: 'public',
      city: 'Ikeja',
      state: 'Lagos',
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: string };
    expect((await get('/business/serve-approval-auto-works/')).status).toBe(404);

    const signIn = await post('/api/auth/sign-in', ADMIN);
    expect(signIn.status).toBe(200);
    fake.reset();
    const approved = await post(
      `/api/admin/listings/${id}/status`,
      { status: 'approved' },
      { cookie: cookieOf(signIn) },
    );
    expect(approved.status).toBe(200);
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/api/v1/purge',
        authorization: `Bearer ${PURGE_TOKEN}`,
        contentType: 'application/json; charset=utf8',
        body: {
          cache_tags: [`listing-${id}`, 'directory', 'category-mechanic', 'home', 'sitemap'],
          site_id: SITE_ID,
        },
      },
    ]);
    const page = await get('/business/serve-approval-auto-works/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Serve Approval Auto Works');
  });
});

describe('netlify serve: the monthly summary and its one-click unsubscribe (issue 27.3, ADR 045)', () => {
  it('runs the scheduled function, whose e-mail unsubscribes by a mail client’s one-click POST', async () => {
    // An owner of an approved listing with counts last month (Lagos): the summary is due.
    const owner = { email: 'serve-owner@example.com', password: 'serve-owner-pass-1' };
    const signUp = await post('/api/auth/sign-up', { ...owner, displayName: 'Serve Owner' });
    expect(signUp.status).toBe(201);
    const session = await get('/api/auth/session', { cookie: cookieOf(signUp) });
    const { user } = (await session.json()) as { user: { id: string } };
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: postgres.urlOf('directory'), max: 1 }),
      }),
    });
    try {
      await db
        .updateTable('business_registrations')
        .set({ owner_user_id: user.id })
        .where('id', '=', listing.id)
        .execute();
      await db
        .insertInto('listing_stats_daily')
        .values({
          listing_id: listing.id,
          day: dueMonth(new Date()).from,
          page_views: 41,
          call_taps: 3,
        })
        .execute();

      // netlify-cli invokes a scheduled function on request as its scheduler would (a POST with
      // `X-NF-Event: schedule`) and answers with the function's own response: 204, 500 had it
      // thrown.
      const run = await fetch(`${base}/.netlify/functions/monthly-summary`, { method: 'POST' });
      expect(run.status, await run.text()).toBe(204);
      const mails = readdirSync(mailDir)
        .map((file) => readFileSync(path.join(mailDir, file), 'utf8'))
        .filter(
          (mail) =>
            mail.includes(`To: ${owner.email}`) && mail.includes('Template: monthly-summary'),
        );
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('41 views, 3 calls');
      expect(mails[0]).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const address = /^List-Unsubscribe: <([^>]+)>$/m.exec(mails[0]!)?.[1] ?? '';
      expect(address.startsWith(`${base}/.netlify/functions/one-click-unsubscribe?token=`)).toBe(
        true,
      );
      const sends = await db
        .selectFrom('monthly_summary_sends')
        .select('status')
        .where('user_id', '=', user.id)
        .execute();
      expect(sends).toEqual([{ status: 'sent' }]);
      // The same run rolled the admin Insights' period (ADR 049): built here, the first time.
      for (let i = 0; i < 20 && !logLines().some((l) => l.message === 'insights period'); i++)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(logLines()).toContainEqual(
        expect.objectContaining({ message: 'insights period', roll: 'rebuilt' }),
      );

      // The mail client's POST (RFC 8058): form-encoded, no cookie, no Origin.
      const unsubscribed = await fetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(unsubscribed.status).toBe(200);
      expect(await unsubscribed.text()).toBe('Unsubscribed.');
      const preference = await db
        .selectFrom('email_preferences')
        .select('monthly_summary')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      expect(preference).toEqual({ monthly_summary: false });
      // An edited token changes nothing.
      const forged = await fetch(`${address.slice(0, -2)}xx`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(forged.status).toBe(400);
    } finally {
      await db.destroy();
    }
  });
});

describe('the built SSR function on a deployment without a database', () => {
  it('answers 503 to every page and API call, naming the variables', async () => {
    // The real bundle, run the way Netlify's runtime does: the `Netlify` global defined, no URL.
    const script = `
      globalThis.Netlify = { env: { get: () => undefined }, context: null };
      const { default: handler } = await import('./.netlify/v1/functions/ssr/ssr.mjs');
      const results = [];
      for (const path of ['/', '/mechanic/', '/business/anything/', '/api/directory']) {
        const response = await handler(new Request('https://lagos.example' + path), { ip: '203.0.113.1' });
        results.push({ path, status: response.status, body: await response.text() });
      }
      console.log(JSON.stringify(results));
      process.exit(0);
    `;
    const env = serveEnvironment({ LOG_LEVEL: 'silent', BETTER_AUTH_SECRET: SECRET });
    delete env.DATABASE_URL;
    delete env.NETLIFY_DATABASE_URL;
    const { stdout } = await promisify(execFile)(
      path.join(BIN, 'node'),
      ['--input-type=module', '-e', script],
      { cwd: ROOT, env, timeout: 60_000 },
    );
    const results = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      path: string;
      status: number;
      body: string;
    }[];
    for (const result of results) {
      expect(result.status, result.path).toBe(503);
      expect(result.body, result.path).toMatch(/DATABASE_URL.*NETLIFY_DATABASE_URL/);
    }
    expect(JSON.parse(results.at(-1)!.body)).toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
  });
});

describe('netlify serve: forms posted without JavaScript are counted per visitor (issue 34.1)', () => {
  /**
   * A form posted as a browser without JavaScript does, from the loopback address `from`
   * (127.0.0.2, 127.0.0.3: each its own visitor, as netlify-cli reports the socket's address as
   * the function's `context.ip`), with an X-Forwarded-For of its own making.
   */
  const postFormFrom = (
    from: string,
    pathname: string,
    fields: Record<string, string>,
    forged: string,
  ) =>
    new Promise<number>((resolve, reject) => {
      const body = new URLSearchParams(fields).toString();
      const req = http.request(
        {
          host: '127.0.0.1',
          port: Number(new URL(base).port),
          localAddress: from,
          path: pathname,
          method: 'POST',
          headers: {
            host: new URL(base).host,
            origin: base,
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
            'x-forwarded-for': forged,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('charges each visitor, never the server or a forged X-Forwarded-For', async () => {
    const forms = (n: number): [string, Record<string, string>][] => [
      [
        '/contact/',
        {
          name: 'Serve Visitor',
          email: `visitor-${n}@example.com`,
          subject: 'Listing question',
          message: 'How do I update my listing details?',
        },
      ],
      [`/business/${listing.slug}/report/`, { reason: 'closed' }],
      [
        '/register/',
        {
          businessName: `Serve Visitor ${n} Motors`,
          description: 'Engine and gearbox repairs near Ikeja roundabout.',
          services: 'Engine repair, gearbox overhaul',
          serviceCategories: 'Mechanic / Repair Services',
          contactVisibility: 'public',
        },
      ],
    ];
    for (const [n, from] of ['127.0.0.2', '127.0.0.3'].entries()) {
      for (const [pathname, fields] of forms(n)) {
        const status = await postFormFrom(from, pathname, fields, '198.51.100.77');
        expect(status, `${pathname} from ${from}`).toBe(303);
      }
    }
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: postgres.urlOf('directory'), max: 1 }),
      }),
    });
    try {
      const keys = (
        await db.selectFrom('rate_limits').select('key').where('key', 'like', '%:ip:%').execute()
      ).map((row) => row.key);
      for (const from of ['127.0.0.2', '127.0.0.3'])
        for (const form of ['form:contact', 'report', 'form:registration'])
          expect(keys, `${form} of ${from}`).toContain(`${form}:ip:${from}`);
      expect(keys.filter((key) => key.endsWith(':198.51.100.77'))).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
