/**
 * `npm run bench`: builds the site on a fresh seeded database, serves it locally and prints, for the
 * home page, a category page and an article page:
 * - the gzip bytes of HTML, CSS and JS the browser downloads (measured in Chromium after idle, so
 *   lazily hydrated islands count);
 * - Lighthouse mobile scores (performance, accessibility, best practices, SEO).
 * Targets (issue 2): article pages ≤ 5 KB gz of JS; performance and accessibility ≥ 95. Reported, not asserted.
 * Logs are silent unless LOG_LEVEL says otherwise (package.json).
 */
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { openDatabase, provideSharedDatabase } from '../functions/_lib/db.ts';
import { checkEnv, env } from '../functions/_lib/env.ts';
import { migrateToLatest } from '../functions/db/migrate.ts';
import { seedDatabase } from '../functions/db/seeds/seed.ts';
import { startLocalServer } from '../server/local-server.ts';
import { ensureSiteBuild } from '../server/site-build.ts';

checkEnv();
const CHROME = env('CHROMIUM_PATH');
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=NetworkTimeServiceQuerying',
];

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
const BENCH_PORT = env('BENCH_PORT');
provideSharedDatabase(handle);
const site = await ensureSiteBuild('.data/bench/site', `http://127.0.0.1:${BENCH_PORT}`);
const local = await startLocalServer({ db: handle.db, port: BENCH_PORT, host: '127.0.0.1', site });

const pages = { home: '/', category: '/mechanic/', article: `/articles/${article.slug}/` };

async function weights(path: string) {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const sizes = { html: 0, css: 0, js: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const kind =
      type === 'document'
        ? 'html'
        : type === 'stylesheet'
          ? 'css'
          : type === 'script'
            ? 'js'
            : null;
    if (!kind || !response.url().startsWith(local.url)) return;
    pending.push(
      response
        .body()
        .then((body) => void (sizes[kind] += gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    );
  });
  await page.goto(local.url + path, { waitUntil: 'networkidle' });
  await page.evaluate(
    () => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 2000 })),
  );
  await page.mouse.wheel(0, 4000);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await browser.close();
  return sizes;
}

async function scores(path: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(local.url + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const categories = result?.lhr.categories ?? {};
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    };
  } finally {
    await chrome.kill();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `\nPage weights (gzip) and Lighthouse mobile scores, served by the local server at ${local.url}\n`,
);
console.log(['page', 'path', 'HTML', 'CSS', 'JS', 'perf', 'a11y', 'best', 'SEO'].join('\t'));
for (const [name, path] of Object.entries(pages)) {
  const w = await weights(path);
  const s = await scores(path);
  console.log(
    [
      name,
      path,
      kb(w.html),
      kb(w.css),
      kb(w.js),
      s.performance,
      s.accessibility,
      s.bestPractices,
      s.seo,
    ].join('\t'),
  );
}
console.log(
  '\nTargets: article JS ≤ 5 KB gz; performance and accessibility ≥ 95 on all three pages.\n',
);
await local.close();
await handle.close();
process.exit(0);
