import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { adminStorageState, openAdmin, visitorAddress, waitForIsland } from './helpers';

/**
 * Issue 27.5 and 27.2 (ADR 044) in Chromium: a visitor searches the home page for something the
 * directory does not have; the search island reports the search it showed (a beacon, no cookie);
 * the admin's Insights tab lists it under "Searches with no or few results", with nothing
 * personal: a visitor who searches for a phone number leaves no trace there. A search posted
 * without JavaScript (the page answers it) is counted the same way.
 */
const PLACEHOLDER = 'Search auto repair, parts, dealers...';

test('a visitor searches for something with no results; the admin sees it in Insights', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Letters only: a unique query that can never look like a phone number.
  const tag = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const query = `Hydrogen Fuel Cell ${tag}`;

  const visitor = await browser.newContext({ extraHTTPHeaders: visitorAddress(46) });
  const page = await visitor.newPage();
  await page.goto('/');
  const input = page.getByPlaceholder(PLACEHOLDER, { exact: true });
  await waitForIsland(page, input);
  for (const text of [query, '0803 555 1234']) {
    const beacon = page.waitForResponse(
      (r) => r.url().endsWith('/api/beacon/search') && r.request().method() === 'POST',
    );
    await input.fill(text);
    await input.press('Enter');
    // No listing holds every word: none shown, or the closest matches after "No exact match".
    await expect(page.getByRole('heading', { name: /^Search Results \(\d+\)$/ })).toBeVisible();
    expect((await beacon).status()).toBe(204);
  }
  await visitor.close();

  // Without JavaScript the form posts to the page, which counts the search it answered.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: visitorAddress(47),
  });
  const plain = await noScript.newPage();
  await plain.goto('/');
  await plain.getByPlaceholder(PLACEHOLDER, { exact: true }).fill(`${query} posted`);
  await plain.getByLabel('Area', { exact: true }).selectOption('yaba');
  await plain.getByPlaceholder(PLACEHOLDER, { exact: true }).press('Enter');
  await expect(plain.getByRole('heading', { name: /^Search Results \(\d+\)$/ })).toBeVisible();
  await noScript.close();

  const admin = await browser.newContext({ storageState: await adminStorageState(browser) });
  const adminPage = await admin.newPage();
  await openAdmin(adminPage, 'Insights');
  await expect(adminPage.getByRole('heading', { name: 'Insights', level: 2 })).toBeVisible();
  await expect(adminPage.getByRole('region', { name: 'Figures per day' })).toBeVisible();
  const searches = adminPage.getByTestId('few-result-searches');
  await expect(searches).toBeVisible();
  // Most searched first and paged: page through until the query's row shows.
  const rowOf = (text: string) =>
    searches
      .getByRole('row')
      .filter({ has: adminPage.getByRole('cell', { name: text, exact: true }) });
  const row = rowOf(query.toLowerCase());
  const next = adminPage.getByRole('navigation', { name: 'Search pages' }).getByRole('button', {
    name: /next/i,
  });
  for (let i = 0; i < 20 && !(await row.isVisible()); i++) {
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
  }
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText([
    query.toLowerCase(),
    'All of Lagos',
    'All',
    '1',
    '0',
    // Issue 35.7: each failed search links to the Search words tab.
    'Teach search this word',
  ]);
  const posted = rowOf(`${query.toLowerCase()} posted`);
  await expect(posted.getByRole('cell')).toHaveText([
    `${query.toLowerCase()} posted`,
    'Yaba',
    'All',
    '1',
    '0',
    // Issue 35.7: each failed search links to the Search words tab.
    'Teach search this word',
  ]);
  await expect(searches).not.toContainText('0803');
  await expectNoViolations(adminPage, 'Insights tab');
  await admin.close();
});
