import { expect, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { ADMIN_TAB_LABELS, adminCard, adminTest as test, openAdmin } from './helpers';

/**
 * Issue 13.1, the admin half: 0 axe-core violations (WCAG 2.0/2.1 A and AA) on every admin tab
 * with its first page loaded, and with the admin's dialogs open (edit business, new article,
 * CSV import) and the tab order list shown. Each axe run gets its own test (one takes seconds).
 */

/** Waits until the open panel shows data or its empty state instead of a loading line. */
async function panelLoaded(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('tabpanel').getByText(/^Loading/)).toHaveCount(0);
}

test.describe('admin accessibility (axe, WCAG 2.1 AA)', () => {
  for (const label of ADMIN_TAB_LABELS) {
    test(`the ${label} tab has no violations`, async ({ page }) => {
      await openAdmin(page, label);
      await panelLoaded(page);
      await expectNoViolations(page, `admin tab ${label}`);
    });
  }

  test('the tab order list has no violations', async ({ page }) => {
    await openAdmin(page);
    await page.getByRole('button', { name: 'Reorder tabs' }).click();
    await expect(page.getByRole('list', { name: 'Reorder tabs' })).toBeVisible();
    await expectNoViolations(page, 'tab order list');
  });

  test('the edit business dialog has no violations', async ({ page }) => {
    await openAdmin(page, 'Approved');
    await panelLoaded(page);
    const card = page.locator('article.admin-card').first();
    const name = await card.getByRole('heading', { level: 3 }).innerText();
    await adminCard(page, name).getByRole('button', { name: 'Edit Details', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Business Details' })).toBeVisible();
    await expectNoViolations(page, 'edit business dialog');
  });

  test('the CSV import dialog has no violations', async ({ page }) => {
    await openAdmin(page);
    await page.getByRole('button', { name: 'Import CSV', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Import businesses from CSV' })).toBeVisible();
    await expectNoViolations(page, 'CSV import dialog');
  });

  test('the new article dialog has no violations', async ({ page }) => {
    await openAdmin(page, 'Articles');
    await panelLoaded(page);
    await page.getByRole('button', { name: 'New Article', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Article' })).toBeVisible();
    await expectNoViolations(page, 'new article dialog');
  });
});
