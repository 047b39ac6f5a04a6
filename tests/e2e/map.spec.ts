import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, TILE_FAKE_URL } from '../../playwright.config';
import { expectNoViolations } from './axe';
import { waitForIsland, waitForPageScripts } from './helpers';

/**
 * Issue 16.6 in Chromium: maps on the business page (a one-tile preview fetched when seen, the
 * map itself loaded on "Show map", issue 22.4, ADR 030) and the category pages' "Map" view
 * (clustered markers that link to the business pages), drawn from the loopback fake tile server
 * (tests/fakes/tile-server.ts), the e2e server's MAP_TILE_URL. No CSP violation, tiles only once
 * a map is seen, the referrer our origin only, axe clean (ADR 021).
 */

interface TileLog {
  count: number;
  tiles: { path: string; referer: string | null }[];
}

async function tiles(page: Page): Promise<TileLog> {
  return (await (await page.request.get(`${TILE_FAKE_URL}/requests`)).json()) as TileLog;
}

/** Records the page's CSP violations (and CSP console errors), as security.spec.ts does. */
async function watchCsp(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.exposeFunction('__reportCsp', (v: string) => void found.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { __reportCsp: (v: string) => Promise<void> }).__reportCsp(
        `${event.effectiveDirective} ${event.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) found.push(message.text());
  });
  return found;
}

interface Point {
  name: string;
  slug: string;
  lat: number;
  lng: number;
  category: string;
}

async function pagePoints(page: Page): Promise<Point[]> {
  const raw = await page.locator('.listing-map').getAttribute('data-points');
  return JSON.parse(raw!) as Point[];
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  // Leaflet, clustering and axe scans with the map open: more than 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  await page.request.post(`${TILE_FAKE_URL}/reset`);
});

/** The business page of the first mechanic with coordinates (the category page's first pin). */
async function placedBusiness(page: Page): Promise<Point> {
  await page.goto('/mechanic/');
  const [point] = await pagePoints(page);
  expect(point, 'a mechanic with coordinates in the seed').toBeDefined();
  return point!;
}

test('the business page shows a one-tile preview once it is seen, and loads the map only on "Show map"', async ({
  page,
}) => {
  const csp = await watchCsp(page);
  // A phone: the contact card and its map sit below the fold, after the description.
  await page.setViewportSize({ width: 412, height: 700 });
  const point = await placedBusiness(page);
  const mapCode: string[] = [];
  page.on('request', (request) => {
    if (/listing-map/.test(request.url())) mapCode.push(request.url());
  });
  await page.goto(`/business/${point.slug}/`, { waitUntil: 'networkidle' });
  await waitForPageScripts(page);
  const preview = page.locator('.map-preview');
  await expect(preview).not.toBeInViewport();
  await page.waitForTimeout(500);
  expect((await tiles(page)).count, 'no tile before the preview is seen').toBe(0);

  // Scrolled into view: one tile, the one that holds the place, and no map code.
  await preview.scrollIntoViewIfNeeded();
  await expect(preview.locator('img')).toHaveJSProperty('complete', true);
  const tileUrl = new URL((await preview.getAttribute('data-tile'))!);
  expect(tileUrl.pathname).toMatch(/^\/16\/\d+\/\d+\.png$/);
  await expect
    .poll(async () => (await tiles(page)).tiles.map((t) => t.path))
    .toEqual([tileUrl.pathname]);
  await expect(
    page.locator('.map-credit').getByRole('link', { name: '© OpenStreetMap contributors' }),
  ).toBeVisible();
  // Still after scrolling the whole page: the preview was the only map data.
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y <= height; y += 400) await page.evaluate((top) => scrollTo(0, top), y);
  await page.waitForTimeout(500);
  expect(mapCode, 'no map code before "Show map"').toEqual([]);
  expect((await tiles(page)).count).toBe(1);
  await preview.scrollIntoViewIfNeeded();
  await preview.screenshot({ path: test.info().outputPath('business-preview.png') });

  await page.getByText('Show map', { exact: true }).click();
  const region = page.getByRole('region', { name: `Map: ${point.name}` });
  await expect(region.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(page.getByText('Hide map', { exact: true })).toBeVisible();
  const pin = region.getByRole('img', { name: `Location of ${point.name}` });
  await expect(pin).toBeVisible();
  await expect(region.getByRole('link', { name: '© OpenStreetMap contributors' })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/copyright',
  );
  expect(mapCode.length).toBeGreaterThan(0);
  // Leaflet draws the preview's tile too, with the pin at the same place on it.
  const drawn = region.locator(`img.leaflet-tile[src="${tileUrl.href}"]`);
  await expect(drawn).toBeVisible();
  const [tileBox, pinBox] = [await drawn.boundingBox(), await pin.boundingBox()];
  const previewPin = await page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('.map-preview .map-pin')!;
    const cut = Number(el.parentElement!.dataset.cut);
    return { x: parseFloat(el.style.left) + 12, y: parseFloat(el.style.top) + 29 + cut };
  });
  // The pin's tip: its box is a 24 px square turned 45°, the tip 17 px below its centre.
  const tip = { x: pinBox!.x + pinBox!.width / 2, y: pinBox!.y + pinBox!.height / 2 + 17 };
  expect(Math.abs(tip.x - tileBox!.x - previewPin.x)).toBeLessThan(3);
  expect(Math.abs(tip.y - tileBox!.y - previewPin.y)).toBeLessThan(3);
  const log = await tiles(page);
  expect(log.tiles.every((t) => /^\/1[0-9]\/\d+\/\d+\.png$/.test(t.path))).toBe(true);
  // Referrer-Policy strict-origin-when-cross-origin: the tile server learns our origin only.
  expect(new Set(log.tiles.map((t) => t.referer))).toEqual(new Set([`${BASE_URL}/`]));
  await region.screenshot({ path: test.info().outputPath('business-map.png') });
  expect(csp).toEqual([]);
  await expectNoAxeViolations(page);

  // "Hide map" closes it; opened again, the same map shows (no second load).
  const loads = mapCode.length;
  await page.getByText('Hide map', { exact: true }).click();
  await expect(region).toBeHidden();
  await expect(preview).toBeVisible();
  await page.getByText('Show map', { exact: true }).click();
  await expect(region.locator('.leaflet-tile-loaded').first()).toBeVisible();
  expect(mapCode.length).toBe(loads);
});

test('"Show map" works on the first tap, before the page script has arrived', async ({ page }) => {
  const point = await placedBusiness(page);
  // Hold the map's page script back until the tap is done.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/ListingMap\.astro_astro_type_script/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/business/${point.slug}/`);
  await page.getByText('Show map', { exact: true }).click();
  const region = page.getByRole('region', { name: `Map: ${point.name}` });
  await expect(region).toBeVisible();
  release();
  await expect(region.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expect(region.getByRole('img', { name: `Location of ${point.name}` })).toBeVisible();
});

test('a registered-users-only listing has no map, no preview and no coordinates on its page', async ({
  page,
  request,
}) => {
  const { businesses } = (await (
    await request.get('/api/directory?category=mechanic&limit=24')
  ).json()) as { businesses: { slug: string; contact_protected: boolean; latitude: null }[] };
  const guarded = businesses.find((b) => b.contact_protected && b.slug);
  expect(guarded, 'a registered-users-only mechanic').toBeDefined();
  expect(guarded!.latitude).toBeNull();
  await page.goto(`/business/${guarded!.slug}/`);
  await expect(page.locator('.listing-map')).toHaveCount(0);
  expect(await page.content()).not.toContain(TILE_FAKE_URL);
});

test('the category Map view clusters the page listings and a marker opens the business page', async ({
  page,
}) => {
  const csp = await watchCsp(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/mechanic/', { waitUntil: 'networkidle' });
  const points = await pagePoints(page);
  expect(points.length).toBeGreaterThan(1);
  const button = page.getByRole('button', { name: 'Map', exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await page.waitForTimeout(300);
  expect((await tiles(page)).count, 'no tile before the map is opened').toBe(0);

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const region = page.getByRole('region', { name: 'Map of mechanics on this page' });
  await expect(region.locator('.leaflet-tile-loaded').first()).toBeVisible();
  // Every listing of the page is on the map: as a pin, or counted in a cluster.
  const pins = region.locator('a.map-pin');
  const clusters = region.locator('.map-cluster');
  await expect(pins.or(clusters).first()).toBeVisible();
  const counts = await clusters.locator('span[aria-hidden="true"]').allInnerTexts();
  const clustered = counts.reduce((sum, text) => sum + Number(text), 0);
  expect((await pins.count()) + clustered).toBe(points.length);
  expect(csp).toEqual([]);
  await region.screenshot({ path: test.info().outputPath('category-map.png') });
  await expectNoAxeViolations(page);

  // Open clusters (by keyboard: Enter zooms in) until a pin shows, then follow it.
  for (let i = 0; i < 8 && (await pins.count()) === 0; i++) {
    await clusters.first().focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(600);
  }
  const pin = pins.first();
  const href = await pin.getAttribute('href');
  const point = points.find((p) => href === `/business/${p.slug}/`);
  expect(point, `${href} is a listing of the page`).toBeDefined();
  await pin.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/business/${point!.slug}/$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(point!.name);
});

test('the category Map view follows a typed search: it shows the markers of the shown results', async ({
  page,
}) => {
  const csp = await watchCsp(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/mechanic/', { waitUntil: 'networkidle' });
  const before = await pagePoints(page);
  const input = page.getByRole('searchbox');
  await waitForIsland(page, input);
  // A word of the first listing's name that is not in every name of the page: fewer results.
  const names = before.map((p) => p.name.toLowerCase());
  const word = before[0]!.name
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length >= 4)
    .find((w) => names.some((n) => !n.includes(w.toLowerCase())));
  expect(word, `a distinctive word in "${before[0]!.name}"`).toBeDefined();
  await input.fill(word!);
  await input.press('Enter');
  const listings = page.locator('#listings');
  await expect(listings.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  const shown = await listings.locator('article h3').allInnerTexts();
  expect(shown.length).toBeGreaterThan(0);

  // The map's points are the shown results that have a location, in their order.
  await expect
    .poll(async () => (await pagePoints(page)).map((p) => p.name))
    .not.toEqual(before.map((p) => p.name));
  const points = await pagePoints(page);
  expect(points.length).toBeGreaterThan(0);
  expect(points.every((p) => shown.map((s) => s.trim()).includes(p.name))).toBe(true);

  const button = page.getByRole('button', { name: 'Map', exact: true });
  await waitForPageScripts(page);
  await button.click();
  const region = page.getByRole('region', { name: 'Map of mechanics on this page' });
  await expect(region.locator('.leaflet-tile-loaded').first()).toBeVisible();
  const pins = region.locator('a.map-pin');
  const clusters = region.locator('.map-cluster');
  await expect(pins.or(clusters).first()).toBeVisible();
  const markerCount = async () => {
    const counts = await clusters.locator('span[aria-hidden="true"]').allInnerTexts();
    return (await pins.count()) + counts.reduce((sum, text) => sum + Number(text), 0);
  };
  expect(await markerCount()).toBe(points.length);
  const hrefs = await pins.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const href of hrefs) {
    expect(
      points.some((p) => href === `/business/${p.slug}/`),
      `${href} is a shown result`,
    ).toBe(true);
  }
  expect(csp).toEqual([]);
  await expectNoViolations(page, 'category Map view after a search');

  // Clearing the search brings back the page's own listings, on the open map too.
  await input.fill('');
  await expect(listings.getByRole('heading', { name: 'Search Results' })).toBeHidden();
  await expect.poll(markerCount).toBe(before.length);
});
