import { expect, test } from '@playwright/test';
import { areaNamesWithin } from '../../common/config/lagos-areas';
import { waitForIsland } from './helpers';

/**
 * Issue 16.4/16.5 in Chromium (ADR 020): the "Area" filter of a category page leads to the area
 * page ("Mechanics in …") by its busiest-area links and by its form, and "Near me" sorts by
 * distance from a mocked browser position, asked for only on the button press. Both sit in the
 * page's one row under the header (issue 22.3, ADR 031): Area is a disclosure naming the area.
 */
interface Listing {
  id: string;
  area: string | null;
  business_name: string;
}

test.describe('area filter', () => {
  test('a busiest-area link and the Area form open the area page; its cards are that area (an LGA with its neighbourhoods)', async ({
    page,
    request,
  }) => {
    await page.goto('/mechanic/');
    const picker = page.locator('.area-picker summary');
    await expect(picker).toHaveAccessibleName('Area: All of Lagos');
    // Collapsed: the row keeps one line (issue 22.3); the first tap opens it, script or not.
    await expect(page.getByLabel('Area', { exact: true })).toBeHidden();
    await picker.click();
    const links = page
      .getByRole('list', { name: /^Busiest areas for mechanics/ })
      .getByRole('link');
    await expect(links.first()).toBeVisible();
    const first = links.first();
    const name = ((await first.textContent()) ?? '').replace(/\s*\([\d,]+\)\s*$/, '').trim();
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(/^\/mechanic\/\?area=[a-z0-9-]+$/);

    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Mechanics in ${name}`);
    await expect(page).toHaveTitle(new RegExp(`^Mechanics in ${name} \\|`));
    await expect(picker).toHaveAccessibleName(`Area: ${name}`);
    await picker.click();
    await expect(page.getByRole('link', { name: new RegExp(`^${name}`) }).first()).toHaveAttribute(
      'aria-current',
      'page',
    );
    const slug = new URL(href, 'http://x').searchParams.get('area')!;
    const api = (await (
      await request.get(`/api/directory?category=mechanic&area=${slug}&limit=24`)
    ).json()) as { businesses: Listing[] };
    // That area, and for an LGA its neighbourhoods too (ADR 020 update).
    const within = areaNamesWithin(name);
    expect(api.businesses.length).toBeGreaterThan(0);
    expect(api.businesses.every((b) => b.area !== null && within.includes(b.area))).toBe(true);
    const cards = page.locator('#listings article.business-card');
    await expect(cards).toHaveCount(api.businesses.length);
    await expect(cards.first()).toHaveAttribute('data-listing-id', api.businesses[0]!.id);

    // The form: "All of Lagos" goes back to the whole category, another area to its page.
    await page.getByLabel('Area', { exact: true }).selectOption({ label: 'All of Lagos' });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mechanics');
    await expect(page).toHaveURL(/\/mechanic\/$/);
    await picker.click();
    await page.getByLabel('Area', { exact: true }).selectOption('yaba');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/mechanic\/\?area=yaba$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mechanics in Yaba');
  });
});

test.describe('near me', () => {
  test('sorts by distance from the mocked position, with km shown, and goes back to the list', async ({
    browser,
  }) => {
    // Yaba, Lagos.
    const context = await browser.newContext({
      geolocation: { latitude: 6.5095, longitude: 3.3711 },
    });
    await context.grantPermissions(['geolocation']);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/directory/near')) asked.push(r.url());
    });
    await page.goto('/mechanic/');
    const button = page.getByRole('button', { name: 'Sort by distance from me' });
    await waitForIsland(page, page.getByRole('button', { name: 'Sort by distance from me' }));
    expect(asked).toEqual([]); // nothing is asked or sent before the press
    await button.click();
    await expect(page.getByRole('heading', { name: 'Nearest to you' })).toBeVisible();
    expect(asked).toHaveLength(1);
    const sent = new URL(asked[0]!);
    expect(sent.searchParams.get('lat')).toBe('6.51'); // rounded to 3 decimals: 6.5095 → 6.51
    expect(sent.searchParams.get('lng')).toBe('3.371');
    expect(sent.searchParams.get('category')).toBe('mechanic');

    const distances = page.locator('.near-me .card-distance');
    await expect(distances.first()).toBeVisible();
    const texts = await distances.allTextContents();
    const km = texts.map((t) => Number(/([\d.]+) km away/.exec(t)![1]));
    expect(texts.every((t) => /^(About )?\d+\.\d km away( \(area centre\))?$/.test(t))).toBe(true);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    await expect(page.locator('#listings')).toBeHidden();

    await page.getByRole('button', { name: 'Show all listings' }).click();
    await expect(page.locator('#listings')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sort by distance from me' })).toBeVisible();
    await context.close();
  });

  test('says so when the visitor does not allow location access', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/mechanic/');
    await waitForIsland(page, page.getByRole('button', { name: 'Sort by distance from me' }));
    await page.getByRole('button', { name: 'Sort by distance from me' }).click();
    await expect(page.getByText('Location access was not allowed.')).toBeVisible();
    await expect(page.locator('#listings')).toBeVisible();
    await context.close();
  });
});
