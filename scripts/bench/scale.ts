/**
 * `npm run bench:scale [-- --listings 100000] [--reviews 1000000] [--db postgres|pglite|both]`:
 * the directory at
 * realistic size (issue 11, ADR 011). For each database it seeds the shipped content plus N
 * synthetic Lagos listings into a fresh database (a throw-away native PostgreSQL server, or a
 * fresh PGlite folder), then starts `npm start` cold (no reusable build) as a child process and
 * prints one table: cold start, peak RSS of the server's process tree, change-to-visible
 * latency of an edit and of an approval, raw and gzip bytes of the public pages, search
 * percentiles, list API throughput and the admin's first page. With `--reviews N` (issue 24.8) it
 * also seeds N published reviews over the listings and prints the business page size with
 * reviews, review write → visible on the business page, the Top rated category page latency and
 * the admin Reviews tab's first page. The insights part (issue 27.6, scale-insights.ts; off with
 * `--no-insights`) seeds 400 days of listing counters and prints their size, the owner's and the
 * admin's queries, beacon throughput and the rows written per 10,000 beacons. With `--photos N`
 * (issue 26.6; default three a listing) the photo part of ./scale-photos.ts seeds N photo rows and
 * prints upload → processed, variant bytes and a category page's image bytes. It reports; it
 * asserts nothing.
 *
 * Issue 28: the list API three ways (30-second refreshes answered 304 from the cache, with the
 * database transactions they cost; first loads of the pages visitors open; every page in turn
 * from a cold cache), the CSV export (time, rows, the server's peak memory while it streams),
 * the sitemap index against the protocol's limits, and the database's size.
 * `--database-url URL` measures a PostgreSQL database seeded before (e.g. 1,000,000 listings by
 * `npm run db:seed:synthetic`, which takes minutes: seed once, measure again) instead of seeding a
 * throw-away one; the bench's admin and its test listings are added to it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import pidtree from 'pidtree';
import pidusage from 'pidusage';
import { openDatabase } from '../../functions/_lib/db.ts';
import { childEnvironment } from '../../functions/_lib/env.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { seedDatabase } from '../../functions/db/seeds/seed.ts';
import { ensureAdmin } from '../../functions/users/users.service.ts';
import { CATEGORY_PAGES } from '../../common/schemas/categories.ts';
import { MAX_PAGE_NUMBER } from '../../common/schemas/directory.ts';
import { startNativePostgres } from '../../tests/setup/native-postgres.ts';
import { bulkInsertSyntheticListings } from '../../functions/db/seeds/synthetic-listings.ts';
import { bulkInsertSyntheticReviews } from '../../functions/db/seeds/synthetic-reviews.ts';
import { insightsServerEnv, measureBeacons, seedInsights } from './scale-insights.ts';
import { photoBench } from './scale-photos.ts';
import { claimForQuotes, measureFindIt } from './scale-quotes.ts';
import { measureRoadside } from './scale-roadside.ts';
import { benchRecord } from './record.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '10000' },
    reviews: { type: 'string', default: '0' },
    photos: { type: 'string' },
    db: { type: 'string', default: 'both' },
    port: { type: 'string', default: '4398' },
    'database-url': { type: 'string' },
    // Issue 27.6: counters over 400 days, their size and queries, beacons (scale-insights.ts).
    insights: { type: 'boolean', default: true },
    // `--no-record` prints without writing docs/benchmarks/ (record.ts).
    record: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const record = benchRecord('bench:scale', 'The directory at size');
const DATABASE_URL = values['database-url'];
const LISTINGS = Number(values.listings);
const REVIEWS = Number(values.reviews);
const PORT = Number(values.port);
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = '.data/bench-scale';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
const kinds = DATABASE_URL
  ? ['postgres']
  : values.db === 'both'
    ? ['postgres', 'pglite']
    : [values.db!];

type Row = [label: string, value: string];
const results = new Map<string, Row[]>();
const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const log = (message: string) => console.error(`  [bench] ${message}`);
const photos = photoBench({ photos: Number(values.photos ?? LISTINGS * 3), root: ROOT, log });

/**
 * The page (of 24) of `category`'s Recommended list that holds `id`, looking from page `first`
 * to page `last` (backwards when `last` is smaller).
 */
async function pageListing(
  category: string,
  id: string,
  first: number,
  last: number,
): Promise<number | undefined> {
  const step = last >= first ? 1 : -1;
  for (let page = first; page !== last + step; page += step) {
    const { body } = await api(`/api/directory?category=${category}&page=${page}&limit=24`);
    const businesses = body.businesses as { id: string }[];
    if (businesses.some((b) => b.id === id)) return page;
    if (step > 0 && businesses.length < 24) break;
  }
  return undefined;
}

async function until<T>(what: string, check: () => Promise<T | undefined>, limitMs: number) {
  const started = performance.now();
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return { value, ms: performance.now() - started };
    if (performance.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Samples the resident memory of a process and its descendants every 200 ms; keeps the peak of
 * each phase (the cold build, then serving) in bytes.
 */
function watchMemory(pid: number) {
  const peaks = { build: 0, serving: 0, export: 0 };
  let phase: keyof typeof peaks = 'build';
  const timer = setInterval(async () => {
    try {
      const pids = [pid, ...(await pidtree(pid))];
      const usage = await pidusage(pids);
      const total = Object.values(usage).reduce((sum, u) => sum + (u?.memory ?? 0), 0);
      peaks[phase] = Math.max(peaks[phase], total);
    } catch {
      // a process of the tree ended between listing and sampling
    }
  }, 200);
  return {
    serving: () => void (phase = 'serving'),
    exporting: (on: boolean) => void (phase = on ? 'export' : 'serving'),
    peaks: () => peaks,
    stop: () => clearInterval(timer),
  };
}

async function bytes(path: string) {
  const raw = await fetch(BASE + path, { headers: { 'accept-encoding': 'identity' } });
  const rawLength = (await raw.arrayBuffer()).byteLength;
  // fetch() decodes gzip itself: the compressed size is the response's content-length.
  const gz = await fetch(BASE + path, { headers: { 'accept-encoding': 'gzip' } });
  await gz.arrayBuffer();
  return { status: raw.status, raw: rawLength, gzip: Number(gz.headers.get('content-length')) };
}

async function signIn(): Promise<string> {
  const response = await fetch(`${BASE}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function api(path: string, init: RequestInit & { cookie?: string } = {}) {
  const response = await fetch(BASE + path, {
    ...init,
    headers: {
      'content-type': 'application/json',
      origin: BASE,
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function pageShows(path: string, text: string) {
  const response = await fetch(BASE + path);
  return response.ok && (await response.text()).includes(text) ? true : undefined;
}

async function searchFinds(name: string, id: string) {
  const { body } = await api(`/api/directory/search?q=${encodeURIComponent(name)}`);
  return JSON.stringify(body).includes(id) ? true : undefined;
}

/** Time of one GET, uncached then cached (the page cache answers the second), and its bytes. */
async function timedGet(path: string, cookie?: string) {
  const times: number[] = [];
  let size = 0;
  let status = 0;
  for (let i = 0; i < 2; i += 1) {
    const started = performance.now();
    const response = await fetch(BASE + path, { headers: cookie ? { cookie } : {} });
    size = (await response.arrayBuffer()).byteLength;
    status = response.status;
    times.push(performance.now() - started);
  }
  return `${ms(times[0]!)} · ${ms(times[1]!)} cached · ${kb(size)} · HTTP ${status}`;
}

/**
 * Issue 24.8: the business page with reviews, a review write → visible on it, Top rated category
 * pages (page 1 and a deep page) and the admin Reviews tab's first page.
 */
async function measureReviews(rows: Row[], cookie: string) {
  const top = (await api('/api/directory?category=mechanic&sort=most_reviewed&page=1&limit=1')).body
    .businesses[0] as { slug: string; review_count: number };
  const b = await bytes(`/business/${top.slug}/`);
  rows.push([
    `business page with ${top.review_count} reviews`,
    `${b.status} · ${kb(b.raw)} raw · ${kb(b.gzip)} gzip`,
  ]);

  const target = (await api('/api/directory?category=parts&sort=top_rated&page=2&limit=1')).body
    .businesses[0] as { id: string; slug: string };
  await fetch(`${BASE}/business/${target.slug}/`);
  const title = `Bench review ${Date.now().toString(36)}`;
  const month = new Date().toISOString().slice(0, 7);
  const written = await api(`/api/listings/${target.id}/reviews`, {
    method: 'POST',
    cookie,
    body: JSON.stringify({
      rating: 4,
      title,
      body: `Written by the benchmark to time a review becoming visible (${title}).`,
      service: 'Auto Parts & Accessories',
      visit_month: month,
      author_name: 'Bench Admin',
    }),
  });
  if (written.status !== 201) throw new Error(`review failed: ${JSON.stringify(written.body)}`);
  const writeStart = performance.now();
  await until('the business page', () => pageShows(`/business/${target.slug}/`, title), 60_000);
  rows.push(['review write → visible on the business page', ms(performance.now() - writeStart)]);

  const mechanics = (await api('/api/directory?category=mechanic&limit=1')).body.total as number;
  const deep = Math.max(2, Math.min(5_000, Math.ceil(mechanics / 24)));
  rows.push([
    'Top rated /mechanic/ (uncached · cached)',
    await timedGet('/mechanic/?sort=top_rated'),
  ]);
  rows.push([
    `Top rated /mechanic/page/${deep}/`,
    await timedGet(`/mechanic/page/${deep}/?sort=top_rated`),
  ]);
  rows.push([
    'Top rated API, page 1',
    await timedGet('/api/directory?category=mechanic&sort=top_rated&page=1'),
  ]);
  rows.push(['admin Reviews tab, first page', await timedGet('/api/admin/reviews', cookie)]);
}

/** Transactions the database has committed or rolled back so far (PostgreSQL's statistics). */
async function transactions(url: string): Promise<number> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    // A busy backend reports its statistics at a transaction's end at most once a second, an
    // idle one within 10 s (PostgreSQL's PGSTAT_IDLE_INTERVAL): wait for both.
    await new Promise((r) => setTimeout(r, 11_000));
    const { rows } = await client.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** One autocannon run of 10 connections for `seconds` over `next()`'s requests. */
async function load(
  seconds: number,
  next: () => { path: string; headers?: Record<string, string> },
) {
  const result = await autocannon({
    url: BASE,
    connections: 10,
    duration: seconds,
    // As a browser asks: compressed.
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const { path, headers } = next();
          return { ...request, path, headers: { ...request.headers, ...headers } };
        },
      },
    ],
  });
  const statuses = `${result['2xx']} 2xx · ${result['3xx']} 3xx · ${result.non2xx - result['3xx']} other`;
  return `${Math.round(result.requests.average).toLocaleString('en-US')} req/s · p99 ${result.latency.p99} ms · ${statuses}`;
}

/**
 * Issue 28.2: the list API (`/api/directory`) three ways, 10 connections each. The pages visitors
 * hold open are the first five of every category page plus five deep ones each; every open page
 * refetches itself every 30 seconds with the ETag it has (SPEC §9): those refreshes are answered
 * 304 from the cache, and the database transactions they cost are counted (PostgreSQL). First
 * loads are the same pages without a condition. Every page in turn starts from a cold cache: one
 * database read per page, what a crawler costs after a purge.
 */
async function measureListApi(rows: Row[], databaseUrl: string | undefined) {
  const open: { path: string; etag: string }[] = [];
  let mechanicsPages = 1;
  for (const key of Object.keys(CATEGORY_PAGES)) {
    const first = await fetch(`${BASE}/api/directory?category=${key}`);
    const total = ((await first.json()) as { total: number }).total;
    const pages = Math.min(MAX_PAGE_NUMBER, Math.max(1, Math.ceil(total / 24)));
    if (key === 'mechanic') mechanicsPages = pages;
    const numbers = new Set([
      1,
      2,
      3,
      4,
      5,
      ...[0.2, 0.4, 0.6, 0.8, 1].map((f) => Math.ceil(f * pages)),
    ]);
    for (const page of [...numbers].filter((n) => n <= pages)) {
      const path = `/api/directory?category=${key}&page=${page}`;
      const response = await fetch(BASE + path);
      await response.arrayBuffer();
      open.push({ path, etag: response.headers.get('etag') ?? '' });
    }
  }
  let n = 0;
  const before = databaseUrl ? await transactions(databaseUrl) : undefined;
  const refreshes = await load(10, () => {
    const page = open[n++ % open.length]!;
    return { path: page.path, headers: { 'if-none-match': page.etag } };
  });
  const cost =
    before === undefined
      ? ''
      : ` · ${((await transactions(databaseUrl!)) - before).toLocaleString('en-US')} database transactions`;
  rows.push([`list API, 30-s refreshes of ${open.length} open pages`, refreshes + cost]);
  rows.push([
    `list API, first loads of the same pages`,
    await load(10, () => ({ path: open[n++ % open.length]!.path })),
  ]);
  let page = 0;
  rows.push([
    `list API, every /mechanic/ page in turn (${mechanicsPages.toLocaleString('en-US')}, cold)`,
    await load(10, () => ({
      path: `/api/directory?category=mechanic&page=${(page++ % mechanicsPages) + 1}`,
    })),
  ]);
}

/** /sitemap.xml against the protocol (at most 50,000 files and 50 MB each; URLs per file). */
async function measureSitemap(): Promise<string> {
  const started = performance.now();
  const index = await (await fetch(`${BASE}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const last = files.at(-1)!;
  const text = await (await fetch(BASE + last)).text();
  const urls = (text.match(/<url>/g) ?? []).length;
  return `index ${files.length.toLocaleString('en-US')} files (limit 50,000) · ${ms(performance.now() - started)} · ${last}: ${urls.toLocaleString('en-US')} URLs, ${kb(Buffer.byteLength(text))} (limits 50,000 URLs, 50 MB)`;
}

/** The database's size on disk: PostgreSQL's own figure, or the PGlite folder's bytes. */
async function databaseSize(env: Record<string, string>): Promise<string> {
  if (env.DATABASE_URL) {
    const client = new pg.Client(env.DATABASE_URL);
    await client.connect();
    try {
      const { rows } = await client.query<{ size: string; listings: string }>(
        `select pg_database_size(current_database()) as size,
                (select count(*) from business_registrations) as listings`,
      );
      const bytes = Number(rows[0]!.size);
      return `${(bytes / 1073741824).toFixed(2)} GB for ${Number(rows[0]!.listings).toLocaleString('en-US')} listings (PostgreSQL)`;
    } finally {
      await client.end();
    }
  }
  const walk = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (sum, entry) =>
        sum +
        (entry.isDirectory()
          ? walk(`${dir}/${entry.name}`)
          : statSync(`${dir}/${entry.name}`).size),
      0,
    );
  return `${(walk(env.PGLITE_DATA_DIR!) / 1073741824).toFixed(2)} GB (PGlite folder)`;
}

/**
 * The Node arguments of `npm start` (package.json), so the server runs exactly as a user's does,
 * without npm's own process in the measured tree.
 */
function startArguments(): string[] {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = pkg.scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node: update the bench`);
  return args;
}

async function prepare(kind: string) {
  mkdirSync(ROOT, { recursive: true });
  rmSync(`${ROOT}/pglite`, { recursive: true, force: true });
  const server =
    kind === 'postgres' && !DATABASE_URL ? await startNativePostgres(['bench']) : undefined;
  const env: Record<string, string> =
    kind === 'postgres'
      ? { DATABASE_URL: DATABASE_URL ?? server!.urlOf('bench') }
      : { DATABASE_URL: '', PGLITE_DATA_DIR: `${ROOT}/pglite` };
  const handle = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { url: undefined, dataDir: env.PGLITE_DATA_DIR },
  );
  await migrateToLatest(handle.db);
  let seedMs: number | undefined;
  let reviewed: Awaited<ReturnType<typeof bulkInsertSyntheticReviews>> | undefined;
  let insights: Awaited<ReturnType<typeof seedInsights>> | undefined;
  let photoRows: Awaited<ReturnType<typeof photos.seed>> = [];
  if (!DATABASE_URL) {
    await seedDatabase(handle.db);
    const seeded = performance.now();
    // Batched, indexes rebuilt once from 50,000 listings (issue 28.3): 1,000,000 in minutes.
    await bulkInsertSyntheticListings(handle.db, LISTINGS, {
      onProgress: (done) => done % 100_000 === 0 && log(`${kind}: ${done} listings`),
    });
    seedMs = performance.now() - seeded;
    reviewed = REVIEWS > 0 ? await bulkInsertSyntheticReviews(handle.db, REVIEWS) : undefined;
    photoRows = await photos.seed(handle.db);
    await sql`vacuum (analyze)`.execute(handle.db);
    // Not on a database seeded before: its counters would be seeded again.
    insights = values.insights ? await seedInsights(handle.db, log) : undefined;
  }
  const admin = await ensureAdmin(handle.db, { ...ADMIN, name: 'Bench Admin' });
  // The bench's admin writes the measured review: a confirmed e-mail, as reviewing needs.
  await handle.db
    .updateTable('user')
    .set({ email_verified: true })
    .where('id', '=', admin.userId)
    .execute();
  // Issue 36.9: Find It matches claimed listings; the bench's admin claims a share of them.
  const claimed = await claimForQuotes(handle.db, admin.userId);
  // Issue 38.7: the roadside screen's nearest help open now, the query alone.
  const roadside = await measureRoadside(handle.db);
  await handle.close();
  return {
    server,
    env: { ...env, ...photos.env },
    seedMs,
    reviewed,
    insights,
    photoRows,
    claimed,
    roadside,
  };
}

async function run(kind: string) {
  const rows: Row[] = [];
  results.set(kind, rows);
  log(`${kind}: seeding ${LISTINGS} listings`);
  const { server, env, seedMs, reviewed, insights, photoRows, claimed, roadside } =
    await prepare(kind);
  rows.push([
    'seed (listings)',
    seedMs === undefined ? 'seeded before (--database-url)' : ms(seedMs),
  ]);
  if (insights) rows.push(...insights.rows);
  if (reviewed)
    rows.push([
      `seed (${REVIEWS.toLocaleString('en-US')} reviews): insert · recount`,
      `${ms(reviewed.insertMs)} · ${ms(reviewed.statsMs)}`,
    ]);
  rows.push(...photoRows);
  rows.push(...roadside);
  rmSync(`${ROOT}/site`, { recursive: true, force: true });

  log(`${kind}: cold start`);
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, startArguments(), {
    env: childEnvironment({
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SITE_URL: BASE,
      SITE_BUILD_DIR: `${ROOT}/site`,
      LOG_LEVEL: 'silent',
      ...(insights ? insightsServerEnv() : {}),
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const memory = watchMemory(child.pid!);
  try {
    await until(
      'the first page',
      async () => ((await fetch(`${BASE}/`)).ok ? true : undefined),
      600_000,
    );
    rows.push(['cold start → first page', ms(performance.now() - started)]);
    memory.serving();

    // Page weights.
    const category = Object.values(CATEGORY_PAGES);
    const business = (await api('/api/directory?category=mechanic&limit=1')).body.businesses[0];
    const mechanics = (await api('/api/directory?category=mechanic&limit=1')).body.total as number;
    // The deepest numbered page served (MAX_PAGE_NUMBER: a category past 120,000 listings).
    const deepPage = Math.min(MAX_PAGE_NUMBER, Math.max(2, Math.ceil(mechanics / 24)));
    const pages = [
      '/',
      ...category.map((c) => `${c.path}/`),
      `/mechanic/page/${deepPage}/`,
      `/business/${business.slug}/`,
    ];
    for (const path of pages) {
      const b = await bytes(path);
      rows.push([`bytes ${path}`, `${b.status} · ${kb(b.raw)} raw · ${kb(b.gzip)} gzip`]);
    }

    // Change to visible: an edit and an approval, through the admin API.
    const cookie = await signIn();
    const target = (await api(`/api/directory?category=parts&page=3&limit=24`)).body.businesses[0];
    const renamed = `Bench Renamed ${Date.now().toString(36)}`;
    await fetch(`${BASE}/business/${target.slug}/`);
    await fetch(`${BASE}/parts/page/3/`); // warms the page it was on
    const edit = await api(`/api/admin/listings/${target.id}`, {
      method: 'PATCH',
      cookie,
      body: JSON.stringify({
        business_name: renamed,
        phone: target.phone ?? '0803 000 0000',
        display_name: null,
        email: null,
        address: target.address,
        city: target.city,
        state: target.state,
        website: null,
        description: target.description,
        services: target.services,
        business_categories: ['Auto Parts & Accessories'],
        additional_tags: [],
        contact_visibility: 'public',
      }),
    });
    if (edit.status !== 200) throw new Error(`edit failed: ${JSON.stringify(edit.body)}`);
    const editStart = performance.now();
    await until('the business page', () => pageShows(`/business/${target.slug}/`, renamed), 60_000);
    const editBusiness = performance.now() - editStart;
    // Recommended orders by trust (ADR 071): the edit may move the listing, so its page is looked
    // up through the API (the page and the API share one query), as a visitor would page to it.
    const partsPages = Math.ceil(
      ((await api('/api/directory?category=parts&limit=1')).body.total as number) / 24,
    );
    const editedOn = await until(
      'the category API',
      () => pageListing('parts', target.id, 1, partsPages),
      60_000,
    );
    const editPath = editedOn.value === 1 ? '/parts/' : `/parts/page/${editedOn.value}/`;
    await until('the category page', () => pageShows(editPath, renamed), 60_000);
    const editCategory = performance.now() - editStart;
    await until('search', () => searchFinds(renamed, target.id), 60_000);
    rows.push([
      'edit → visible (business · category · search)',
      `${ms(editBusiness)} · ${ms(editCategory)} · ${ms(performance.now() - editStart)}`,
    ]);

    // At 1,000,000 listings a new listing sits thousands of pages deep (ADR 071): when the bench
    // cannot find its page in time, that row says so and the rest is still measured.
    try {
      const name = `Bench Approval ${Date.now().toString(36)}`;
      const submitted = await api('/api/listings', {
        method: 'POST',
        body: JSON.stringify({
          businessName: name,
          description: 'A listing submitted and approved by the benchmark.',
          services: 'Engine repair',
          serviceCategories: ['Mechanic / Repair Services'],
          contactVisibility: 'public',
          city: 'Ikeja',
          state: 'Lagos',
        }),
      });
      if (submitted.status !== 201)
        throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
      const { id } = submitted.body as { id: string };
      const approve = await api(`/api/admin/listings/${id}/status`, {
        method: 'POST',
        cookie,
        body: JSON.stringify({ status: 'approved' }),
      });
      if (approve.status !== 200)
        throw new Error(`approve failed: ${JSON.stringify(approve.body)}`);
      const approveStart = performance.now();
      const { slug } = (await api(`/api/listings/${id}`)).body.business as { slug: string };
      await until('the business page', () => pageShows(`/business/${slug}/`, name), 60_000);
      const approveBusiness = performance.now() - approveStart;
      // Featured listings come first (SPEC ordering): at 100,000 they fill more than page 1, so
      // the newest listing is on the first page after them. The API and the page share one query.
      const featuredMechanics = (
        await api('/api/directory?category=mechanic&featured=true&limit=1')
      ).body.total as number;
      const firstAfterFeatured = Math.floor(featuredMechanics / 24) + 1;
      // A new listing has little trust yet (ADR 071): it sits among the last pages, so they are
      // looked at first.
      const mechanicPages = Math.ceil(
        ((await api('/api/directory?category=mechanic&limit=1')).body.total as number) / 24,
      );
      const listed = await until(
        'the category API',
        async () =>
          (await pageListing('mechanic', id, firstAfterFeatured, firstAfterFeatured + 2)) ??
          (await pageListing('mechanic', id, mechanicPages, firstAfterFeatured + 3)),
        60_000,
      );
      const categoryPath = listed.value === 1 ? '/mechanic/' : `/mechanic/page/${listed.value}/`;
      await until('the category page', () => pageShows(categoryPath, name), 60_000);
      const approveCategory = performance.now() - approveStart;
      await until('search', () => searchFinds(name, id), 60_000);
      rows.push([
        'approval → visible (business · category · search)',
        `${ms(approveBusiness)} · ${ms(approveCategory)} · ${ms(performance.now() - approveStart)}`,
      ]);
    } catch (error) {
      rows.push(['approval → visible', `not measured (${String(error).slice(0, 60)})`]);
    }

    // Search percentiles (scripts/bench/search.ts).
    try {
      const { benchSearch, formatSlow } = await import('./search.ts');
      const s = await benchSearch({ baseUrl: BASE });
      rows.push([
        `search p50 · p95 · p99 (${s.count} requests)`,
        `${s.p50.toFixed(1)} · ${s.p95.toFixed(1)} · ${s.p99.toFixed(1)} ms`,
      ]);
      for (const [i, slow] of s.slowest.entries())
        rows.push([`search, slowest ${i + 1}`, formatSlow(slow).trim()]);
    } catch (error) {
      rows.push(['search', `not measured (${String(error).slice(0, 60)})`]);
    }

    await measureListApi(rows, env.DATABASE_URL || undefined);

    if (REVIEWS > 0) await measureReviews(rows, cookie);
    if (insights)
      await measureBeacons(rows, {
        base: BASE,
        beaconIds: insights.beaconIds,
        databaseUrl: env.DATABASE_URL || undefined,
      });
    rows.push(...(await photos.measure(BASE, cookie)));
    await measureFindIt(rows, { base: BASE, cookie, claimed });

    // The admin's first page (the Approved tab).
    const adminStart = performance.now();
    const first = await fetch(`${BASE}/api/admin/listings?status=approved&limit=50`, {
      headers: { cookie },
    });
    const adminBytes = (await first.arrayBuffer()).byteLength;
    rows.push([
      'admin Approved tab, first page',
      `${ms(performance.now() - adminStart)} · ${kb(adminBytes)} · HTTP ${first.status}`,
    ]);

    // Issue 28.3: the CSV export streams (the server's memory while it runs), the sitemap index.
    memory.exporting(true);
    const exportStart = performance.now();
    const csv = await fetch(`${BASE}/api/admin/listings/export.csv?status=approved`, {
      headers: { cookie },
    });
    let csvBytes = 0;
    let csvLines = 0;
    for await (const chunk of csv.body as unknown as AsyncIterable<Uint8Array>) {
      csvBytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) csvLines += 1;
    }
    await new Promise((r) => setTimeout(r, 400)); // one more memory sample
    memory.exporting(false);
    rows.push([
      'CSV export, approved listings',
      `HTTP ${csv.status} · ${(csvLines - 1).toLocaleString('en-US')} rows · ${(csvBytes / 1048576).toFixed(1)} MB · ${ms(performance.now() - exportStart)}`,
    ]);
    rows.push(['sitemap', await measureSitemap()]);
    rows.push(['database size', await databaseSize(env)]);
  } finally {
    memory.stop();
    const mb = (n: number) => `${Math.round(n / 1048576)} MB`;
    rows.splice(2, 0, [
      'peak RSS, server process tree: cold build · serving · CSV export',
      `${mb(memory.peaks().build)} · ${mb(memory.peaks().serving)} · ${mb(memory.peaks().export)}`,
    ]);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await server?.stop();
  }
}

for (const kind of kinds) {
  try {
    await run(kind);
  } catch (error) {
    results.get(kind)?.push(['error', String(error)]);
  }
}

const labels = [...new Set([...results.values()].flatMap((rows) => rows.map(([label]) => label)))];
const width = Math.max(...labels.map((l) => l.length));
record.line(
  DATABASE_URL
    ? '  bench:scale — the listings of a database seeded before (--database-url; rows below count them)\n'
    : `  bench:scale — ${LISTINGS.toLocaleString('en-US')} synthetic listings (+ shipped content)\n`,
);
record.line(`  ${''.padEnd(width)}  ${kinds.map((k) => k.padEnd(46)).join('  ')}`);
for (const label of labels) {
  const cells = kinds.map((k) =>
    (results.get(k)?.find(([l]) => l === label)?.[1] ?? '').padEnd(46),
  );
  record.line(`  ${label.padEnd(width)}  ${cells.join('  ')}`);
}
record.write();
