import { expect, test as base, type Page } from '@playwright/test';
import {
  ADMIN_TAB_LABELS,
  adminStorageState,
  adminTab,
  expectToast,
  waitForIsland,
} from './helpers';

/**
 * Issue 12.9 in Chromium (`npm run test:security`): the Content-Security-Policy of every page
 * lets our own scripts run (islands hydrate, dialogs open, toasts show, the admin works) and
 * nothing else, with zero violations reported by the browser. Tagged @security.
 */

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every `securitypolicyviolation` event of the page (and CSP console errors). */
async function watchCsp(page: Page): Promise<{ violations: Violation[]; console: string[] }> {
  const found = { violations: [] as Violation[], console: [] as string[] };
  await page.exposeFunction('__reportCsp', (v: Violation) => void found.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { __reportCsp: (v: unknown) => Promise<void> }).__reportCsp({
        page: location.pathname,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Permissions-Policy|Refused to/i.test(text))
      found.console.push(`${page.url()}: ${text}`);
  });
  return found;
}

const test = base.extend<{ csp: Awaited<ReturnType<typeof watchCsp>> }>({
  csp: async ({ page }, use) => {
    const found = await watchCsp(page);
    await use(found);
    expect(found.violations, 'CSP violations').toEqual([]);
    expect(found.console, 'CSP / Permissions-Policy console messages').toEqual([]);
  },
});

const PUBLIC_PAGES = [
  '/',
  '/mechanic/',
  '/parts/',
  '/dealers/',
  '/bodywork/',
  '/breakdown-recovery/',
  '/workshops/',
  '/car-listings/',
  '/featured/',
  '/articles/',
  '/auth/',
  '/user-auth/',
  '/auth/forgot-password/',
  '/auth/reset-password/?token=not-a-real-token',
  '/register/',
  '/find-it/',
  '/contact/',
  '/download-social-post/',
  '/download-profile-picture/',
  '/download-logo/',
  '/view-social-post/',
  '/admin/sign-in/',
  '/no-such-page/',
];

test.describe('@security Content-Security-Policy in Chromium', () => {
  test('public pages load and run their scripts with zero violations', async ({ page, csp }) => {
    // 25 pages, each to network idle, the first of them rendered cold: 25 s on a quiet machine.
    test.setTimeout(90_000);
    for (const path of PUBLIC_PAGES) {
      const response = await page.goto(path);
      const header = response?.headers()['content-security-policy'] ?? '';
      expect(header, `${path}: CSP header`).toMatch(/script-src 'self'/);
      expect(header, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      await page.waitForLoadState('networkidle');
    }
    expect(csp.violations).toEqual([]);
  });

  test('an article and a business page, with their island', async ({ page, csp }) => {
    await page.goto('/articles/');
    await page.locator('main a[href^="/articles/"]').first().click();
    await page.waitForURL(/\/articles\/[^/]+\/$/);
    await page.waitForLoadState('networkidle');
    await page.goto('/mechanic/');
    await page.locator('a[href^="/business/"]').first().click();
    await page.waitForURL(/\/business\/[^/]+\/$/);
    await page.waitForLoadState('networkidle');
    expect(csp.violations).toEqual([]);
  });

  test('islands hydrate: the detail dialog opens and a toast shows', async ({ page, csp }) => {
    await page.goto('/mechanic/');
    const card = page.locator('article.business-card').first();
    await waitForIsland(page, card);
    await card.getByRole('button', { name: 'View Details' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/');
    const search = page.getByPlaceholder('Search auto repair, parts, dealers...');
    await waitForIsland(page, search);
    await search.fill('zzzqqq');
    await search.press('Enter');
    await expectToast(page, 'No results found');

    // The mobile drawer (a Header script) opens and closes.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(csp.violations).toEqual([]);
  });

  test('the admin dashboard: every tab and a dialog', async ({ browser }) => {
    const context = await browser.newContext({ storageState: await adminStorageState(browser) });
    const page = await context.newPage();
    const csp = await watchCsp(page);
    await page.goto('/admin/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Business Listings Admin' }),
    ).toBeVisible({ timeout: 20_000 });
    for (const tab of ADMIN_TAB_LABELS) {
      await adminTab(page, tab).click();
      await expect(adminTab(page, tab)).toHaveAttribute('aria-selected', 'true');
    }
    await adminTab(page, 'Articles').click();
    await page.getByRole('button', { name: 'New Article' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/bulk-registration/');
    await page.waitForLoadState('networkidle');
    expect(csp.violations, 'CSP violations in the admin').toEqual([]);
    expect(csp.console, 'CSP console messages in the admin').toEqual([]);
    await context.close();
  });
});
