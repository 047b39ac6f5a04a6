import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { adminStorageState, openAdmin, visitorAddress, waitForIsland } from './helpers';

/**
 * Issue 35.7 (ADR 062) in Chromium: a motorist's search finds nothing; the admin's Insights links
 * it to the Search words tab ("Teach search this word"), pre-filled; the admin adds a synonym
 * group and a misspelling, sees them listed and logged, is refused a "misspelling" that is a word
 * search knows, and removes their own addition.
 */
const PLACEHOLDER = 'Search auto repair, parts, dealers...';

test('an admin teaches search a word from Insights and removes it again', async ({ browser }) => {
  test.setTimeout(120_000);
  // Letters only: a unique word that can never look like a phone number.
  const tag = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const word = `kekenapep${tag}`;

  const visitor = await browser.newContext({ extraHTTPHeaders: visitorAddress(61) });
  const page = await visitor.newPage();
  await page.goto('/');
  const input = page.getByPlaceholder(PLACEHOLDER, { exact: true });
  await waitForIsland(page, input);
  const beacon = page.waitForResponse(
    (r) => r.url().endsWith('/api/beacon/search') && r.request().method() === 'POST',
  );
  await input.fill(word);
  await input.press('Enter');
  expect((await beacon).status()).toBe(204);
  await visitor.close();

  const admin = await browser.newContext({ storageState: await adminStorageState(browser) });
  const adminPage = await admin.newPage();
  await openAdmin(adminPage, 'Insights');
  const searches = adminPage.getByTestId('few-result-searches');
  await expect(searches).toBeVisible();
  const row = searches
    .getByRole('row')
    .filter({ has: adminPage.getByRole('cell', { name: word, exact: true }) });
  const next = adminPage
    .getByRole('navigation', { name: 'Search pages' })
    .getByRole('button', { name: /next/i });
  for (let i = 0; i < 20 && !(await row.isVisible()); i++) {
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
  }
  await row.getByRole('link', { name: 'Teach search this word' }).click();

  // The Search words tab, pre-filled with the failed query.
  await expect(adminPage.getByRole('tab', { name: 'Search words' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const panel = adminPage.getByTestId('search-words-panel');
  await expect(panel.getByRole('heading', { name: 'Search words', level: 2 })).toBeVisible();
  const terms = panel.getByLabel('Words, separated by commas');
  await expect(terms).toHaveValue(`${word}, `);
  await expect(panel.getByText('No words added yet')).toBeVisible();
  await expectNoViolations(adminPage, 'the Search words tab');

  // A synonym group with a category.
  await terms.fill(`${word}, tricycle`);
  await panel.getByLabel('Category (optional)').selectOption('mechanic');
  await panel.getByRole('button', { name: 'Add words' }).click();
  const added = panel.getByTestId('search-words-added');
  const group = added.getByRole('listitem').filter({ hasText: `${word} · tricycle` });
  await expect(group).toBeVisible();
  await expect(group).toContainText('you');
  await expect(panel.getByTestId('search-words-log')).toContainText(`added ${word}, tricycle`);

  // A misspelling; a right word is refused as one.
  await panel.getByLabel('A misspelling').check();
  await panel.getByLabel('Misspelt word').fill('mechanic');
  await panel.getByLabel('Right word').fill('panel beater');
  await panel.getByRole('button', { name: 'Add words' }).click();
  await expect(
    panel.getByText('"mechanic" is a word search knows, not a misspelling'),
  ).toBeVisible();
  await panel.getByLabel('Misspelt word').fill(`mekanik${tag}`);
  await panel.getByLabel('Right word').fill('mechanic');
  await panel.getByRole('button', { name: 'Add words' }).click();
  await expect(
    added.getByRole('listitem').filter({ hasText: `mekanik${tag} → mechanic` }),
  ).toBeVisible();

  // The shipped words are listed and can be filtered.
  await panel.getByLabel('Filter the shipped words').fill('vulcaniser');
  await expect(panel.getByText(/vulcanizer · vulcaniser/)).toBeVisible();

  // Removing one's own addition logs it.
  await group.getByRole('button', { name: 'Remove' }).click();
  await expect(group).toHaveCount(0);
  await expect(panel.getByTestId('search-words-log')).toContainText(`removed ${word}, tricycle`);
  await admin.close();
});
