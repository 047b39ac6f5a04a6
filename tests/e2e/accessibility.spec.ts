import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { sampleBusinesses, waitForIsland } from './helpers';

/**
 * Issue 13.1: 0 axe-core violations (WCAG 2.0/2.1 A and AA) on every public page type, also with
 * its dialogs open: the business detail dialog (a public listing and a protected one), the
 * search results, the mobile menu drawer.
 */
const businesses = sampleBusinesses();
const protectedBiz = businesses.find((b) => b.contact_visibility === 'registered_users_only')!;

const PAGES = [
  '/',
  '/mechanic/',
  '/workshops/',
  '/breakdown-recovery/',
  '/car-listings/',
  '/featured/',
  '/articles/',
  '/register/',
  '/find-it/',
  '/contact/',
  '/auth/',
  '/admin/sign-in/',
  '/download-social-post/',
  '/download-profile-picture/',
  '/download-logo/',
  '/view-social-post/',
  '/no-such-page/',
];

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const path of PAGES) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, path);
    });
  }

  test('an article and a business page have no violations', async ({ page, request }) => {
    const { articles } = (await (await request.get('/api/articles?limit=1')).json()) as {
      articles: { slug: string }[];
    };
    await page.goto(`/articles/${articles[0]!.slug}/`);
    await expectNoViolations(page, 'article');

    await page.goto('/mechanic/');
    const href = await page.locator('a.card-title-link').first().getAttribute('href');
    await page.goto(href!);
    await page.waitForLoadState('networkidle');
    await page.locator('.business-page aside').scrollIntoViewIfNeeded();
    await expect(page.locator('.business-page aside astro-island')).not.toHaveAttribute(
      'ssr',
      /.*/,
    );
    await expectNoViolations(page, href!);
  });

  test('the detail dialog, public and protected, has no violations', async ({ page }) => {
    await page.goto('/mechanic/');
    const details = page.getByRole('button', { name: 'View Details' }).first();
    await waitForIsland(page, details);
    await details.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, '/mechanic/ with a dialog open');
    await page.keyboard.press('Escape');

    const card = page.locator('article.business-card', {
      has: page.getByRole('heading', { name: protectedBiz.business_name, exact: true }),
    });
    await page.goto('/');
    await waitForIsland(page, page.getByRole('searchbox'));
    await page.getByRole('searchbox').fill(protectedBiz.business_name);
    await page.getByRole('searchbox').press('Enter');
    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Contact details protected')).toBeVisible();
    await expectNoViolations(page, 'home search results with the protected notice open');
  });

  test('the mobile menu drawer has no violations', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoViolations(page, 'menu drawer');
  });
});
