import { expect, type APIRequestContext } from '@playwright/test';
import { SCALE_LISTINGS } from '../../playwright.config';
import {
  adminCard,
  adminTab,
  adminTest as test,
  expectToast,
  openAdmin,
  tabCount,
} from './helpers';

/**
 * The admin at size (ADR 014, issue 11.8), on the `scale` project's own server: a fresh database
 * with SCALE_LISTINGS synthetic listings, 30 % of them pending (SEED_SYNTHETIC). An old pending
 * listing approved from the paged Pending tab shows on page 2 of its category; a search's
 * matches are rejected in bulk after a confirmation that shows their number.
 */

interface Listing {
  id: string;
  business_name: string;
  created_at: string;
  category_keys: string[];
  status: string;
}

test.describe.configure({ mode: 'serial' });

/** Every registration of one status, a page of 100 at a time, as the admin API pages them. */
async function allOfStatus(request: APIRequestContext, status: string): Promise<Listing[]> {
  const rows: Listing[] = [];
  for (let page = 1; ; page += 1) {
    const response = await request.get(
      `/api/admin/listings?status=${status}&limit=100&page=${page}`,
    );
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { registrations: Listing[]; total: number };
    rows.push(...body.registrations);
    if (rows.length >= body.total || body.registrations.length === 0) return rows;
  }
}

test.describe('admin at scale', () => {
  test('the Approved tab is paged on the server: 24 cards, page 2 of many', async ({ page }) => {
    await openAdmin(page, 'Approved');
    const approved = await tabCount(page, 'Approved');
    expect(approved).toBeGreaterThan(SCALE_LISTINGS * 0.5);
    await expect(page.locator('article.admin-card')).toHaveCount(24);
    const pages = Math.ceil(approved / 24);
    const pager = page.getByRole('navigation', { name: 'approved pages' });
    await expect(pager).toContainText(`Page 1 of ${pages}`);
    const first = await page.locator('article.admin-card h3').first().innerText();
    await pager.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(pager).toContainText(`Page 2 of ${pages}`);
    await expect(page.locator('article.admin-card')).toHaveCount(24);
    await expect(page.locator('article.admin-card h3').first()).not.toHaveText(first);
  });

  // Its target is picked by date inside page 2, but Recommended now orders by trust first
  // (ADR 071): to be rewritten to pick by the listing's quality score (see the stop note).
  test.fixme('approving an old pending listing puts it on page 2 of its category', async ({
    page,
  }) => {
    const request = page.request;
    const category = 'mechanic';
    const pageTwo = await request.get(`/api/directory?category=${category}&page=2&limit=24`);
    expect(pageTwo.status()).toBe(200);
    const shown = ((await pageTwo.json()) as { businesses: Listing[] }).businesses;
    expect(shown.length, 'the category has a full second page').toBe(24);
    const newest = Date.parse(shown[0]!.created_at);
    const oldest = Date.parse(shown.at(-1)!.created_at);

    // An old pending listing of the category whose date falls inside page 2, with a unique name.
    let target: Listing | undefined;
    for (const candidate of await allOfStatus(request, 'pending')) {
      const at = Date.parse(candidate.created_at);
      if (!candidate.category_keys.includes(category) || at >= newest || at <= oldest) continue;
      const same = await request.get(
        `/api/admin/listings?q=${encodeURIComponent(candidate.business_name)}`,
      );
      if (((await same.json()) as { total: number }).total === 1) {
        target = candidate;
        break;
      }
    }
    expect(target, 'a pending listing that lands on page 2').toBeTruthy();
    const name = target!.business_name;
    const before = await request.get(`/${category}/page/2/`);
    expect(await before.text()).not.toContain(name);

    await openAdmin(page);
    const pendingBefore = await tabCount(page, 'Pending');
    await page
      .getByRole('searchbox', { name: 'Search companies by name, type, city or services...' })
      .fill(name);
    await expect(page.getByRole('status').filter({ hasText: 'Searching for' })).toHaveText(
      `Searching for: "${name}" - 1 results found`,
    );
    const card = adminCard(page, name);
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(page, 'Business approved', { type: 'success' });
    await expect(card).toHaveCount(0);
    await expect(adminTab(page, 'Pending')).toHaveText('Pending (0)');
    await page.getByRole('searchbox').fill('');
    await expect(adminTab(page, 'Pending')).toHaveText(`Pending (${pendingBefore - 1})`);

    // The approval purged the category's cached pages: page 2 shows it at once.
    const after = await page.goto(`/${category}/page/2/`);
    expect(after!.status()).toBe(200);
    await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();
    const pageOne = await request.get(`/${category}/`);
    expect(await pageOne.text()).not.toContain(name);
  });

  test('Reject selected on "all matching the search" confirms the number, then changes exactly that many', async ({
    page,
  }) => {
    await openAdmin(page);
    const pendingBefore = await tabCount(page, 'Pending');
    const search = page.getByRole('searchbox', {
      name: 'Search companies by name, type, city or services...',
    });
    await search.fill('tyre');
    await expect(page.getByRole('status').filter({ hasText: 'Searching for' })).toHaveText(
      /^Searching for: "tyre" - \d+ results found$/,
    );
    const matching = await tabCount(page, 'Pending');
    expect(matching).toBeGreaterThan(1);
    expect(matching).toBeLessThan(pendingBefore);

    const bar = page.locator('.bulk-bar');
    if (matching > 24) {
      await bar
        .getByRole('button', { name: `Select all ${matching.toLocaleString('en-US')} matching` })
        .click();
      await expect(bar).toContainText(`All ${matching} matching selected`);
    } else {
      await bar.getByRole('checkbox', { name: 'Select page' }).check();
      await expect(bar).toContainText(`${matching} selected`);
    }
    await expect(bar.getByRole('button', { name: 'Delete selected' })).toHaveCount(0);
    await bar.getByRole('button', { name: 'Reject selected', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('heading')).toHaveText(`Reject ${matching} businesses?`);
    await expect(confirm).toContainText(`${matching} businesses will be rejected.`);
    await confirm.getByRole('button', { name: `Reject ${matching}`, exact: true }).click();
    await expectToast(page, `${matching} businesses rejected`, { type: 'success' });
    await expect(adminTab(page, 'Pending')).toHaveText('Pending (0)');
    await expect(page.getByRole('heading', { name: 'No pending registrations' })).toBeVisible();

    await search.fill('');
    await expect(adminTab(page, 'Pending')).toHaveText(`Pending (${pendingBefore - matching})`);
    await adminTab(page, 'Rejected').click();
    await expect(adminTab(page, 'Rejected')).toHaveText(/^Rejected \(\d+\)$/);
    expect(await tabCount(page, 'Rejected')).toBeGreaterThanOrEqual(matching);
  });
});
