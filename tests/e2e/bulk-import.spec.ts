import { expect, test as base } from '@playwright/test';
import { adminCard, adminTest as test, expectToast, openAdmin, tabCount } from './helpers';

/**
 * Bulk import journey (SPEC §2 Bulk registration, §7, §8 toasts). The e2e server has no Google
 * key, so it searches OpenStreetMap through OVERPASS_BASE_URL = tests/fakes/places-server.ts,
 * whose Mechanic answer is three named businesses (an unnamed node and a fuel station are
 * dropped). "Ikeja Accident Repair Centre" shares its phone with a seeded sample business, so it
 * is normally flagged as a likely duplicate and starts unselected.
 */

const FOUND = [
  'Allen Avenue Motor Works',
  'Ojota Mechanic Village',
  'Ikeja Accident Repair Centre',
];

test.describe.configure({ mode: 'serial' });

test.describe('bulk import', () => {
  test('search OpenStreetMap, select and register; the imports wait in Pending', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openAdmin(page, 'Pending');
    const pendingBefore = await tabCount(page, 'Pending');

    await page.goto('/bulk-registration/');
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk Import' })).toBeVisible({
      timeout: 20_000,
    });
    const banner = page.locator('.bulk-banner');
    await expect(banner).toContainText('OpenStreetMap');
    await expect(banner).toContainText('No Google Places API key');

    const query = page.getByLabel('Search for', { exact: true });
    const searchButton = page.getByRole('button', { name: 'Search', exact: true });
    await expect(query).toHaveValue('');
    await expect(searchButton).toBeDisabled();
    await query.fill('   ');
    await expect(searchButton).toBeDisabled();
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Lagos, Nigeria');
    await expect(page.getByRole('combobox', { name: 'Category', exact: true })).toHaveValue(
      'Mechanic / Repair Services',
    );

    await query.fill('mechanic');
    await expect(searchButton).toBeEnabled();
    await searchButton.click();
    await expectToast(page, 'Search Complete', {
      description: `Found ${FOUND.length} businesses`,
      type: 'success',
    });

    const rows = page.locator('li.bulk-row');
    await expect(rows).toHaveCount(FOUND.length);
    for (const name of FOUND)
      await expect(page.getByRole('checkbox', { name, exact: true })).toBeVisible();
    await expect(page.getByText('Data © OpenStreetMap contributors, ODbL.')).toBeVisible();
    // Everything is selected except the likely duplicates.
    let duplicates = 0;
    for (let i = 0; i < FOUND.length; i++) {
      const row = rows.nth(i);
      const isDuplicate = (await row.locator('.pending-note').count()) > 0;
      if (isDuplicate) {
        duplicates++;
        await expect(row.locator('.pending-note')).toContainText('Possible duplicate of');
      }
      await expect(row.getByRole('checkbox')).toBeChecked({ checked: !isDuplicate });
    }
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: `Results (${FOUND.length - duplicates} of ${FOUND.length} selected)`,
      }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Deselect All', exact: true }).click();
    for (const name of FOUND)
      await expect(page.getByRole('checkbox', { name, exact: true })).not.toBeChecked();
    await page.getByRole('button', { name: 'Register Selected', exact: true }).click();
    await expectToast(page, 'No Businesses Selected', {
      description: 'Please select at least one business to register.',
      type: 'error',
    });
    await expect(rows).toHaveCount(FOUND.length);

    await page.getByRole('button', { name: 'Select All', exact: true }).click();
    for (const name of FOUND)
      await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Register Selected', exact: true }).click();
    await expectToast(page, 'Bulk Registration Complete', {
      description: `Successfully registered ${FOUND.length} businesses. 0 failed.`,
      type: 'success',
    });
    await expect(rows).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Register Selected' })).toHaveCount(0);

    await openAdmin(page, 'Pending');
    await expect.poll(() => tabCount(page, 'Pending')).toBe(pendingBefore + FOUND.length);
    for (const name of FOUND) {
      const card = adminCard(page, name);
      await expect(card).toBeVisible();
      await expect(card).toHaveAttribute('data-status', 'pending');
    }
  });

  test('a second search flags the imported businesses as already imported', async ({ page }) => {
    await page.goto('/bulk-registration/');
    const query = page.getByLabel('Search for', { exact: true });
    await expect(query).toBeVisible({ timeout: 20_000 });
    await query.fill('mechanic');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectToast(page, 'Search Complete', { description: `Found ${FOUND.length} businesses` });
    for (const name of FOUND)
      await expect(page.getByRole('checkbox', { name, exact: true })).not.toBeChecked();
    await expect(
      page
        .locator('li.bulk-row .pending-note')
        .filter({ hasText: 'already imported from the same source' }),
    ).toHaveCount(FOUND.length);
    await expect(
      page.getByRole('heading', { level: 2, name: `Results (0 of ${FOUND.length} selected)` }),
    ).toBeVisible();
  });
});

base('a visitor opening /bulk-registration/ is sent to /auth/', async ({ page }) => {
  await page.goto('/bulk-registration/');
  await expect(page).toHaveURL(/\/auth\/$/, { timeout: 20_000 });
});
