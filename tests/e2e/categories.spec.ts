import { expect, test } from '@playwright/test';
import { waitForIsland } from './helpers';

const CATEGORY_PATHS = [
  '/workshops',
  '/bodywork',
  '/mechanic',
  '/parts',
  '/dealers',
  '/breakdown-recovery',
  '/emergency',
  '/car-listings',
];

test.describe('category pages', () => {
  for (const path of CATEGORY_PATHS) {
    test(`${path} renders heading, search, listings and Back to Home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('searchbox')).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Available/ })).toBeVisible();
      await expect(page.locator('article.business-card').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    });
  }

  for (const path of ['/breakdown-recovery', '/emergency']) {
    test(`${path} shows the 199 / 112 emergency notice`, async ({ page }) => {
      await page.goto(path);
      const notice = page.getByRole('note');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('199');
      await expect(notice).toContainText('112');
      // Words keep their spaces around the links (issue 13.4: "call 199 or112").
      await expect(notice).toContainText('call 199 or 112 first.');
      await expect(page.getByRole('link', { name: '199', exact: true })).toHaveAttribute(
        'href',
        'tel:199',
      );
      await expect(page.getByRole('link', { name: '112', exact: true })).toHaveAttribute(
        'href',
        'tel:112',
      );
    });
  }

  test('/car-listings shows the listing-website count', async ({ page }) => {
    await page.goto('/car-listings');
    await expect(page.getByText(/\d+ Listing Websites? Available/)).toBeVisible();
  });

  test('/workshops shows the highlight tiles, Browse All, and cards do not open a dialog', async ({
    page,
  }) => {
    await page.goto('/workshops');
    for (const tile of ['Oil Changes', 'Engine Repair', 'Brake Service']) {
      await expect(page.getByRole('heading', { name: tile, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Browse All' })).toBeVisible();

    const card = page.locator('article.business-card').first();
    await waitForIsland(page, card);
    await expect(card.getByRole('button', { name: 'View Details' })).toHaveCount(0);
    await card.locator('h3').click();
    // Give React two frames to render anything the click might open, then assert nothing did.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('/mechanic View Details opens the profile dialog; Escape closes it', async ({ page }) => {
    await page.goto('/mechanic');
    const card = page.locator('article.business-card').first();
    await waitForIsland(page, card);
    const name = (await card.locator('h3').textContent())!.trim();

    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name, exact: true })).toBeVisible();
    for (const section of ['About', 'Services Offered', 'Specialties', 'Contact Information']) {
      await expect(dialog.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('/mechanic search "toyota" shows Search Results', async ({ page }) => {
    await page.goto('/mechanic');
    const input = page.getByRole('searchbox');
    await waitForIsland(page, input);
    await input.fill('toyota');
    await input.press('Enter');
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  });

  test('/car-listings search with no match says so, not the empty-category text', async ({
    page,
  }) => {
    await page.goto('/car-listings');
    const input = page.getByRole('searchbox');
    await waitForIsland(page, input);
    await input.fill('zzzqqq');
    await input.press('Enter');
    const listings = page.locator('#listings');
    await expect(listings.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(listings.getByRole('heading', { name: 'No results found' })).toBeVisible();
    await expect(listings.getByText('No Listing Websites Yet')).toHaveCount(0);
    await expect(listings.getByRole('link', { name: 'Register Your Business' })).toHaveCount(0);
  });
});
