import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import {
  ADMIN_TAB_LABELS,
  adminCard,
  adminTab,
  adminTest as test,
  expectToast,
  keyboardDrag,
  openAdmin,
  sampleBusinesses,
  tabCount,
} from './helpers';

/**
 * Admin dashboard frame (SPEC §2): CSV exports, tab search and counts, tab reorder (local storage).
 */

const COMPANY_SEARCH = 'Search companies by name, type, city or services...';
const BUSINESS_HEADER =
  'Business Name,Email,Phone,Business Type,Status,City,State,Address,Website,Services,Description,Contact Name,Featured,Contact Visibility,Created At';
const USERS_HEADER = 'Display Name,Role,User ID,Created At,Updated At';

/** The {date} of the export file names, as the browser (same machine and time zone) writes it. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  const path = await file.path();
  const raw = readFileSync(path, 'utf8');
  expect(raw.startsWith('\uFEFF'), 'UTF-8 BOM for spreadsheets').toBe(true);
  return { name: file.suggestedFilename(), text: raw.replace(/^\uFEFF/, '') };
}

const tabLabels = async (page: Page) =>
  (
    await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').allInnerTexts()
  ).map((t) => t.replace(/\s*\(\d+\)$/, '').trim());

test.describe('admin dashboard', () => {
  test('heading, subtitle and the tabs in their default order; Pending selected', async ({
    page,
  }) => {
    await openAdmin(page);
    await expect(page.getByText('Review business listing requests', { exact: true })).toBeVisible();
    expect(await tabLabels(page)).toEqual([...ADMIN_TAB_LABELS]);
    // Only tabs inside the tablist; each tab's drag handle is in the "Reorder tabs" list.
    const tablist = page.getByRole('tablist', { name: 'Admin sections' });
    await expect(tablist.getByRole('button')).toHaveCount(0);
    await page.getByRole('button', { name: 'Reorder tabs' }).click();
    await expect(
      page
        .getByRole('list', { name: 'Reorder tabs' })
        .getByRole('button', { name: 'Drag to reorder' }),
    ).toHaveCount(await tablist.getByRole('tab').count());
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('list', { name: 'Reorder tabs' })).toHaveCount(0);
    await expect(adminTab(page, 'Pending')).toHaveAttribute('aria-selected', 'true');
    for (const label of [
      'Pending',
      'Approved',
      'Suspended',
      'Rejected',
      'Requests',
      'Users',
      'Contacts',
      'Articles',
      'Reports',
      'Claims',
    ]) {
      await expect(adminTab(page, label), label).toHaveText(new RegExp(`^${label} \\(\\d+\\)$`));
    }
    for (const label of ['Featured', 'Messaging', 'Service Cards', 'Insights', 'Search words'])
      await expect(adminTab(page, label), label).toHaveText(label);
  });

  test('Export All Businesses downloads the SPEC §9 CSV with every business', async ({ page }) => {
    await openAdmin(page);
    const { name, text } = await download(page, 'Export All Businesses');
    expect(name).toBe(`business_registrations_${today()}.csv`);
    await expectToast(page, 'Export complete', { type: 'success' });
    const lines = text.split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe(BUSINESS_HEADER);
    const lagoon = lines.find((l) => l.startsWith('Lagoon Crest Autos,'));
    expect(lagoon, 'sample business row').toBeTruthy();
    expect(lagoon).toContain(',approved,');
    expect(lagoon).toContain('Car Dealership / Sales');
    const total =
      (await tabCount(page, 'Pending')) +
      (await tabCount(page, 'Approved')) +
      (await tabCount(page, 'Suspended')) +
      (await tabCount(page, 'Rejected'));
    for (const b of sampleBusinesses().slice(0, 5))
      expect(text, b.business_name).toContain(b.business_name);
    // One row per business (no line breaks inside the sample fields).
    expect(lines.length - 1).toBeGreaterThanOrEqual(total);
  });

  test('Export Users downloads users_{date}.csv with the admin', async ({ page }) => {
    await openAdmin(page, 'Users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await expect(page.getByText('View all registered users', { exact: true })).toBeVisible();
    await expect(
      page.getByPlaceholder('Search users by name, role or user ID...', { exact: true }),
    ).toBeVisible();
    const { name, text } = await download(page, 'Export Users');
    expect(name).toBe(`users_${today()}.csv`);
    const lines = text.split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe(USERS_HEADER);
    expect(lines.length - 1).toBe(await tabCount(page, 'Users'));
    expect(
      lines.some((l) => l.split(',')[1] === 'admin'),
      'an admin row',
    ).toBe(true);
  });

  test('search "Lagoon" on Approved filters cards and counts; changing tab clears it; Featured has no search', async ({
    page,
  }) => {
    await openAdmin(page, 'Approved');
    const approved = await tabCount(page, 'Approved');
    const pending = await tabCount(page, 'Pending');
    const search = page.getByRole('searchbox', { name: COMPANY_SEARCH });
    await expect(search).toHaveAttribute('placeholder', COMPANY_SEARCH);

    await search.fill('Lagoon');
    const cards = page.getByRole('tabpanel').locator('article.admin-card');
    await expect(cards).toHaveCount(1);
    await expect(adminCard(page, 'Lagoon Crest Autos')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Searching for' })).toHaveText(
      'Searching for: "Lagoon" - 1 results found',
    );
    await expect(adminTab(page, 'Approved')).toHaveText('Approved (1)');
    expect(approved).toBeGreaterThan(1);
    await expect(adminTab(page, 'Pending')).toHaveText('Pending (0)');

    // A search matching nothing.
    await search.fill('zzqx-no-such-company');
    await expect(page.getByRole('heading', { name: 'No approved registrations' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Searching for' })).toHaveText(
      'Searching for: "zzqx-no-such-company" - 0 results found',
    );
    await expect(adminTab(page, 'Approved')).toHaveText('Approved (0)');

    await search.fill('Lagoon');
    await adminTab(page, 'Pending').click();
    await expect(page.getByRole('searchbox', { name: COMPANY_SEARCH })).toHaveValue('');
    await expect(page.getByText(/^Searching for:/)).toHaveCount(0);
    await expect(adminTab(page, 'Approved')).toHaveText(`Approved (${approved})`);
    await expect(adminTab(page, 'Pending')).toHaveText(`Pending (${pending})`);

    await adminTab(page, 'Articles').click();
    await expect(
      page.getByRole('searchbox', {
        name: 'Search articles by title, author, category or content...',
      }),
    ).toBeVisible();
    await adminTab(page, 'Featured').click();
    await expect(
      page.getByText('Search is not available for Featured', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Featured Business Order' })).toBeVisible();
  });

  test('tab order changed with the keyboard is kept in localStorage across a reload', async ({
    page,
  }) => {
    await openAdmin(page);
    expect(await page.evaluate(() => localStorage.getItem('admin-tab-order'))).toBeNull();
    const before = await tabLabels(page);
    expect(before.slice(0, 2)).toEqual(['Pending', 'Approved']);

    await page.getByRole('button', { name: 'Reorder tabs' }).click();
    const handle = page
      .getByRole('list', { name: 'Reorder tabs' })
      .getByRole('listitem')
      .filter({ hasText: 'Approved' })
      .getByRole('button', { name: 'Drag to reorder' });
    await keyboardDrag(page, handle, 'ArrowLeft', 8);
    await expect.poll(() => tabLabels(page)).toEqual(['Approved', 'Pending', ...before.slice(2)]);

    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('admin-tab-order') ?? 'null') as string[] | null,
    );
    expect(stored).toEqual([
      'approved',
      'pending',
      'suspended',
      'rejected',
      'featured',
      'requests',
      'reports',
      'reviews',
      'users',
      'contacts',
      'messaging',
      'articles',
      'cards',
      'claims',
      'insights',
      'search-words',
    ]);

    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Business Listings Admin' }),
    ).toBeVisible();
    await expect.poll(() => tabLabels(page)).toEqual(['Approved', 'Pending', ...before.slice(2)]);
    // The default tab is still Pending, wherever it is.
    await expect(adminTab(page, 'Pending')).toHaveAttribute('aria-selected', 'true');
  });
});
