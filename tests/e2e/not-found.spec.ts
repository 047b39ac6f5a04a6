import { expect, test } from '@playwright/test';

const PLACEHOLDER_ROUTES = [
  '/auth',
  '/user-auth',
  '/register',
  '/find-it',
  '/contact',
  '/admin',
  '/bulk-registration',
  '/download-social-post',
  '/download-profile-picture',
  '/download-logo',
  '/view-social-post',
];

test.describe('not found and placeholder routes', () => {
  test('unknown path answers 404 with a Return to Home link', async ({ page }) => {
    const response = await page.goto('/some/unknown/path');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Oops! Page not found', { exact: true })).toBeVisible();

    const home = page.getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
  });

  for (const route of PLACEHOLDER_ROUTES) {
    test(`${route} answers 200`, async ({ request }) => {
      const response = await request.get(route);
      expect(response.status()).toBe(200);
      expect(await response.text()).not.toContain('Oops! Page not found');
    });
  }
});
