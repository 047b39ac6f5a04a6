import { expect, test, type APIRequestContext } from '@playwright/test';
import { SERVICE_CATEGORIES } from '../../common/schemas/categories';
import type { AdminRegistration } from '../../common/schemas/registrations';
import type { RoadsideFieldsInput } from '../../common/schemas/roadside';
import { BASE_URL } from '../../playwright.config';
import { adminTest, waitForIsland } from './helpers';

/**
 * Issue 38.3 and 38.4 in Chromium (ADR 081): what the admin declares for a listing (open 24 hours,
 * comes to you, the call-out fee) shows on its card; the category page's "Open now" link filters
 * the list without JavaScript and is carried by the Area form; and a card's "Open now" / "Closed ·
 * opens 8:00" is computed in the browser, in Lagos time, from the hours (the hours themselves
 * without JavaScript).
 */

const MOBILE = 'Magodo Family Car Care Workshop';
const HOURS = 'Yaba Precision Auto Workshop'; // Mon–Fri 08:00–18:00, Sat 09:00–15:00
const standard = new Set<string>(SERVICE_CATEGORIES);

/** Sets the roadside declarations of the listing named `name` through the admin's edit. */
async function declare(request: APIRequestContext, name: string, roadside: RoadsideFieldsInput) {
  const found = await request.get(`/api/admin/listings?q=${encodeURIComponent(name)}`);
  const reg = ((await found.json()) as { registrations: AdminRegistration[] }).registrations.find(
    (r) => r.business_name === name,
  )!;
  const response = await request.patch(`/api/admin/listings/${reg.id}`, {
    headers: { origin: BASE_URL },
    data: {
      business_name: reg.business_name,
      phone: reg.phone,
      display_name: reg.display_name,
      email: reg.email,
      address: reg.address,
      city: reg.city,
      state: reg.state,
      website: reg.website,
      description: reg.description,
      services: reg.services,
      business_categories: reg.business_categories.filter((c) => standard.has(c)),
      additional_tags: reg.tags.filter((t) => !standard.has(t)),
      contact_visibility: reg.contact_visibility,
      area: reg.area ?? '',
      roadside,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

adminTest(
  'Open now filters a category page without JavaScript; a 24-hour mobile listing shows what it declares',
  async ({ page, browser }) => {
    await declare(page.request, MOBILE, {
      open_24_hours: true,
      comes_to_you: true,
      coverage_areas: ['ikeja', 'agege'],
      callout_fee: { min: 5000, max: 15000 },
    });
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
    try {
      const visitor = await context.newPage();
      await visitor.goto('/mechanic/');
      const toggle = visitor.getByRole('link', { name: /^Open now/ });
      await expect(toggle).not.toHaveAttribute('aria-current');
      await toggle.click();
      await expect(visitor).toHaveURL(/\/mechanic\/\?open=now$/);
      await expect(visitor).toHaveTitle(/^Mechanics – Open now \|/);
      await expect(toggle).toHaveAttribute('aria-current', 'true');

      // The cards are the listings open at this moment in Lagos, as the API finds them.
      const api = (await (
        await visitor.request.get('/api/directory?category=mechanic&open=now&limit=24')
      ).json()) as { businesses: { business_name: string }[] };
      const names = api.businesses.map((b) => b.business_name);
      expect(names).toContain(MOBILE);
      expect(names).not.toContain('Ogba Mobile Mechanics'); // no hours: never "open now"
      const cards = visitor.locator('#listings article.business-card');
      await expect(cards.locator('h3')).toHaveText(names);

      const mobile = cards.filter({ hasText: MOBILE });
      await expect(mobile.locator('.open-state')).toHaveText('Open 24 hours');
      await expect(mobile.getByText('Comes to you', { exact: true })).toBeVisible();
      await expect(mobile.getByText('Call-out ₦5,000–₦15,000')).toBeVisible();
      // Without JavaScript a card with hours shows the hours, never a state a cache could keep.
      const states = await cards.locator('.open-state').allTextContents();
      for (const text of states)
        expect(text).toMatch(/^(Open 24 hours|(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[^·]*)$/);

      // The search box searches within the listings open now, still without JavaScript.
      await visitor.getByRole('searchbox').first().fill('Magodo');
      await visitor.getByRole('searchbox').first().press('Enter');
      await expect(visitor.getByRole('heading', { name: /^Search Results \(1\)/ })).toBeVisible();
      await expect(cards.locator('h3')).toHaveText([MOBILE]);
      await visitor.goto('/mechanic/?open=now');
      await visitor.getByRole('searchbox').first().fill('Ogba');
      await visitor.getByRole('searchbox').first().press('Enter');
      await expect(visitor.getByRole('heading', { name: /^Search Results \(0\)/ })).toBeVisible();
      await visitor.goto('/mechanic/?open=now');

      // The Area form keeps Open now; the link turns it off and keeps the area.
      await visitor.locator('.area-picker summary').click();
      await visitor.getByLabel('Area', { exact: true }).selectOption('ikeja');
      await visitor.getByRole('button', { name: 'Show' }).click();
      await expect(visitor).toHaveURL(/\/mechanic\/\?area=ikeja&open=now$/);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Mechanics in Ikeja');
      await visitor.getByRole('link', { name: /^Open now/ }).click();
      await expect(visitor).toHaveURL(/\/mechanic\/\?area=ikeja$/);

      // The business page says what it declares.
      await visitor.goto('/mechanic/?open=now');
      await cards.filter({ hasText: MOBILE }).getByRole('link', { name: MOBILE }).click();
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(MOBILE);
      await expect(visitor.locator('.open-state')).toHaveText('Open 24 hours');
      await expect(visitor.getByText('Comes to you: Ikeja, Agege')).toBeVisible();
      await expect(visitor.getByText('Call-out ₦5,000–₦15,000')).toBeVisible();

      // The home search's Open now box, without JavaScript.
      await visitor.goto('/');
      await visitor.getByRole('searchbox', { name: 'Search businesses' }).fill('Magodo');
      await visitor.getByRole('checkbox', { name: 'Open now' }).check();
      await visitor.getByRole('button', { name: 'Search' }).first().click();
      await expect(visitor.getByRole('heading', { name: /^Search Results \(1\)/ })).toBeVisible();
      await visitor.getByRole('searchbox', { name: 'Search businesses' }).fill('Ogba');
      await visitor.getByRole('button', { name: 'Search' }).first().click();
      await expect(visitor.getByRole('heading', { name: /^Search Results \(0\)/ })).toBeVisible();

      // A value other than now is no page.
      expect((await visitor.request.get('/mechanic/?open=later')).status()).toBe(404);
    } finally {
      await context.close();
      await declare(page.request, MOBILE, {});
    }
  },
);

test.describe('the card says whether it is open, at the visitor’s moment in Lagos', () => {
  for (const [label, at, expected] of [
    ['Monday 07:00', '2026-11-23T06:00:00Z', 'Closed · opens 8:00'],
    ['Monday 10:00', '2026-11-23T09:00:00Z', 'Open now'],
    ['Saturday 16:00', '2026-11-28T15:00:00Z', 'Closed · opens Monday 8:00'],
  ] as const) {
    test(`${label}: ${expected}`, async ({ page }) => {
      await page.clock.setFixedTime(new Date(at));
      await page.goto('/mechanic/');
      const card = page.locator('#listings article.business-card').filter({ hasText: HOURS });
      await waitForIsland(page, card.getByRole('button', { name: 'View Details' }));
      await expect(card.locator('.open-state')).toHaveText(expected);
      await card.getByRole('button', { name: 'View Details' }).click();
      await expect(page.getByRole('dialog').locator('.open-state')).toHaveText(expected);
    });
  }

  test('on a phone the tool row keeps Open now on screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/mechanic/');
    const box = await page.getByRole('link', { name: /^Open now/ }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  });
});
