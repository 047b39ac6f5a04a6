/**
 * The phone profile of DESIGN.md ("Phone first") in Chromium, for `npm run bench` and the
 * first-tap tests (tests/e2e/first-tap.spec.ts, tests/e2e/budgets.spec.ts): CPU slowed ×4,
 * 150 ms round trip, 1.6 Mbps down and 750 kbps up (Chromium's request-level throttling, over
 * CDP), a 360×740 touch screen. Issue 22 measured "islands interactive 1.6–2.7 s after the first
 * paint" on it; ADR 032 has the figures before and after.
 *
 * What it measures in the page (an init script, so from the first byte of the document):
 * - FCP and LCP (`paint`, `largest-contentful-paint` entries), in ms since navigation start;
 * - each island's hydration: the moment Astro dispatches `astro:hydrate` on an `astro-island`
 *   (it drops the island's `ssr` attribute then), named by the component (`opts.name`);
 * - the first tap: when its `pointerdown` arrived (also kept in sessionStorage as a wall-clock
 *   time, for a tap on a link that leads to another page) and the duration of its interaction in the
 *   Event Timing API (input to next paint: the INP of that one interaction).
 * Bytes transferred come from CDP (`Network.loadingFinished`: headers and compressed body).
 */
import type { Browser, BrowserContext, CDPSession, Locator, Page } from '@playwright/test';

/** DESIGN.md's phone profile (Lighthouse's mobile throttling, applied rather than simulated). */
export const PHONE_PROFILE = {
  cpuSlowdown: 4,
  rttMs: 150,
  downBitsPerSecond: 1_600_000,
  upBitsPerSecond: 750_000,
  viewport: { width: 360, height: 740 },
} as const;

/** A network and CPU a page is loaded on: the phone profile, or the 2G one (scripts/bench/two-g.ts). */
export interface NetworkProfile {
  cpuSlowdown: number;
  rttMs: number;
  downBitsPerSecond: number;
  upBitsPerSecond: number;
  viewport: { width: number; height: number };
}

/** One island of a page as the init script saw it (times in ms since navigation start). */
export interface IslandTiming {
  name: string;
  /** The island's `client` directive value (`painted`, `load`…). */
  client: string;
  /** Its content's top edge was inside the first screen (360×740, not scrolled). */
  firstScreen: boolean;
  /** When it hydrated, or null if it had not by the end of the measure. */
  hydrated: number | null;
}

export interface PageTimings {
  fcp: number;
  lcp: number;
  islands: IslandTiming[];
}

/** What the init script keeps on `window.__phone`. */
interface PhoneRecord {
  fcp: number | null;
  lcp: number | null;
  hydrated: { name: string; client: string; at: number }[];
  pointerdown: number | null;
  /** Event Timing entries of interactions (interactionId > 0): their duration, in ms. */
  interactions: { id: number; type: string; start: number; duration: number }[];
}

/** Runs in the page before its first script (context.addInitScript). */
function recordPhoneTimings() {
  // Inlined by hand: the function is serialised alone into the page.
  const TAP_KEY = '__phone_tap';
  const record: PhoneRecord = {
    fcp: null,
    lcp: null,
    hydrated: [],
    pointerdown: null,
    interactions: [],
  };
  (window as unknown as { __phone: PhoneRecord }).__phone = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') record.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    // `interactionId` is in Chromium and the Event Timing spec, not yet in TypeScript's DOM types.
    for (const entry of list.getEntries() as (PerformanceEventTiming & {
      interactionId?: number;
    })[]) {
      if (!entry.interactionId) continue;
      record.interactions.push({
        id: entry.interactionId,
        type: entry.name,
        start: entry.startTime,
        duration: entry.duration,
      });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  // `astro:hydrate` does not bubble, but every event passes the document in its capture phase.
  document.addEventListener(
    'astro:hydrate',
    (event) => {
      const island = event.target as HTMLElement;
      const opts = JSON.parse(island.getAttribute('opts') ?? '{}') as { name?: string };
      record.hydrated.push({
        name: opts.name ?? island.getAttribute('component-url') ?? '?',
        client: island.getAttribute('client') ?? '?',
        at: performance.now(),
      });
    },
    true,
  );
  // The event's own time: when the finger touched, not when a busy main thread got to it.
  addEventListener(
    'pointerdown',
    (event) => {
      record.pointerdown ??= event.timeStamp;
      if (!sessionStorage.getItem(TAP_KEY))
        sessionStorage.setItem(TAP_KEY, String(performance.timeOrigin + event.timeStamp));
    },
    true,
  );
}

/** A page on the phone profile, with a count of the bytes it has transferred. */
export interface PhonePage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Bytes transferred (headers and encoded bodies) since the page was opened or last reset. */
  transferred(): number;
  resetTransferred(): void;
  close(): Promise<void>;
}

/**
 * Opens a page on the phone profile in a context of its own (empty cache, no cookies).
 * `geolocation`: a position the page may read (the "near me" button asks for it).
 * `serviceWorkers: 'block'` for a test that holds responses back ({@link holdResponses}): the
 * site's service worker (ADR 030) installs at the load event and claims the page, and what it
 * fetches for the page is out of reach of Playwright's routes (a held island module would
 * arrive anyway). A first visit, as the bench measures it, leaves it allowed.
 */
export async function openPhonePage(
  browser: Browser,
  options: {
    baseURL?: string;
    geolocation?: { latitude: number; longitude: number };
    serviceWorkers?: 'allow' | 'block';
    /** The network and CPU (default {@link PHONE_PROFILE}; the 2G profile, issue 38.6). */
    profile?: NetworkProfile;
    javaScriptEnabled?: boolean;
  } = {},
): Promise<PhonePage> {
  const profile = options.profile ?? PHONE_PROFILE;
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    serviceWorkers: options.serviceWorkers ?? 'allow',
    viewport: profile.viewport,
    screen: profile.viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...(options.geolocation
      ? { geolocation: options.geolocation, permissions: ['geolocation'] }
      : {}),
  });
  await context.addInitScript(recordPhoneTimings);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await emulateProfile(cdp, profile);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
  });
  return {
    context,
    page,
    cdp,
    transferred: () => bytes,
    resetTransferred: () => {
      bytes = 0;
    },
    close: () => context.close(),
  };
}

/** Applies a profile's network and CPU to the page of `cdp` (Chromium's throttling, over CDP). */
export async function emulateProfile(cdp: CDPSession, profile: NetworkProfile): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: profile.downBitsPerSecond / 8,
    uploadThroughput: profile.upBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
}

async function phoneRecord(page: Page): Promise<PhoneRecord> {
  return page.evaluate(() => (window as unknown as { __phone: PhoneRecord }).__phone);
}

/** Waits (in the page, each frame) until the first contentful paint; returns its time. */
export async function waitForFcp(page: Page, timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { __phone?: PhoneRecord }).__phone?.fcp ?? null,
    undefined,
    { polling: 'raf', timeout },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Every island of the page with its timing. An island counts as hydrated when Astro dispatched
 * `astro:hydrate` on it; one hydrated twice (it never is) keeps its first time.
 */
export async function pageTimings(page: Page): Promise<PageTimings> {
  const record = await phoneRecord(page);
  const islands = await page.evaluate(() =>
    [...document.querySelectorAll('astro-island')].map((island) => {
      const opts = JSON.parse(island.getAttribute('opts') ?? '{}') as { name?: string };
      // An island is `display: contents`: its content has the box.
      const box = (island.firstElementChild ?? island).getBoundingClientRect();
      return {
        name: opts.name ?? island.getAttribute('component-url') ?? '?',
        client: island.getAttribute('client') ?? '?',
        firstScreen: box.top + window.scrollY < window.innerHeight,
      };
    }),
  );
  const used = new Set<number>();
  return {
    fcp: record.fcp ?? NaN,
    lcp: record.lcp ?? NaN,
    islands: islands.map((island) => {
      const at = record.hydrated.findIndex((h, i) => !used.has(i) && h.name === island.name);
      if (at >= 0) used.add(at);
      return { ...island, hydrated: at >= 0 ? record.hydrated[at]!.at : null };
    }),
  };
}

/**
 * Loads `url` and waits until every island in the first screen has hydrated (or `timeout`), then
 * until the network has been quiet for 500 ms: FCP, LCP, each island's hydration time and the
 * bytes the first screen cost (nothing is scrolled or tapped).
 */
export async function measureLoad(
  phone: PhonePage,
  url: string,
  timeout = 30_000,
): Promise<PageTimings & { transferred: number }> {
  phone.resetTransferred();
  await phone.page.goto(url, { waitUntil: 'load', timeout });
  await waitForFcp(phone.page, timeout);
  await phone.page
    .waitForFunction(
      () => {
        const done = (window as unknown as { __phone: PhoneRecord }).__phone.hydrated.length;
        const islands = [...document.querySelectorAll('astro-island')].filter((island) => {
          const box = (island.firstElementChild ?? island).getBoundingClientRect();
          return box.top < window.innerHeight;
        });
        return islands.every((island) => !island.hasAttribute('ssr')) && done >= 0;
      },
      undefined,
      { timeout, polling: 100 },
    )
    .catch(() => undefined);
  await phone.page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
  return { ...(await pageTimings(phone.page)), transferred: phone.transferred() };
}

/**
 * One first tap: when it landed and what it cost (ms since the tapped page's navigation start,
 * durations in ms).
 */
export interface TapTiming {
  fcp: number;
  /** The tap's pointerdown (its event time: the input delay of a busy page counts). */
  tapped: number;
  /** When `done` was seen to hold (on the page the tap led to, for a link). */
  done: number;
  /**
   * The longest Event Timing duration of the tap's interaction (its INP), or 0 under 16 ms; NaN
   * when the tap led to another page (a link: the interaction's entry went with its page).
   */
  inp: number;
  /** The tap led to another page (a link, or a form that posts). */
  navigated: boolean;
}

/**
 * The first tap of a control, as early as a person could make it: loads `url` without waiting for
 * anything but the first contentful paint, taps `control` (scrolled into view if need be, as a
 * finger would after a swipe) and waits, each frame, for `done` to hold in the page. `control`
 * may instead be the steps themselves (type, then tap), returning a promise.
 * `done` runs in the page (serialised: it closes over nothing), e.g.
 * `() => !!document.querySelector('dialog[open]')`; it is seen true within a frame and a round
 * trip to the page (a few ms).
 */
export async function measureFirstTap(
  phone: PhonePage,
  url: string,
  control: (page: Page) => Locator | Promise<void>,
  done: () => boolean,
  timeout = 30_000,
): Promise<TapTiming> {
  const { page } = phone;
  await page.goto(url, { waitUntil: 'commit', timeout });
  const fcp = await waitForFcp(page, timeout);
  const origin = await page.evaluate(() => performance.timeOrigin);
  const tapped = control(page);
  if (tapped instanceof Promise) await tapped;
  else await tapped.tap({ timeout });
  await page.waitForFunction(done, undefined, { polling: 'raf', timeout });
  // Wall-clock times: the page that holds `done` may be another one (a link was followed).
  const doneAt = await page.evaluate(() => ({
    origin: performance.timeOrigin,
    at: performance.timeOrigin + performance.now(),
    tap: Number(sessionStorage.getItem('__phone_tap') ?? NaN),
  }));
  const navigated = Math.abs(doneAt.origin - origin) > 1;
  if (navigated) {
    return { fcp, tapped: doneAt.tap - origin, done: doneAt.at - origin, inp: NaN, navigated };
  }
  // The tap's interaction ends with the next paint after its handlers: give it a frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  const record = await phoneRecord(page);
  const tappedAt = record.pointerdown ?? NaN;
  const ids = new Set(record.interactions.filter((i) => i.start >= tappedAt - 1).map((i) => i.id));
  const first = Math.min(...ids);
  const inp = Math.max(
    0,
    ...record.interactions.filter((i) => i.id === first).map((i) => i.duration),
  );
  return { fcp, tapped: tappedAt, done: doneAt.at - origin, inp, navigated };
}

/**
 * Holds every response whose URL matches `pattern` (an island's component module, a page
 * script) until `release()`: a tap made meanwhile is certain to come before the code it needs.
 * Only for a page whose service workers are blocked (see {@link openPhonePage}).
 * `requested` resolves once the page has asked for one of them.
 */
export async function holdResponses(
  page: Page,
  pattern: RegExp,
): Promise<{ requested: Promise<void>; release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(pattern, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return { requested, release };
}

/** The public pages a control is on (the business page: one with a map and a report link). */
export type ControlPage = 'home' | 'category' | 'business' | 'auth';

/**
 * A public control that opens something (issue 22.2), for the first-tap tests
 * (tests/e2e/first-tap.spec.ts) and `npm run bench`.
 */
export interface PublicControl {
  name: string;
  page: ControlPage;
  /** The code it needs: its island's component module, or the page script that wires it up. */
  needs: RegExp;
  /** It is a button inside an island (not a link, a native form or an invoker command). */
  island: boolean;
  control: (page: Page) => Locator;
  /** The tap itself, when it is more than one tap on the control (type, then tap). */
  tap?: (page: Page, control: Locator) => Promise<void>;
  /** Runs in the page (serialised: it closes over nothing): true once what it opens shows. */
  done: () => boolean;
}

/** An Astro component module of the client build, by component name. */
const componentModule = (name: string) => new RegExp(`/_astro/${name}\\.[\\w-]+\\.js$`);
/** A page script of the client build, by the component that holds it. */
const pageScript = (name: string) =>
  new RegExp(`/_astro/${name}\\.astro_astro_type_script[\\w.-]*\\.js$`);

export const PUBLIC_CONTROLS: PublicControl[] = [
  {
    name: 'menu',
    page: 'home',
    needs: pageScript('Header'),
    island: false,
    control: (page) => page.getByRole('button', { name: 'Open menu' }),
    done: () => !!document.querySelector<HTMLDialogElement>('dialog#nav-drawer')?.open,
  },
  {
    name: 'home search',
    page: 'home',
    needs: componentModule('HomeSearch'),
    island: true,
    control: (page) => page.getByRole('button', { name: 'Search', exact: true }),
    tap: async (page, control) => {
      await page.getByRole('searchbox', { name: 'Search businesses' }).fill('brake');
      await control.tap();
    },
    done: () =>
      [...document.querySelectorAll('h2')].some((h) => /^Search Results \(/.test(h.textContent!)),
  },
  {
    name: 'View Details (featured)',
    page: 'home',
    needs: componentModule('FeaturedBusinesses'),
    island: true,
    control: (page) => page.getByRole('button', { name: 'View Details' }).first(),
    done: () => [...document.querySelectorAll('dialog[open]')].some((d) => d.id !== 'nav-drawer'),
  },
  {
    name: 'View Details (category)',
    page: 'category',
    needs: componentModule('CategoryBrowser'),
    island: true,
    control: (page) =>
      page.locator('#listings').getByRole('button', { name: 'View Details' }).first(),
    done: () => [...document.querySelectorAll('dialog[open]')].some((d) => d.id !== 'nav-drawer'),
  },
  {
    name: 'Map',
    page: 'category',
    needs: pageScript('ListingMap'),
    island: false,
    control: (page) => page.getByRole('button', { name: 'Map', exact: true }),
    done: () =>
      [...document.querySelectorAll('button[aria-expanded="true"]')].some(
        (b) => b.textContent!.trim() === 'Map',
      ),
  },
  {
    name: 'Near me',
    page: 'category',
    needs: componentModule('NearMe'),
    island: true,
    control: (page) => page.getByRole('button', { name: 'Sort by distance from me' }),
    done: () =>
      [...document.querySelectorAll('h2')].some((h) => h.textContent === 'Nearest to you'),
  },
  {
    // A link to the listing's report page (ADR 028), which its island opens in place once hydrated.
    name: 'Report this listing',
    page: 'business',
    needs: componentModule('ReportListing'),
    island: false,
    control: (page) => page.getByRole('link', { name: 'Report this listing' }),
    done: () =>
      [...document.querySelectorAll('legend')].some((l) =>
        l.textContent!.includes('What is wrong with this listing?'),
      ),
  },
  {
    // A link with the tab role (`?tab=signup`, ADR 028), switched in place once hydrated.
    name: 'Create Account tab',
    page: 'auth',
    needs: componentModule('AuthScreen'),
    island: false,
    control: (page) => page.getByRole('tab', { name: 'Create Account' }),
    done: () =>
      [...document.querySelectorAll('label')].some(
        (l) => l.textContent!.trim().startsWith('Confirm password') && l.checkVisibility(),
      ),
  },
];
