import { expect, test, type Page } from '@playwright/test';
import { PAGES_CACHE, ROADSIDE_KEY } from '../../common/config/offline';
import { BAD_POSITION_MESSAGE, UNKNOWN_PLACE_MESSAGE } from '../../common/schemas/roadside-near';
import { LOCATION_DENIED } from '../../src/browser/roadside';
import { BASE_URL } from '../../playwright.config';
import { emulateProfile } from '../../scripts/bench/phone-profile';
import { TWO_G_PROFILE } from '../../scripts/bench/two-g';
import { expectNoViolations } from './axe';
import { waitForPageScripts } from './helpers';

/**
 * Issue 38 points 1, 2, 5 and 6 in Chromium (ADR 082): the roadside screen at /emergency/ and
 * /breakdown-recovery/. Geolocation granted (one posted request answers the list; the position
 * is in no URL), denied (the screen says so and moves to the choice), JavaScript off (the area or
 * road choice answers the same list), the 2G profile, and a second visit with no signal showing
 * the last list. The sample "Third Mainland Rescue Towing" (Gbagada, public contact, open
 * 00:00–24:00 every day) is open whenever the suite runs.
 */

const TOW = 'Third Mainland Rescue Towing';
const BRIDGE = { latitude: 6.5131, longitude: 3.4026 };
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

const card = (page: Page, name: string) => page.locator('.roadside-card').filter({ hasText: name });

test('Use my location answers the nearest help open now in one request, the position in no URL', async ({
  browser,
}) => {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: BASE_URL,
    geolocation: BRIDGE,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest()) requests.push(`${r.method()} ${r.url()}`);
  });
  await page.goto('/emergency/');
  // The spec's notice, 199 and 112 first.
  await expect(page.getByRole('link', { name: '199' })).toHaveAttribute('href', 'tel:199');
  await waitForPageScripts(page);
  await page.getByLabel('Your car (optional)').selectOption('Toyota');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.locator('#roadside-heading')).toContainText(
    'Open now near Third Mainland Bridge (middle)',
  );
  expect(requests.at(-1)).toBe(`POST ${BASE_URL}/emergency/`);
  expect(page.url()).toBe(`${BASE_URL}/emergency/`);
  const tow = card(page, TOW);
  // Call and WhatsApp first, then the name, the distance and Open 24 hours / Open now.
  await expect(tow.locator('a').first()).toHaveText('Call');
  await expect(tow.getByRole('link', { name: 'Call' })).toHaveAttribute(
    'href',
    'tel:+2348060001851',
  );
  await expect(tow.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/2348060001851',
  );
  await expect(tow).toContainText(/\d+\.\d km away · Open (now|24 hours)/);
  // Send my location (38.2): a map link of the position, the place nearest and the car's make.
  const send = await page.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href');
  const text = new URL(send!).searchParams.get('text')!;
  expect(send).toMatch(/^https:\/\/wa\.me\/\?text=/);
  expect(text).toContain("I'm near Third Mainland Bridge (middle), Lagos.");
  expect(text).toContain('My car is a Toyota.');
  expect(text).toContain('https://www.openstreetmap.org/?mlat=6.5131&mlon=3.4026');
  await expect(page.getByRole('link', { name: 'Send by SMS' })).toHaveAttribute(
    'href',
    /^sms:\?&body=I%20need%20help/,
  );
  await expect(tow.getByRole('link', { name: `Send my location to ${TOW}` })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/2348060001851\?text=I%20need%20help/,
  );
  await expectNoViolations(page, 'the roadside list');
  // Kept for a visit with no signal (38.6): the list of the place named, never the position.
  const kept = async () =>
    page.evaluate(
      async ([name, key]) => (await (await caches.open(name)).match(key))?.text() ?? '',
      [PAGES_CACHE, ROADSIDE_KEY] as const,
    );
  await expect.poll(kept).toContain('Open now near Third Mainland Bridge (middle)</h2>');
  expect(await kept()).not.toContain('6.5131');
  await context.close();
});

test('with location refused, the screen says so and the road choice answers instead', async ({
  browser,
}) => {
  const context = await browser.newContext({ ...PHONE, baseURL: BASE_URL });
  const page = await context.newPage();
  await page.goto('/breakdown-recovery/');
  await waitForPageScripts(page);
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByRole('status').filter({ hasText: LOCATION_DENIED })).toBeVisible();
  await expect(page.locator('#roadside-near')).toBeFocused();
  await page.locator('#roadside-near').selectOption('third-mainland-bridge-oworonshoki-end');
  await page.getByRole('button', { name: 'Show help open now' }).click();
  await expect(page).toHaveURL(
    /\/breakdown-recovery\/\?near=third-mainland-bridge-oworonshoki-end/,
  );
  await expect(card(page, TOW).getByRole('link', { name: 'Call' })).toBeVisible();
  await context.close();
});

test('without JavaScript every control works: the choice, the Call links, the tips; bad input is told', async ({
  browser,
}) => {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: BASE_URL,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto('/emergency/');
  // Locating needs JavaScript: the button is not offered without it.
  await expect(page.getByRole('button', { name: 'Use my location' })).toBeHidden();
  await page.locator('#roadside-near').selectOption('third-mainland-bridge');
  await page.getByLabel('Your car (optional)').selectOption('Honda');
  await page.getByRole('button', { name: 'Show help open now' }).click();
  await expect(page).toHaveURL(/\?near=third-mainland-bridge&make=Honda/);
  await expect(page.locator('#roadside-heading')).toHaveText(
    'Open now near Third Mainland Bridge (middle)',
  );
  await expect(card(page, TOW).getByRole('link', { name: 'Call' })).toBeVisible();
  const send = await page.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href');
  expect(new URL(send!).searchParams.get('text')).toContain(
    "I'm at Third Mainland Bridge (middle), Lagos. My car is a Honda.",
  );
  // Safety (38.5): the tips open without JavaScript, each official number with its source.
  await page.getByText('Stay safe while you wait').click();
  for (const dial of ['767', '122', '3367'])
    await expect(page.locator('.official-numbers').getByRole('link', { name: dial })).toBeVisible();
  await expect(page.locator('.official-numbers li')).toHaveCount(3);
  for (const item of await page.locator('.official-numbers li').all())
    await expect(item).toContainText('Source: ');

  const unknown = await page.goto('/emergency/?near=third-mainland');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText(UNKNOWN_PLACE_MESSAGE);
  const bad = await page.request.post('/emergency/', {
    headers: { origin: BASE_URL },
    form: { lat: 'NaN', lng: '3.4' },
  });
  expect(bad.status()).toBe(422);
  expect(await bad.text()).toContain(BAD_POSITION_MESSAGE);
  expect(bad.headers()['cache-control']).toContain('no-store');
  await context.close();
});

test('on the 2G profile the first visit shows a Call button in the first screen, and a second visit with no signal shows the last list', async ({
  browser,
}) => {
  const context = await browser.newContext({ ...PHONE, baseURL: BASE_URL });
  const page = await context.newPage();
  await emulateProfile(await context.newCDPSession(page), TWO_G_PROFILE);
  await page.goto('/emergency/?near=third-mainland-bridge');
  const call = card(page, TOW).getByRole('link', { name: 'Call' });
  await expect(call).toBeInViewport();
  // The service worker keeps this list (under the screen's one key) once it runs.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() =>
      page.evaluate(
        async ([name, key]) =>
          (await (await caches.open(name)).keys()).some((r) => new URL(r.url).pathname === key),
        [PAGES_CACHE, ROADSIDE_KEY] as const,
      ),
    )
    .toBe(true);
  // A second visit, in a new tab (without the 2G emulation of this one's session), no signal.
  await page.close();
  await context.setOffline(true);
  const again = await context.newPage();
  await again.goto('/emergency/');
  await expect(card(again, TOW).getByRole('link', { name: 'Call' })).toBeVisible();
  await expect(again.getByRole('link', { name: '112' })).toBeVisible();
  await context.close();
});
