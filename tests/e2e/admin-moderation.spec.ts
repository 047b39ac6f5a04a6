import { expect, type Page } from '@playwright/test';
import {
  adminCard,
  adminTab,
  adminTest as test,
  expectToast,
  keyboardDrag,
  openAdmin,
  REBUILD_TIMEOUT,
  waitForPublicPage,
  tabCount,
  waitForIsland,
  waitForMail,
} from './helpers';

/**
 * Admin moderation journey (SPEC §2 Admin dashboard, §4 registration states). One shared admin
 * sign-in (helpers.adminStorageState). Two real listing registrations (rate limit 5/hour per IP,
 * forms.spec.ts uses 2). Public pages change only after the debounced static rebuild, so they are
 * polled.
 */

const RUN = Date.now().toString(36);
const MAIN = {
  name: `E2E Moderation Motors ${RUN}`,
  email: `moderation-${RUN}@admin.e2e.example.com`,
};
const SECOND = {
  name: `E2E Rejected Garage ${RUN}`,
  email: `rejected-${RUN}@admin.e2e.example.com`,
};

async function registerListing(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/register/');
  const submit = page.getByRole('button', { name: 'Submit Listing Request', exact: true });
  await waitForIsland(page, submit);
  await page.getByLabel('Business Name *', { exact: true }).fill(name);
  await page
    .getByLabel('Description *', { exact: true })
    .fill('Fictional e2e workshop for the admin moderation journey.');
  await page.getByRole('checkbox', { name: 'Mechanic / Repair Services', exact: true }).check();
  await page
    .getByLabel('Specific Services *', { exact: true })
    .fill('Engine diagnostics, brake pads');
  await page.getByLabel('Contact Name', { exact: true }).fill('Moderation Tester');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('+234 809 111 2222');
  await page.getByLabel('City / Area', { exact: true }).fill('Yaba');
  await page
    .getByRole('radio', { name: 'Public: anyone can see my phone, email and address' })
    .check();
  await submit.click();
  await expectToast(page, 'Listing Request Submitted!', { type: 'success' });
}

test.describe.configure({ mode: 'serial' });

test.describe('admin moderation journey', () => {
  test('a submitted listing shows in Pending; Approve sends the welcome mail and lists it on /mechanic/', async ({
    page,
  }) => {
    test.setTimeout(REBUILD_TIMEOUT + 60_000);
    await registerListing(page, MAIN.name, MAIN.email);
    await registerListing(page, SECOND.name, SECOND.email);

    await openAdmin(page);
    await expect(page.getByText('Review business listing requests', { exact: true })).toBeVisible();
    await expect(adminTab(page, 'Pending')).toHaveAttribute('aria-selected', 'true');
    const pendingBefore = await tabCount(page, 'Pending');
    const approvedBefore = await tabCount(page, 'Approved');
    const card = adminCard(page, MAIN.name);
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('data-status', 'pending');
    await expect(card.getByText('Pending review', { exact: true })).toBeVisible();
    await expect(card.getByText(MAIN.email, { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveText(['Approve', 'Reject']);

    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(page, 'Business approved', { type: 'success' });
    await expect(card).toHaveCount(0);
    await expect(adminTab(page, 'Pending')).toHaveText(`Pending (${pendingBefore - 1})`);
    await expect(adminTab(page, 'Approved')).toHaveText(`Approved (${approvedBefore + 1})`);

    const [welcome] = await waitForMail(
      (m) => m.subject === `${MAIN.name} is now listed on Lagos Auto Hub`,
      'welcome e-mail',
    );
    expect(welcome!.to).toContain(MAIN.email);

    await adminTab(page, 'Approved').click();
    const approved = adminCard(page, MAIN.name);
    await expect(approved).toHaveAttribute('data-status', 'approved');
    for (const name of [
      'Suspend',
      'Reject',
      'Make Featured',
      'Test Welcome Email',
      'Edit Details',
      'Delete Permanently',
    ]) {
      await expect(approved.getByRole('button', { name, exact: true }), name).toBeVisible();
    }
    await expect(approved.getByLabel('Verification')).toBeVisible();
    await expect(approved.getByLabel('Star rating')).toBeVisible();

    await waitForPublicPage(
      page.request,
      '/mechanic/',
      ({ text }) => text.includes(MAIN.name),
      'approved listing shows after the rebuild',
    );
  });

  test('Make Featured adds it to the Featured tab; keyboard reorder moves it to the top', async ({
    page,
    request,
  }) => {
    await openAdmin(page, 'Approved');
    const card = adminCard(page, MAIN.name);
    await card.getByRole('button', { name: 'Make Featured', exact: true }).click();
    await expectToast(page, 'Marked as featured', { type: 'success' });
    await expect(card.getByRole('button', { name: 'Remove Featured', exact: true })).toBeVisible();

    await adminTab(page, 'Featured').click();
    await expect(page.getByRole('heading', { name: 'Featured Business Order' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Featured businesses' });
    const rows = list.getByRole('listitem');
    const names = async () => (await rows.locator('strong').allInnerTexts()).map((t) => t.trim());
    const before = await names();
    expect(before.length, 'seeded featured businesses plus the new one').toBeGreaterThan(1);
    expect(before.at(-1), 'Make Featured appends at the end (highest order + 1)').toBe(MAIN.name);
    await expect(rows.last().locator('.order-number')).toHaveText(String(before.length));

    const row = rows.filter({ hasText: MAIN.name });
    await keyboardDrag(
      page,
      row.getByRole('button', { name: 'Drag to reorder' }),
      'ArrowUp',
      40 * before.length,
    );
    await expectToast(page, 'Featured business order updated successfully', { type: 'success' });
    await expect.poll(names).toEqual([MAIN.name, ...before.slice(0, -1)]);
    await expect(rows.locator('.order-number')).toHaveText(before.map((_, i) => String(i + 1)));

    const response = await request.get('/api/directory/featured');
    expect(response.status()).toBe(200);
    const { businesses } = (await response.json()) as { businesses: { business_name: string }[] };
    expect(businesses.map((b) => b.business_name)).toEqual([MAIN.name, ...before.slice(0, -1)]);
  });

  test('Suspend removes it from /mechanic/; Activate, verification, star rating and Edit Details update the card', async ({
    page,
  }) => {
    test.setTimeout(REBUILD_TIMEOUT + 60_000);
    await openAdmin(page, 'Approved');
    const suspendedBefore = await tabCount(page, 'Suspended');
    await adminCard(page, MAIN.name).getByRole('button', { name: 'Suspend', exact: true }).click();
    await expectToast(page, 'Business suspended', { type: 'success' });
    await expect(adminTab(page, 'Suspended')).toHaveText(`Suspended (${suspendedBefore + 1})`);

    await waitForPublicPage(
      page.request,
      '/mechanic/',
      ({ text }) => !text.includes(MAIN.name),
      'suspended listing is gone after the rebuild',
    );

    await adminTab(page, 'Suspended').click();
    const card = adminCard(page, MAIN.name);
    await expect(card).toHaveAttribute('data-status', 'suspended');
    for (const name of ['Activate', 'Edit Details', 'Delete Permanently'])
      await expect(card.getByRole('button', { name, exact: true }), name).toBeVisible();
    await expect(card.getByRole('button', { name: 'Suspend', exact: true })).toHaveCount(0);
    await card.getByRole('button', { name: 'Activate', exact: true }).click();
    await expectToast(page, 'Business activated', { type: 'success' });
    await expect(adminTab(page, 'Suspended')).toHaveText(`Suspended (${suspendedBefore})`);

    await adminTab(page, 'Approved').click();
    const active = adminCard(page, MAIN.name);
    await expect(active).toHaveAttribute('data-status', 'approved');

    await active.getByLabel('Verification').selectOption({ label: 'Verified' });
    await expectToast(page, 'Verification status updated', { type: 'success' });
    await expect(active.getByLabel('Verification')).toHaveValue('verified');
    await expect(active.locator('.badge-verified')).toBeVisible();

    await active.getByLabel('Star rating').selectOption('4.5');
    await expectToast(page, 'Star rating updated', { type: 'success' });
    await expect(active.getByLabel('Star rating')).toHaveValue('4.5');
    await expect(active.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeVisible();

    await active.getByRole('button', { name: 'Edit Details', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Business Details' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Changes will be reflected across all listings')).toBeVisible();
    await expect(dialog.getByLabel('Business Name *', { exact: true })).toHaveValue(MAIN.name);
    await expect(dialog.getByLabel('Phone *', { exact: true })).toHaveValue('+234 809 111 2222');
    await dialog.getByLabel('Phone *', { exact: true }).fill('+234 802 333 4444');
    await dialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expectToast(page, 'Business updated successfully', { type: 'success' });
    await expect(dialog).toBeHidden();
    await expect(active.getByText('+234 802 333 4444', { exact: true })).toBeVisible();

    // The change is stored: it survives a reload.
    await openAdmin(page, 'Approved');
    const reloaded = adminCard(page, MAIN.name);
    await expect(reloaded.getByText('+234 802 333 4444', { exact: true })).toBeVisible();
    await expect(reloaded.getByLabel('Verification')).toHaveValue('verified');
    await expect(reloaded.getByLabel('Star rating')).toHaveValue('4.5');
  });

  test('a second listing is rejected, then deleted after the exact confirmation', async ({
    page,
  }) => {
    await openAdmin(page, 'Pending');
    const rejectedBefore = await tabCount(page, 'Rejected');
    await adminCard(page, SECOND.name).getByRole('button', { name: 'Reject', exact: true }).click();
    await expectToast(page, 'Business rejected', { type: 'success' });
    await expect(adminTab(page, 'Rejected')).toHaveText(`Rejected (${rejectedBefore + 1})`);

    await adminTab(page, 'Rejected').click();
    const card = adminCard(page, SECOND.name);
    await expect(card).toHaveAttribute('data-status', 'rejected');
    await expect(card.getByRole('button')).toHaveText([
      'Approve',
      'Edit Details',
      'Delete Permanently',
    ]);

    await card.getByRole('button', { name: 'Delete Permanently', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      `Are you sure you want to permanently delete "${SECOND.name}"? This action cannot be undone.`,
    );
    // Cancel keeps it.
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Delete Permanently', exact: true }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Delete Permanently', exact: true })
      .click();
    await expectToast(page, 'Business deleted', { type: 'success' });
    await expect(card).toHaveCount(0);
    await expect(adminTab(page, 'Rejected')).toHaveText(`Rejected (${rejectedBefore})`);

    await openAdmin(page, 'Rejected');
    await expect(adminCard(page, SECOND.name)).toHaveCount(0);
  });
});
