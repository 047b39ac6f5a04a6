/**
 * The 2G profile beside the phone profile in `npm run bench` (issue 38.6, ADR 082): Chromium,
 * 280 kbps down, 256 kbps up, 800 ms round trip, CPU ×4, 360×740, a first visit (empty cache,
 * no service worker yet) to the roadside screen. For each load it reports:
 * - FCP (the `paint` entry), in ms since navigation start;
 * - when the first Call button (`a[href^="tel:"]`) was laid out inside the first screen, taken
 *   in the first animation frame that finds it (the frame is painted right after), at the
 *   earliest at FCP;
 * - the bytes transferred before that moment (CDP: a response finished by then counts its
 *   encoded bytes with headers, `Network.loadingFinished`; one still arriving the share of them
 *   its decoded chunks so far make, `Network.dataReceived`), and in all once the network is
 *   quiet (the service worker's install included).
 * Targets (issue 38.6, local server): FCP ≤ 3.0 s, first Call button ≤ 3.5 s, ≤ 30 KB before it.
 * Then, with JavaScript off, whether the screen's controls work: the Call links, the area or
 * road choice (a GET form answered with the list) and the safety tips (a `<details>`).
 * Reported, not asserted (tests/e2e/roadside.spec.ts checks the controls on this profile).
 */
import type { Browser } from '@playwright/test';
import { openPhonePage, type NetworkProfile } from './phone-profile.ts';

export const TWO_G_PROFILE: NetworkProfile = {
  cpuSlowdown: 4,
  rttMs: 800,
  downBitsPerSecond: 280_000,
  upBitsPerSecond: 256_000,
  viewport: { width: 360, height: 740 },
};

/** The pages measured: the first screen, and a road's list (a stranded motorist's first answer). */
export const TWO_G_PAGES = {
  emergency: '/emergency/',
  'a road': '/emergency/?near=third-mainland-bridge',
} as const;

/** One first visit on the 2G profile (times in ms since navigation start, bytes). */
export interface TwoGLoad {
  fcp: number;
  firstCall: number;
  /** The first Call button of a listing (a list's page), NaN where the page has none. */
  listingCall: number;
  bytesBeforeCall: number;
  bytes: number;
}

/**
 * Runs in the page before its first script: records FCP and the first Call button's frame. A
 * string, not a function: tsx would wrap a serialised function's inner functions in a helper
 * the page does not have.
 */
const RECORD_FIRST_CALL = `(() => {
  const record = { fcp: null, call: null, listingCall: null };
  window.__twoG = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') record.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const shown = (selector) => [...document.querySelectorAll(selector)].some((a) => {
    const box = a.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0;
  });
  function check(now) {
    if (record.call === null && shown('a[href^="tel:"]')) record.call = now;
    if (record.listingCall === null && shown('.roadside-card a[href^="tel:"]')) record.listingCall = now;
    if (record.call === null || (record.listingCall === null && now < 30000)) requestAnimationFrame(check);
  }
  requestAnimationFrame(check);
})();`;

/** One first visit to `url` on the 2G profile. */
export async function loadOn2G(browser: Browser, url: string): Promise<TwoGLoad> {
  const phone = await openPhonePage(browser, { profile: TWO_G_PROFILE });
  try {
    await phone.context.addInitScript(RECORD_FIRST_CALL);
    // Chromium reports a response's encoded size when it finishes (`loadingFinished`); its
    // chunks arrive with their decoded sizes (`dataReceived`).
    const arrivals: { id: string; at: number; bytes: number }[] = [];
    const finished = new Map<string, { at: number; bytes: number }>();
    let start = NaN;
    phone.cdp.on('Network.requestWillBeSent', (event) => {
      if (Number.isNaN(start) && event.type === 'Document') start = event.timestamp;
    });
    phone.cdp.on('Network.dataReceived', (event) =>
      arrivals.push({ id: event.requestId, at: event.timestamp, bytes: event.dataLength }),
    );
    phone.cdp.on('Network.loadingFinished', (event) =>
      finished.set(event.requestId, { at: event.timestamp, bytes: event.encodedDataLength }),
    );
    await phone.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await phone.page.waitForFunction(
      () => {
        const r = (
          window as unknown as {
            __twoG: { fcp: number | null; call: number | null; listingCall: number | null };
          }
        ).__twoG;
        return r.fcp !== null && r.call !== null ? r : null;
      },
      undefined,
      { polling: 100, timeout: 60_000 },
    );
    await phone.page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    const seen = (await phone.page.evaluate(
      () => (window as unknown as { __twoG: unknown }).__twoG,
    )) as { fcp: number; call: number; listingCall: number | null };
    const firstCall = Math.max(seen.fcp, seen.call);
    const until = start + firstCall / 1000;
    // Before the moment: a response finished by then in full; one still arriving in the share
    // of its decoded bytes that had arrived (its encoded size scaled by it).
    const decoded = new Map<string, { before: number; all: number }>();
    for (const a of arrivals) {
      const d = decoded.get(a.id) ?? { before: 0, all: 0 };
      d.all += a.bytes;
      if (a.at <= until) d.before += a.bytes;
      decoded.set(a.id, d);
    }
    let before = 0;
    for (const [id, end] of finished) {
      const d = decoded.get(id);
      if (end.at <= until) before += end.bytes;
      else if (d && d.all > 0) before += (end.bytes * d.before) / d.all;
    }
    let bytes = 0;
    for (const end of finished.values()) bytes += end.bytes;
    const listingCall = seen.listingCall === null ? NaN : Math.max(seen.fcp, seen.listingCall);
    return { fcp: seen.fcp, firstCall, listingCall, bytesBeforeCall: before, bytes };
  } finally {
    await phone.close();
  }
}

/**
 * The roadside screen with JavaScript off on the 2G profile: its Call links, the area or road
 * choice posted as a visitor would (answered with the list) and the safety tips opened.
 */
export async function controlsWithoutJavaScript(
  browser: Browser,
  origin: string,
): Promise<{ calls: number; listed: number; tips: boolean }> {
  const phone = await openPhonePage(browser, { profile: TWO_G_PROFILE, javaScriptEnabled: false });
  try {
    const { page } = phone;
    await page.goto(`${origin}/emergency/`, { timeout: 60_000 });
    const calls = await page.locator('a[href^="tel:"]').count();
    await page.locator('#roadside-near').selectOption('third-mainland-bridge');
    await Promise.all([
      page.waitForURL(/near=third-mainland-bridge/, { timeout: 60_000 }),
      page.getByRole('button', { name: 'Show help open now' }).click(),
    ]);
    const listed = await page.locator('.roadside-card').count();
    await page.getByText('Stay safe while you wait').click();
    const tips = await page.locator('.official-numbers').isVisible();
    return { calls, listed, tips };
  } finally {
    await phone.close();
  }
}

/**
 * The 2G table of `npm run bench` (median of `runs` first visits per page), then the controls
 * with JavaScript off. `line` prints and records one line.
 */
export async function twoGTable(
  browser: Browser,
  origin: string,
  runs: number,
  line: (text: string) => void,
): Promise<void> {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  line(
    `\n2G profile (Chromium: 280 kbps down, 256 kbps up, 800 ms RTT, CPU ×4, 360×740), first visits, median of ${runs};` +
      ' targets: FCP ≤ 3.00 s, first Call ≤ 3.50 s, ≤ 30 KB before it\n',
  );
  line(['page', 'FCP', 'first Call', 'before it', "first listing's Call", 'in all'].join('\t'));
  for (const [name, path] of Object.entries(TWO_G_PAGES)) {
    const loads: TwoGLoad[] = [];
    for (let i = 0; i < runs; i += 1) loads.push(await loadOn2G(browser, origin + path));
    line(
      [
        name,
        s(median(loads.map((l) => l.fcp))),
        s(median(loads.map((l) => l.firstCall))),
        kb(median(loads.map((l) => l.bytesBeforeCall))),
        loads.some((l) => Number.isNaN(l.listingCall))
          ? '–'
          : s(median(loads.map((l) => l.listingCall))),
        kb(median(loads.map((l) => l.bytes))),
      ].join('\t'),
    );
  }
  const off = await controlsWithoutJavaScript(browser, origin);
  line(
    `\nJavaScript off on 2G: ${off.calls} Call links on the first screen's page; the road choice` +
      ` answered ${off.listed} businesses open now; safety tips ${off.tips ? 'open' : 'DID NOT open'}`,
  );
}
