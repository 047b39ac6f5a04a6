import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { adminStorageState, adminTab, expectToast, openAdmin, waitForIsland } from './helpers';

/**
 * Issue 16.3 "Report this listing" to resolution (ADR 019): a visitor reports a listing from its
 * business page (the form loads on the click), the admin sees the report in the Reports tab,
 * grouped by listing, and resolves it. The open form is checked with axe (WCAG 2.1 AA), on the
 * business page and in the detail dialog.
 */

const RUN = Date.now().toString(36);

test.describe.configure({ mode: 'serial' });

test('a visitor reports a listing from its business page; the admin resolves it in Reports', async ({
  page,
  browser,
}) => {
  await page.goto('/mechanic/');
  // The last card of the first page: other journeys use the first one.
  const href = await page.locator('a.card-title-link').last().getAttribute('href');
  await page.goto(href!);
  const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();

  // The form's code is not on the page until the visitor asks for it.
  const formChunk: string[] = [];
  page.on('request', (request) => {
    if (/ReportForm/.test(request.url())) formChunk.push(request.url());
  });
  const button = page.getByRole('link', { name: 'Report this listing' });
  await button.scrollIntoViewIfNeeded();
  await waitForIsland(page, button);
  expect(formChunk).toEqual([]);
  await button.click();
  const form = page.getByRole('form', { name: `Report ${name}` });
  await expect(form).toBeVisible();
  expect(formChunk.length).toBeGreaterThan(0);
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  for (const reason of [
    'Permanently closed',
    'Wrong phone number',
    'Wrong address or location',
    'Duplicate listing',
    'Spam or fraud',
    'Other',
  ])
    await expect(form.getByRole('radio', { name: reason, exact: true })).toBeVisible();
  await expectNoViolations(page, 'business page with the report form open');

  // No reason chosen: the form says so and sends nothing.
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please choose a reason.');

  const details = `The number rings a bakery now (${RUN}).`;
  await form.getByRole('radio', { name: 'Wrong phone number', exact: true }).check();
  await form.getByLabel('Details (optional)').fill(details);
  await expect(form.getByText(`${details.length}/500 characters`)).toBeVisible();
  await form.getByRole('button', { name: 'Send report' }).click();
  const toast = page.locator('.toast-region .toast-success');
  await expect(toast).toContainText('Report sent');
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you for your report' }),
  ).toBeVisible();

  // The admin: Reports tab, the listing's group with its count, reason and details; Resolve.
  const admin = await browser.newContext({ storageState: await adminStorageState(browser) });
  const adminPage = await admin.newPage();
  await openAdmin(adminPage, 'Reports');
  await adminPage.getByRole('searchbox').fill(name);
  const group = adminPage.locator('li.report-group', {
    has: adminPage.getByRole('heading', { name, exact: true }),
  });
  await expect(group).toBeVisible();
  await expect(group).toContainText('1 open report');
  await expect(group.getByRole('list', { name: 'Reasons' })).toHaveText('Wrong phone number × 1');
  await expect(group).toContainText(details);
  await expect(group).toContainText('anonymous');
  await expect(adminTab(adminPage, 'Reports')).toHaveAttribute('aria-selected', 'true');
  // The tab counts listings with open reports, for the search in force.
  await expect(adminTab(adminPage, 'Reports')).toHaveText('Reports (1)');
  await expectNoViolations(adminPage, 'Reports tab, open reports');
  await group.getByRole('button', { name: 'Resolve' }).click();
  await expectToast(adminPage, 'Reports resolved', {
    description: `${name}: 1 report closed.`,
    type: 'success',
  });
  await expect(group).toHaveCount(0);
  await expect(adminPage.getByText(`No reported listings match "${name}"`)).toBeVisible();
  await expect(adminTab(adminPage, 'Reports')).toHaveText('Reports (0)');
  // Scanned with the success toast still up: its text meets 4.5:1 (toasts.css).
  await expect(adminPage.locator('[data-sonner-toast][data-type="success"]')).toBeVisible();
  await expectNoViolations(adminPage, 'Reports tab with its success toast');

  // Closed reports: the resolved one, with who resolved it and when.
  await adminPage.getByLabel('Show').selectOption({ label: 'Resolved' });
  const closed = adminPage.locator('li.report-closed', {
    has: adminPage.getByRole('heading', { name, exact: true }),
  });
  await expect(closed).toContainText('Wrong phone number');
  await expect(closed).toContainText(details);
  await expect(closed).toContainText(/Resolved by .+ on /);
  await expectNoViolations(adminPage, 'Reports tab, resolved reports');
  await adminPage.getByLabel('Show').selectOption({ label: 'Dismissed' });
  await expect(adminPage.getByText(`No dismissed reports match "${name}"`)).toBeVisible();
  await admin.close();
});

test('the detail dialog offers "Report this listing" and its form passes axe', async ({ page }) => {
  await page.goto('/mechanic/');
  const details = page.getByRole('button', { name: 'View Details' }).first();
  await waitForIsland(page, details);
  await details.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Report this listing' }).click();
  await expect(dialog.getByRole('form')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Permanently closed' })).toBeVisible();
  await expectNoViolations(page, '/mechanic/ dialog with the report form open');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('form')).toHaveCount(0);
  await expect(dialog).toBeVisible();
});
