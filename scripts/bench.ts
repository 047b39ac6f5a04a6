/**
 * `npm run bench`: builds the site, serves it on a fresh seeded database and prints, for the
 * home page, a category page, an article and a business page, side by side with a static copy of
 * the same page (its HTML as served, without scripts, from a plain file server):
 * - the gzip bytes of HTML and JS the browser loads (Chromium, after load, idle and a scroll
 *   through the page, so lazily hydrated islands count; inline scripts included) and the number
 *   of script requests;
 * - Lighthouse 13 mobile (median of 5 runs, live and static alternating; `-- --runs N`): FCP,
 *   LCP and the four category scores.
 * `npm run bench -- --save dir` also writes each Lighthouse report there (`N-live|static-<page>.json`): its
 * network-requests (priorities, times), lcp-breakdown-insight and metrics audits say what a
 * page's FCP and LCP waited for (ADR 025).
 * Then the phone profile (DESIGN.md; scripts/bench/phone-profile.ts: Chromium, CPU ×4, 150 ms
 * RTT, 1.6 Mbps down, 360×740), median of 3 loads (`-- --phone-runs N`), live and static
 * alternating, for those pages and the auth, register and Find It forms: FCP, LCP, the bytes the
 * first screen transferred, and each island's hydration after FCP (`*`: in the first screen);
 * then each public control's first tap, made as soon as the page has painted: when it landed,
 * how long until what it opens showed, and its INP (issue 22, ADR 032).
 * `-- --phone-only` skips Lighthouse and the weights.
 * Last, the 2G profile (scripts/bench/two-g.ts, issue 38.6): the roadside screen's first visit,
 * FCP, the first Call button and the bytes before it, and its controls with JavaScript off;
 * `-- --2g-only` runs only that.
 * Issue 13.2 targets: FCP and LCP ≤ 1.1 × the static copy's, 100/100/100/100, JS ≤ 60 KB (home,
 * category), 20 KB (business), 5 KB (article). Issue 22 targets: every first-screen island
 * interactive ≤ 1.0 s after FCP, INP ≤ 200 ms. Reported, not asserted (the JS budgets are
 * asserted by tests/e2e/budgets.spec.ts, the first taps by tests/e2e/first-tap.spec.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { openDatabase, provideSharedDatabase } from '../functions/_lib/db.ts';
import { checkEnv, env } from '../functions/_lib/env.ts';
import { migrateToLatest } from '../functions/db/migrate.ts';
import { seedDatabase } from '../functions/db/seeds/seed.ts';
import { startLocalServer } from '../server/local-server.ts';
import { benchRecord } from './bench/record.ts';
import { ensureSiteBuild } from '../server/site-build.ts';
import {
  measureFirstTap,
  measureLoad,
  openPhonePage,
  PUBLIC_CONTROLS,
  type ControlPage,
  type PageTimings,
  type TapTiming,
} from './bench/phone-profile.ts';
import { twoGTable } from './bench/two-g.ts';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';

checkEnv();
const CHROME = env('CHROMIUM_PATH');
/**
 * Lighthouse runs per page and copy (`npm run bench -- --runs N`, default 5). Live and static runs
 * alternate, so a change in the machine's load falls on both. One run's LCP moves by a round trip
 * (~0.13 s) with whether the favicon request ended before the first paint, on both copies alike
 * (ADR 027): five runs make the medians steadier than three.
 */
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 5;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number ≥ 1');
/** `npm run bench -- --save dir`: also write each Lighthouse report (JSON) there. */
const saveAt = process.argv.indexOf('--save');
const SAVE = saveAt > 0 ? process.argv[saveAt + 1] : undefined;
if (SAVE) mkdirSync(SAVE, { recursive: true });
let saved = 0;
/** Loads and first taps per page on the phone profile (`npm run bench -- --phone-runs N`). */
const phoneRunsAt = process.argv.indexOf('--phone-runs');
const PHONE_RUNS = phoneRunsAt > 0 ? Number(process.argv[phoneRunsAt + 1]) : 3;
if (!Number.isInteger(PHONE_RUNS) || PHONE_RUNS < 1)
  throw new Error('--phone-runs takes a whole number ≥ 1');
const PHONE_ONLY = process.argv.includes('--phone-only');
/** `-- --2g-only`: only the 2G profile's table (issue 38.6). */
const TWO_G_ONLY = process.argv.includes('--2g-only');
/** The figures go to docs/benchmarks/YYYY-MM-DD-bench.md (ADR 064; `--no-record` prints only). */
const record = benchRecord('bench', 'Page weights, Lighthouse mobile and the phone profile');

rmSync('.data/bench/pglite', { recursive: true, force: true });
const handle = await openDatabase({ url: undefined, dataDir: '.data/bench/pglite' });
await migrateToLatest(handle.db);
await seedDatabase(handle.db);
const article = await handle.db
  .selectFrom('articles')
  .select('slug')
  .where('published', '=', true)
  .orderBy('created_at', 'desc')
  .executeTakeFirstOrThrow();
const business = await handle.db
  .selectFrom('business_directory')
  .select('slug')
  .where('slug', 'is not', null)
  .orderBy('featured', 'desc')
  .executeTakeFirstOrThrow();
const BENCH_PORT = env('BENCH_PORT');
provideSharedDatabase(handle);
const site = await ensureSiteBuild('.data/bench/site', `http://127.0.0.1:${BENCH_PORT}`);
const local = await startLocalServer({ db: handle.db, port: BENCH_PORT, host: '127.0.0.1', site });

const pages = {
  home: '/',
  category: '/mechanic/',
  article: `/articles/${article.slug}/`,
  business: `/business/${business.slug}/`,
};
/** The phone profile's pages: those, and the forms issue 22 measured. */
const phonePages = { ...pages, auth: '/auth/', register: '/register/', 'find-it': '/find-it/' };
/** Where each public control is (PUBLIC_CONTROLS). */
const controlPaths: Record<ControlPage, string> = {
  home: pages.home,
  category: pages.category,
  business: pages.business,
  auth: phonePages.auth,
};

/**
 * The static copy: each page's HTML as the server sends it, minus every script (JSON-LD kept),
 * served gzip-compressed from memory; any other path (icons, images) is passed to the live
 * server, so both load the same resources apart from the scripts.
 */
async function startStaticCopy(): Promise<{ url: string; server: Server }> {
  const copies = new Map<string, Buffer>();
  for (const path of Object.values(phonePages)) {
    const html = await (await fetch(local.url + path)).text();
    const stripped = html.replace(
      /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g,
      '',
    );
    copies.set(path, gzipSync(stripped));
  }
  const server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const copy = copies.get(path);
    if (copy) {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
      });
      response.end(copy);
      return;
    }
    const upstream = await fetch(local.url + path);
    response.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
    });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Weights {
  html: number;
  js: number;
  scripts: number;
}

async function weights(origin: string, path: string): Promise<Weights> {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROMIUM_FLAGS });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const sizes: Weights = { html: 0, js: 0, scripts: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'document' && type !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => {
          const gz = gzipSync(body, { level: 9 }).length;
          if (type === 'document') sizes.html += gz;
          else {
            sizes.js += gz;
            sizes.scripts += 1;
          }
        })
        .catch(() => undefined),
    );
  });
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  await page.evaluate(
    () => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 2000 })),
  );
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y <= height; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')]
      .map((s) => s.textContent ?? '')
      .join('\n'),
  );
  if (inline) sizes.js += gzipSync(inline, { level: 9 }).length;
  await browser.close();
  return sizes;
}

interface Scores {
  fcp: number;
  lcp: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

async function lighthouseRun(url: string): Promise<Scores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const lhr = result!.lhr;
    if (SAVE) {
      const name = new URL(url).port === String(BENCH_PORT) ? 'live' : 'static';
      const slug = new URL(url).pathname.split('/').filter(Boolean)[0] ?? 'home';
      writeFileSync(`${SAVE}/${++saved}-${name}-${slug}.json`, JSON.stringify(lhr));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    return {
      fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * RUNS Lighthouse runs of each URL, alternating between them; the median of each figure on its
 * own, per URL.
 */
async function scores(urls: string[]): Promise<Scores[]> {
  const runs: Scores[][] = urls.map(() => []);
  for (let i = 0; i < RUNS; i += 1) {
    for (const [n, url] of urls.entries()) runs[n]!.push(await lighthouseRun(url));
  }
  return runs.map((each) => {
    const keys = Object.keys(each[0]!) as (keyof Scores)[];
    return Object.fromEntries(
      keys.map((k) => [k, median(each.map((r) => r[k]))]),
    ) as unknown as Scores;
  });
}

const staticCopy = await startStaticCopy();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
if (!PHONE_ONLY && !TWO_G_ONLY) await lighthouseTable();
if (!TWO_G_ONLY) await phoneTables();
{
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROMIUM_FLAGS });
  await twoGTable(browser, local.url, PHONE_RUNS, (text) => record.line(text));
  await browser.close();
}
staticCopy.server.close();
await local.close();
await handle.close();
record.write();
process.exit(0);

/** Lighthouse and the weights of each page beside its static copy (issue 13.2, ADR 027). */
async function lighthouseTable(): Promise<void> {
  record.line(
    `\nLive pages (${local.url}) and static copies without scripts (${staticCopy.url});` +
      ` Lighthouse mobile, median of ${RUNS}\n`,
  );
  record.line(
    [
      'page',
      'served',
      'HTML',
      'JS',
      'scripts',
      'FCP',
      'LCP',
      'FCP×',
      'LCP×',
      'perf',
      'a11y',
      'best',
      'SEO',
    ].join('\t'),
  );
  for (const [name, path] of Object.entries(pages)) {
    const copies = [
      ['live', local.url],
      ['static', staticCopy.url],
    ] as const;
    const measured = await scores(copies.map(([, origin]) => origin + path));
    const rows: [string, Weights, Scores][] = [];
    for (const [n, [label, origin]] of copies.entries()) {
      rows.push([label, await weights(origin, path), measured[n]!]);
    }
    const still = rows[1]![2];
    for (const [label, w, sc] of rows) {
      record.line(
        [
          label === 'live' ? `${name} ${path}` : '',
          label,
          kb(w.html),
          kb(w.js),
          w.scripts,
          s(sc.fcp),
          s(sc.lcp),
          (sc.fcp / still.fcp).toFixed(2),
          (sc.lcp / still.lcp).toFixed(2),
          sc.performance,
          sc.accessibility,
          sc.bestPractices,
          sc.seo,
        ].join('\t'),
      );
    }
  }
  record.line(
    '\nTargets (issue 13.2): FCP× and LCP× ≤ 1.10; 100/100/100/100; JS ≤ 60 KB home and category,' +
      ' ≤ 20 KB business, ≤ 5 KB article.\n',
  );
}

/**
 * The phone profile (issue 22, ADR 032): each page's loads, live and static alternating, then
 * each public control's first tap on the live page.
 */
async function phoneTables(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROMIUM_FLAGS });
  const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '–');
  const mid = (values: number[]) => {
    const finite = values.filter(Number.isFinite);
    return finite.length ? median(finite) : NaN;
  };
  record.line(
    `\nPhone profile (Chromium: CPU ×4, 150 ms RTT, 1.6 Mbps down, 360×740), median of ${PHONE_RUNS};` +
      ' islands: hydrated after FCP (* in the first screen, – not without scrolling)\n',
  );
  record.line(
    ['page', 'served', 'FCP', 'LCP', 'FCP×', 'LCP×', 'first screen', 'islands'].join('\t'),
  );
  for (const [name, path] of Object.entries(phonePages)) {
    const copies = [
      ['live', local.url],
      ['static', staticCopy.url],
    ] as const;
    const runs: (PageTimings & { transferred: number })[][] = copies.map(() => []);
    for (let i = 0; i < PHONE_RUNS; i += 1) {
      for (const [n, [, origin]] of copies.entries()) {
        const phone = await openPhonePage(browser);
        try {
          runs[n]!.push(await measureLoad(phone, origin + path));
        } finally {
          await phone.close();
        }
      }
    }
    const still = { fcp: mid(runs[1]!.map((r) => r.fcp)), lcp: mid(runs[1]!.map((r) => r.lcp)) };
    for (const [n, [label]] of copies.entries()) {
      const each = runs[n]!;
      const fcp = mid(each.map((r) => r.fcp));
      const lcp = mid(each.map((r) => r.lcp));
      const islands = each[0]!.islands.map((island, k) => {
        const after = mid(each.map((r) => (r.islands[k]?.hydrated ?? NaN) - r.fcp));
        return `${island.name}${island.firstScreen ? '*' : ''} ${Number.isFinite(after) ? s(after) : '–'}`;
      });
      record.line(
        [
          label === 'live' ? `${name} ${path}` : '',
          label,
          ms(fcp),
          ms(lcp),
          (fcp / still.fcp).toFixed(2),
          (lcp / still.lcp).toFixed(2),
          kb(mid(each.map((r) => r.transferred))),
          // A static copy has the islands' markup and none of their code.
          label === 'live' ? islands.join(', ') : '',
        ].join('\t'),
      );
    }
  }

  const how = (led: number, of: number) =>
    led === 0 ? 'in place' : led === of ? 'new page' : `new page ${led}/${of}`;
  record.line(
    `\nFirst taps on the phone profile, made as soon as the page has painted; median of ${PHONE_RUNS}\n`,
  );
  record.line(
    ['control', 'page', 'tapped after FCP', 'opened after the tap', 'INP', 'worked', 'how'].join(
      '\t',
    ),
  );
  for (const control of PUBLIC_CONTROLS) {
    const taps: TapTiming[] = [];
    for (let i = 0; i < PHONE_RUNS; i += 1) {
      const phone = await openPhonePage(browser, {
        geolocation: { latitude: 6.5095, longitude: 3.3711 },
      });
      try {
        taps.push(
          await measureFirstTap(
            phone,
            local.url + controlPaths[control.page],
            (page) =>
              control.tap ? control.tap(page, control.control(page)) : control.control(page),
            control.done,
            20_000,
          ),
        );
      } catch {
        // Not opened within 20 s: counted as not working.
      } finally {
        await phone.close();
      }
    }
    record.line(
      [
        control.name,
        controlPaths[control.page],
        ms(mid(taps.map((t) => t.tapped - t.fcp))),
        ms(mid(taps.map((t) => t.done - t.tapped))),
        ms(mid(taps.map((t) => t.inp))),
        `${taps.length}/${PHONE_RUNS}`,
        // A link tapped before its island ran opens the page that does it without script (its
        // INP went with the first page); after, the island opens it in place.
        how(taps.filter((t) => t.navigated).length, taps.length),
      ].join('\t'),
    );
  }
  record.line(
    '\nTargets (issue 22): first-screen islands ≤ 1.00 s after FCP; INP ≤ 200 ms; every tap works.\n',
  );
  await browser.close();
}
