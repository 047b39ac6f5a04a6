import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('mobile (390x844)', () => {
  test('the menu button opens the drawer with its links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('dialog#nav-drawer');
    await expect(drawer).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    for (const name of ['Contact', 'Register Business', 'List Your Business', 'News & Tips']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }

    await drawer.getByRole('link', { name: 'News & Tips', exact: true }).click();
    // The nav link is /articles; the list also lives at /articles/ (View All Articles).
    await expect(page).toHaveURL(/\/articles\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Latest News & Tips' })).toBeVisible();
  });

  test('the home page does not scroll horizontally', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});
