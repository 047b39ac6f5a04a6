import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Browser,
  chromium,
  expect,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import {
  PAGES_CACHE,
  SAVED_PAGE,
  SHELL_CACHE,
  SERVICE_WORKER_URL,
} from '../../common/config/offline';
import { REGISTER_DELAY_MS } from '../../src/browser/offline/register';
import { expectNoViolations } from './axe';
import { adminTest, waitForPageScripts } from './helpers';

/**
 * Issue 22.5 in Chromium (ADR 030): the service worker keeps the business pages a visitor opened
 * and the offline page; "Save" keeps businesses in the browser for /saved/; offline, a visited
 * page reloads with its phone number and address, /saved/ lists the saved ones, and any other
 * page is the offline page. Online, pages are the server's answer (a listing taken down is
 * not shown from the copy, and the copy is forgotten); nothing of a signed-in user is kept; the
 * manifest makes the site installable. Offline is Chromium's own (`context.setOffline`), which
 * the service worker's fetches obey too.
 */

// Each test walks several pages, offline and online, with axe scans: more than the default 30 s
// on a busy 2-core machine.
test.beforeEach(() => test.setTimeout(120_000));

interface Listing {
  slug: string;
  business_name: string;
  business_registration_id: string;
  phone: string | null;
  address: string | null;
  contact_protected: boolean;
}

async function listings(request: APIRequestContext, category: string): Promise<Listing[]> {
  const response = await request.get(`/api/directory?category=${category}&limit=24`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { businesses: Listing[] }).businesses;
}

/** Public listings of `category` with a phone number and an address. */
async function publicListings(request: APIRequestContext, category: string): Promise<Listing[]> {
  const found = (await listings(request, category)).filter(
    (b) => b.slug && b.phone && b.address && !b.contact_protected,
  );
  expect(found.length, `public ${category} listings with phone and address`).toBeGreaterThan(1);
  return found;
}

/** Waits until the service worker controls the page (it claims the page that registered it). */
async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(async (url) => {
    await navigator.serviceWorker.ready;
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration?.active?.scriptURL.endsWith(url)) throw new Error('no active worker');
  }, SERVICE_WORKER_URL);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** Every cached URL, by cache name. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    }
    return out;
  });
}

async function expectKept(page: Page, pathname: string, cache = PAGES_CACHE, kept = true) {
  await expect
    .poll(async () => ((await cachedUrls(page))[cache] ?? []).includes(`${BASE_URL}${pathname}`), {
      message: `${pathname} ${kept ? 'kept' : 'not kept'} in ${cache}`,
    })
    .toBe(kept);
}

const save = async (page: Page) => {
  await waitForPageScripts(page);
  const button = page.getByRole('button', { name: 'Save', exact: true });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this phone' })).toBeVisible();
};

test('offline, a business page opened before reloads with its phone and address, /saved/ lists the saved ones, other pages are the offline page', async ({
  page,
  context,
}) => {
  const [first, second] = await publicListings(page.request, 'mechanic');
  const firstPath = `/business/${first!.slug}/`;
  const secondPath = `/business/${second!.slug}/`;

  // The first visit installs the worker, which then keeps the page it was registered from.
  await page.goto(firstPath);
  await waitForWorker(page);
  await expectKept(page, firstPath);
  await save(page);
  // Saving asks the worker to keep /saved/ as well.
  await expectKept(page, SAVED_PAGE, SHELL_CACHE);
  await page.goto(secondPath);
  await expectKept(page, secondPath);
  await save(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.business_name);
  await expect(page.getByRole('link', { name: second!.phone! })).toHaveAttribute('href', /^tel:/);
  await expect(page.locator('.contact-list')).toContainText(second!.address!);
  // The Save button's script came from the cache too.
  await waitForPageScripts(page);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto(firstPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.business_name);
  await expect(page.getByRole('link', { name: first!.phone! })).toBeVisible();

  await page.goto(SAVED_PAGE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved businesses');
  const cards = page.getByRole('list', { name: 'Saved businesses' }).getByRole('listitem');
  // Newest first.
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
    second!.business_name,
    first!.business_name,
  ]);
  for (const listing of [first!, second!]) {
    const card = cards.filter({ hasText: listing.business_name });
    await expect(card.getByRole('link', { name: listing.phone! })).toHaveAttribute(
      'href',
      `tel:${listing.phone!.replace(/[\s().-]+/g, '')}`,
    );
    await expect(card.getByRole('link', { name: listing.business_name })).toHaveAttribute(
      'href',
      `/business/${listing.slug}/`,
    );
  }
  await expectNoViolations(page, '/saved/ offline');

  // A page never opened: the offline page, with the saved businesses and the kept pages.
  const response = await page.goto('/parts/');
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");
  await expect(
    page.getByRole('region', { name: 'Your saved businesses' }).getByRole('heading', { level: 3 }),
  ).toHaveText([second!.business_name, first!.business_name]);
  const kept = page.getByRole('region', { name: 'Opened before, available offline' });
  for (const listing of [first!, second!]) {
    await expect(
      kept.getByRole('link', { name: new RegExp(`^${listing.business_name}`) }),
    ).toHaveAttribute('href', `/business/${listing.slug}/`);
  }
  await expectNoViolations(page, 'the offline page');
  // Removing works offline too.
  await page.getByRole('button', { name: `Remove ${first!.business_name}` }).click();
  await expect(page.getByRole('status')).toHaveText(
    `${first!.business_name} removed from your saved businesses.`,
  );

  // Back online, "Try again" loads the page that was asked for.
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/parts/`);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText("You're offline");
});

adminTest(
  'online, a kept page is always the server’s answer: a listing taken down shows its 404 and its copy is forgotten',
  async ({ page, context }) => {
    const listing = (await publicListings(page.request, 'parts')).at(-1)!;
    const pagePath = `/business/${listing.slug}/`;
    const status = (value: 'approved' | 'suspended') =>
      page.request.post(`/api/admin/listings/${listing.business_registration_id}/status`, {
        headers: { origin: BASE_URL },
        data: { status: value },
      });
    await page.goto(pagePath);
    await waitForWorker(page);
    await expectKept(page, pagePath);

    expect((await status('suspended')).status()).toBe(200);
    try {
      const response = await page.reload();
      expect(response?.status()).toBe(404);
      await expectKept(page, pagePath, PAGES_CACHE, false);
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");
      await context.setOffline(false);
    } finally {
      expect((await status('approved')).status()).toBe(200);
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.business_name);
    await expectKept(page, pagePath);
  },
);

adminTest(
  'a signed-in visitor’s contact details, session and account pages are never kept',
  async ({ page }) => {
    const all = await listings(page.request, 'mechanic');
    const guarded =
      all.find((b) => b.contact_protected && b.slug) ??
      (await listings(page.request, 'parts')).find((b) => b.contact_protected && b.slug);
    expect(guarded, 'a registered-users-only listing').toBeDefined();
    const pagePath = `/business/${guarded!.slug}/`;
    await page.goto(pagePath);
    await waitForWorker(page);
    // Opened again under the worker: the contact request now passes through it.
    await page.reload();
    const contact = page.locator('.contact-list');
    await contact.scrollIntoViewIfNeeded();
    const phone = contact.locator('a[href^="tel:"]');
    await expect(phone).toBeVisible();
    const number = (await phone.innerText()).trim();
    await page.goto('/account/business/');
    await expectKept(page, pagePath);

    const kept = await cachedUrls(page);
    const urls = Object.values(kept).flat();
    expect(urls.filter((u) => /\/api\/|\/account\/|\/admin\//.test(u))).toEqual([]);
    // No kept answer carries the number the signed-in visitor was shown.
    const leaks = await page.evaluate(async (secret) => {
      const found: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const text = await (await cache.match(request))!.text();
          if (text.includes(secret)) found.push(request.url);
        }
      }
      return found;
    }, number);
    expect(leaks).toEqual([]);
  },
);

test('installable: the manifest has the brand icons and Chromium reports no installability error', async ({
  request: _request,
}, testInfo) => {
  // Installation is not offered in an incognito context, which Playwright's contexts are.
  const profile = mkdtempSync(path.join(tmpdir(), 'lah-install-'));
  const launch = testInfo.project.use.launchOptions ?? {};
  const context = await chromium.launchPersistentContext(profile, {
    ...(launch.executablePath ? { executablePath: launch.executablePath } : {}),
    ...(launch.args ? { args: launch.args } : {}),
    baseURL: BASE_URL,
  });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await waitForWorker(page);
    const cdp = await context.newCDPSession(page);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${BASE_URL}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data!) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Lagos Auto Hub',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      const png = await response.body();
      // The PNG's own width and height (IHDR) are the ones the manifest names.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/** Ms from the load event of `path`, opened in a fresh context, to its service worker's request. */
async function workerRequestAfterLoad(browser: Browser, path: string): Promise<number> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  try {
    const requested = new Promise<number>((resolve) => {
      context.on('request', (request) => {
        if (new URL(request.url()).pathname === SERVICE_WORKER_URL) resolve(Date.now());
      });
    });
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'load' });
    const loaded = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      return performance.timeOrigin + navigation!.loadEventEnd;
    });
    return (await requested) - loaded;
  } finally {
    await context.close();
  }
}

test("the worker is registered seconds after a page's load, a roadside page's at once (ADR 099)", async ({
  browser,
}) => {
  // Its install (the offline page, the shell's scripts) shared the six connections with the home
  // search's first answer on the phone profile; the stranded motorist's list is kept at once.
  expect(await workerRequestAfterLoad(browser, '/')).toBeGreaterThanOrEqual(REGISTER_DELAY_MS - 50);
  expect(await workerRequestAfterLoad(browser, '/emergency/')).toBeLessThan(REGISTER_DELAY_MS);
});
