/**
 * `npm run bench:first-use` (issue 34.5, ADR 069): how long after the first paint a visitor on
 * the phone profile (scripts/bench/phone-profile.ts: Chromium, CPU ×4, 150 ms RTT, 1.6 Mbps down,
 * 360×740, first visit in a fresh context) can first *use* a first-screen control, rather than
 * when Astro says its island hydrated:
 * - the home search and the category (`/mechanic/`) search: words typed and Search pressed show
 *   "Search Results (n)" in place, without a page load;
 * - the form pages (/register/, /find-it/, /contact/, /auth/): a bad e-mail typed in the form's
 *   first e-mail field shows that field's inline message (`aria-invalid` and its `#<id>-error`)
 *   in place, when the field is left or, failing that, when the form is submitted.
 *
 * How (an init script, {@link probeFirstUse}): from the first contentful paint, every 100 ms
 * until the behaviour shows (pausing 1 s after each submit a script took, for its answer), the
 * page itself makes the use: focuses the field, types the
 * value (the input's own setter and an `input` event), leaves the field, and if nothing shows
 * 50 ms later presses the form's submit button. A submit nobody's script took (not `defaultPrevented` once
 * it has bubbled to the window) would post the page; the probe cancels it and tries again 100 ms
 * later, so the page stays and the measure is of the behaviour in place. Each frame it checks
 * whether the behaviour showed. Reported per page (ms after FCP; median and max of the runs):
 * - `used`: FCP → the behaviour first showed (what a visitor feels; target ≤ 1.0 s, median);
 * - `taken`: FCP → the first submit the control's script took (it then fetched, validated…);
 * - `hydrate`: FCP → the `astro:hydrate` of the control's island in the same load (the measure
 *   `npm run bench` reports; Astro dispatches it when it has *called* the renderer, and React
 *   hydrates in a transition after that: ADR 069).
 *
 * Beside it, unless `--quiet`, a second Chromium (another process, not throttled: the harder
 * neighbour for 2 cores) loads the site's pages in a loop, each in a fresh context, as another
 * visitor would. `--runs N` (5), `--pages home,category,…` (all), `--no-record` (print only);
 * the figures go to docs/benchmarks/YYYY-MM-DD-first-use.md (scripts/bench/record.ts).
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { openDatabase, provideSharedDatabase } from '../../functions/_lib/db.ts';
import { checkEnv, env } from '../../functions/_lib/env.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { seedDatabase } from '../../functions/db/seeds/seed.ts';
import { startLocalServer } from '../../server/local-server.ts';
import { ensureSiteBuild } from '../../server/site-build.ts';
import { openPhonePage, waitForFcp } from './phone-profile.ts';
import { runsMax, runsMedian, seconds } from './first-use-stats.ts';
import { benchRecord, RECORD_OPTION } from './record.ts';
import { CHROMIUM_FLAGS } from '../chromium-flags.ts';

/** One first-screen control and its use (serialised into the page: plain data only). */
export interface FirstUse {
  /** The field typed into (the first match). */
  field: string;
  /** What is typed: words for a search, a bad e-mail for a form. */
  value: string;
  /** What the use shows once the control's own code ran. */
  done: 'search-results' | 'field-error';
}

/** What the probe keeps on `window.__firstUse` (ms since navigation start). */
interface FirstUseRecord {
  tries: number;
  /** Submits that nobody's script took (they would have posted the page; cancelled). */
  cancelled: number;
  taken: number | null;
  /** The latest submit a script took: tries pause for 1 s after it, for its answer to show. */
  lastTaken: number | null;
  used: number | null;
  /** The `opts.name` of the island holding the field. */
  island: string | null;
}

/**
 * Runs in the page before its first script (context.addInitScript, with the control as its
 * argument). Inlined by hand: the function is serialised alone into the page.
 */
function probeFirstUse(use: FirstUse) {
  const record: FirstUseRecord = {
    tries: 0,
    cancelled: 0,
    taken: null,
    lastTaken: null,
    used: null,
    island: null,
  };
  (window as unknown as { __firstUse: FirstUseRecord }).__firstUse = record;
  const shows = (): boolean => {
    if (use.done === 'search-results') {
      return [...document.querySelectorAll('h2')].some((h) =>
        /^Search Results \(/.test(h.textContent ?? ''),
      );
    }
    const field = document.querySelector<HTMLInputElement>(use.field);
    return (
      !!field &&
      field.getAttribute('aria-invalid') === 'true' &&
      !!document.getElementById(`${field.id}-error`)?.textContent
    );
  };
  // Bubble phase on the window: after every listener of the page (an island's own, React's at its
  // root); a submit still not prevented here would post the page.
  addEventListener('submit', (event) => {
    if (event.defaultPrevented) {
      record.taken ??= performance.now();
      record.lastTaken = performance.now();
      return;
    }
    event.preventDefault();
    record.cancelled += 1;
  });
  const watch = () => {
    if (record.used !== null) return;
    if (shows()) record.used = performance.now();
    else requestAnimationFrame(watch);
  };
  const attempt = () => {
    if (record.used !== null) return;
    // A submit the control took and that showed nothing within a second did not work (the
    // visitor would tap again): the tries resume.
    if (record.lastTaken !== null && performance.now() - record.lastTaken < 1000) {
      setTimeout(attempt, 100);
      return;
    }
    const field = document.querySelector<HTMLInputElement>(use.field);
    if (field) {
      record.tries += 1;
      record.island ??=
        (
          JSON.parse(field.closest('astro-island')?.getAttribute('opts') ?? '{}') as {
            name?: string;
          }
        ).name ?? null;
      field.focus();
      // The input's own setter: React tracks `value` set through the element.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
        field,
        use.value,
      );
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
      field.blur();
      // The tap on the button comes in a task of its own, as a finger's would after typing (the
      // control's state has taken the words by then).
      setTimeout(() => {
        if (!shows()) field.form?.querySelector<HTMLButtonElement>('[type="submit"]')?.click();
      }, 50);
    }
    setTimeout(attempt, 100);
  };
  new PerformanceObserver((list, observer) => {
    if (!list.getEntries().some((e) => e.name === 'first-contentful-paint')) return;
    observer.disconnect();
    requestAnimationFrame(watch);
    attempt();
  }).observe({ type: 'paint', buffered: true });
}

/** The measured pages, each with its first-screen control. */
export const FIRST_USES: Record<string, { path: string; use: FirstUse }> = {
  home: {
    path: '/',
    use: { field: 'form[role="search"] input[name="q"]', value: 'brake', done: 'search-results' },
  },
  category: {
    path: '/mechanic/',
    use: { field: 'form[role="search"] input[name="q"]', value: 'brake', done: 'search-results' },
  },
  register: {
    path: '/register/',
    use: { field: 'form input[type="email"]', value: 'not-an-email', done: 'field-error' },
  },
  'find-it': {
    path: '/find-it/',
    use: { field: 'form input[type="email"]', value: 'not-an-email', done: 'field-error' },
  },
  contact: {
    path: '/contact/',
    use: { field: 'form input[type="email"]', value: 'not-an-email', done: 'field-error' },
  },
  auth: {
    path: '/auth/',
    use: { field: 'form input[type="email"]', value: 'not-an-email', done: 'field-error' },
  },
};

/** One load: ms after FCP (NaN: never within the timeout). */
export interface FirstUseTiming {
  fcp: number;
  used: number;
  taken: number;
  hydrated: number;
  tries: number;
  cancelled: number;
}

/** Loads `url` on the phone profile, first visit, and times the first use of its control. */
export async function measureFirstUse(
  browser: Browser,
  url: string,
  use: FirstUse,
  timeout = 20_000,
): Promise<FirstUseTiming> {
  const phone = await openPhonePage(browser);
  try {
    // tsx (esbuild, keepNames) wraps the probe's inner functions in `__name(…)`: defined here.
    await phone.context.addInitScript({
      content: `{ const __name = (f) => f; (${probeFirstUse.toString()})(${JSON.stringify(use)}); }`,
    });
    await phone.page.goto(url, { waitUntil: 'commit', timeout });
    const fcp = await waitForFcp(phone.page, timeout);
    await phone.page
      .waitForFunction(
        () => (window as unknown as { __firstUse: FirstUseRecord }).__firstUse.used !== null,
        undefined,
        { polling: 100, timeout },
      )
      .catch(() => undefined);
    const { probe, hydrated } = await phone.page.evaluate(() => ({
      probe: (window as unknown as { __firstUse: FirstUseRecord }).__firstUse,
      hydrated: (window as unknown as { __phone: { hydrated: { name: string; at: number }[] } })
        .__phone.hydrated,
    }));
    const island = hydrated.find((h) => h.name === probe.island);
    return {
      fcp,
      used: (probe.used ?? NaN) - fcp,
      taken: (probe.taken ?? NaN) - fcp,
      hydrated: (island?.at ?? NaN) - fcp,
      tries: probe.tries,
      cancelled: probe.cancelled,
    };
  } finally {
    await phone.close();
  }
}

/**
 * The neighbour: a second, unthrottled Chromium loading `paths` in turn, each in a fresh
 * context (no cache: every page's HTML, CSS and scripts again), until `stop()`. It starts with
 * Playwright's flags alone, the desktop browser as it comes: its omnibox popup's renderer, which
 * the phone's browser goes without (scripts/chromium-flags.ts), loads in each of its contexts.
 */
export async function loadBeside(
  origin: string,
  paths: readonly string[],
  executablePath: string,
): Promise<{ stop(): Promise<number> }> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  let running = true;
  let loads = 0;
  const loop = (async () => {
    for (let i = 0; running; i += 1) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(origin + paths[i % paths.length]!, { waitUntil: 'load', timeout: 30_000 });
        loads += 1;
      } catch {
        // A slow load is still load on the machine.
      } finally {
        await context.close();
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await browser.close();
      return loads;
    },
  };
}

/** The bench's own database, seeded afresh each run. */
const DATA_DIR = '.data/bench/first-use-pglite';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      pages: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      ...RECORD_OPTION,
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');
  const names = values.pages ? values.pages.split(',') : Object.keys(FIRST_USES);
  for (const name of names) if (!FIRST_USES[name]) throw new Error(`unknown page: ${name}`);

  checkEnv();
  const chrome = env('CHROMIUM_PATH');
  const record = benchRecord(
    'bench:first-use',
    'First use of first-screen controls on the phone profile',
  );
  rmSync(DATA_DIR, { recursive: true, force: true });
  const handle = await openDatabase({ url: undefined, dataDir: DATA_DIR });
  await migrateToLatest(handle.db);
  await seedDatabase(handle.db);
  provideSharedDatabase(handle);
  const port = env('BENCH_PORT');
  const site = await ensureSiteBuild('.data/bench/site', `http://127.0.0.1:${port}`);
  const local = await startLocalServer({ db: handle.db, port, host: '127.0.0.1', site });
  const beside = values.quiet
    ? undefined
    : await loadBeside(
        local.url,
        [...Object.values(FIRST_USES).map((p) => p.path), '/articles/', '/featured/'],
        chrome,
      );
  const browser = await chromium.launch({ executablePath: chrome, args: [...CHROMIUM_FLAGS] });

  record.line(
    `\nFirst use on the phone profile (Chromium without its omnibox popup: CPU ×4, 150 ms RTT,` +
      ` 1.6 Mbps down, 360×740; first visit), ${runs} runs per page, pages alternating;` +
      (beside
        ? ' a second, unthrottled Chromium (as it comes) loading the site in a loop beside it.'
        : ' nothing else loading the site.') +
      '\nTimes after FCP: used = the behaviour showed (results in place, the inline message);' +
      " taken = the control's script took the submit; hydrate = its island's astro:hydrate.\n",
  );
  const timings: Record<string, FirstUseTiming[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < runs; i += 1) {
    for (const name of names) {
      const { path, use } = FIRST_USES[name]!;
      timings[name]!.push(await measureFirstUse(browser, local.url + path, use));
    }
  }
  const loads = beside ? await beside.stop() : 0;
  record.line(
    [
      'page',
      'FCP',
      'used median',
      'used max',
      'taken median',
      'hydrate median',
      'hydrate max',
      'tries',
    ].join('\t'),
  );
  for (const name of names) {
    const each = timings[name]!;
    record.line(
      [
        `${name} ${FIRST_USES[name]!.path}`,
        seconds(runsMedian(each.map((t) => t.fcp))),
        seconds(runsMedian(each.map((t) => t.used))),
        seconds(runsMax(each.map((t) => t.used))),
        seconds(runsMedian(each.map((t) => t.taken))),
        seconds(runsMedian(each.map((t) => t.hydrated))),
        seconds(runsMax(each.map((t) => t.hydrated))),
        each.map((t) => t.tries).join('/'),
      ].join('\t'),
    );
  }
  record.line(
    `\nEach run (used/hydrate, s after FCP): ` +
      names
        .map(
          (n) =>
            `${n} ${timings[n]!.map((t) => `${seconds(t.used).replace(' s', '')}/${seconds(t.hydrated).replace(' s', '')}`).join(' ')}`,
        )
        .join('; '),
  );
  if (beside) record.line(`The second browser loaded ${loads} pages meanwhile.`);
  record.line(
    '\nTarget (issue 34.5): used ≤ 1.00 s after FCP, median of 5, with the second browser.\n',
  );
  await browser.close();
  await local.close();
  await handle.close();
  record.write();
}

await main();
process.exit(0);
