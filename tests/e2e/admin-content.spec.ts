import { expect, type Page } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import {
  adminTab,
  adminTest as test,
  expectToast,
  keyboardDrag,
  openAdmin,
  publicHtml,
  REBUILD_TIMEOUT,
  tabCount,
  waitForPublicPage,
} from './helpers';

/**
 * Admin content: Articles tab and Service Cards tab (SPEC §2). Public pages are static and change
 * only after the debounced rebuild, so they are polled (helpers.waitForPublicPage).
 */

const RUN = Date.now().toString(36);
const ORIGIN = { origin: BASE_URL };

// ---------------------------------------------------------------------------------------------
// Articles
// ---------------------------------------------------------------------------------------------

const ARTICLE = {
  title: `E2E Admin Article ${RUN}`,
  slug: `e2e-admin-article-${RUN}`,
  edited: `E2E Admin Article Edited ${RUN}`,
};
const DRAFT = { title: `E2E Draft Article ${RUN}`, slug: `e2e-draft-article-${RUN}` };

const articleCard = (page: Page, title: string) =>
  page
    .locator('li.card')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

async function createArticle(
  page: Page,
  article: { title: string; slug: string },
  published: boolean,
): Promise<void> {
  await page.getByRole('button', { name: 'New Article', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Article' });
  await expect(dialog).toBeVisible();
  for (const label of [
    'Title *',
    'Slug',
    'Author',
    'Read time (minutes)',
    'Image URL',
    'Excerpt',
    'Content * (markdown: # headings, **bold**, - lists)',
    'Meta title',
    'Meta description',
  ]) {
    await expect(dialog.getByLabel(label, { exact: true }), label).toBeVisible();
  }
  await dialog.getByLabel('Title *', { exact: true }).fill(article.title);
  await dialog.getByLabel('Slug', { exact: true }).fill(article.slug);
  await dialog
    .getByLabel('Category *') /* the label text also holds the option texts */
    .selectOption('Tips');
  await dialog.getByLabel('Author', { exact: true }).fill('E2E Author');
  await dialog.getByLabel('Read time (minutes)', { exact: true }).fill('4');
  await dialog.getByLabel('Excerpt', { exact: true }).fill(`Excerpt of ${article.title}.`);
  await dialog
    .getByLabel('Content * (markdown: # headings, **bold**, - lists)', { exact: true })
    .fill(
      `# Keeping cool\n\nSome **bold** advice for ${RUN}.\n\n- check the coolant\n- check the fan belt\n`,
    );
  // Set both boxes explicitly: the form may keep the previous article's values (see the test.fail below).
  await dialog.getByRole('checkbox', { name: 'Published', exact: true }).setChecked(published);
  await dialog.getByRole('checkbox', { name: 'Featured', exact: true }).setChecked(false);
  await dialog.getByRole('button', { name: 'Create Article', exact: true }).click();
  await expectToast(page, 'Article created', { type: 'success' });
  await expect(dialog).toBeHidden();
}

test.describe('admin articles', () => {
  test('create (published and draft), edit and delete an article; public pages follow after the rebuild', async ({
    page,
  }) => {
    test.setTimeout(3 * REBUILD_TIMEOUT + 60_000);
    await openAdmin(page, 'Articles');
    await expect(page.getByRole('heading', { name: 'Article Management' })).toBeVisible();
    const before = await tabCount(page, 'Articles');

    await createArticle(page, ARTICLE, true);
    await createArticle(page, DRAFT, false);
    await expect(adminTab(page, 'Articles')).toHaveText(`Articles (${before + 2})`);
    const card = articleCard(page, ARTICLE.title);
    await expect(card.locator('.badge').filter({ hasText: /^(Published|Draft)$/ })).toHaveText(
      'Published',
    );
    await expect(card.getByText('4 min read')).toBeVisible();
    await expect(
      articleCard(page, DRAFT.title)
        .locator('.badge')
        .filter({ hasText: /^(Published|Draft)$/ }),
    ).toHaveText('Draft');

    // Published: its page appears after the rebuild; the draft never does.
    await waitForPublicPage(
      page.request,
      `/articles/${ARTICLE.slug}/`,
      ({ status, text }) => status === 200 && text.includes(ARTICLE.title),
      'new article page',
    );
    await waitForPublicPage(
      page.request,
      '/articles/',
      ({ text }) => text.includes(ARTICLE.title),
      'new article in the list',
    );
    expect((await publicHtml(page.request, '/articles/')).text, 'draft not listed').not.toContain(
      DRAFT.title,
    );
    const draftPage = await publicHtml(page.request, `/articles/${DRAFT.slug}/`);
    expect(draftPage.status, 'draft page').toBe(404);
    expect(draftPage.text).not.toContain(DRAFT.title);

    const reader = await page.context().newPage();
    await reader.goto(`/articles/${ARTICLE.slug}/`);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(ARTICLE.title);
    await expect(
      reader.locator('.prose').getByRole('heading', { name: 'Keeping cool' }),
    ).toBeVisible();
    await expect(reader.locator('.prose li')).toHaveText([
      'check the coolant',
      'check the fan belt',
    ]);

    // Edit the title.
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Article' });
    await expect(dialog.getByLabel('Title *', { exact: true })).toHaveValue(ARTICLE.title);
    await expect(dialog.getByLabel('Slug', { exact: true })).toHaveValue(ARTICLE.slug);
    await expect(dialog.getByRole('checkbox', { name: 'Published', exact: true })).toBeChecked();
    await dialog.getByLabel('Title *', { exact: true }).fill(ARTICLE.edited);
    await dialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expectToast(page, 'Article updated', { type: 'success' });
    await expect(dialog).toBeHidden();
    await expect(articleCard(page, ARTICLE.edited)).toBeVisible();

    await waitForPublicPage(
      page.request,
      `/articles/${ARTICLE.slug}/`,
      ({ text }) => text.includes(ARTICLE.edited),
      'edited title',
    );
    await reader.reload();
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(ARTICLE.edited);

    // Delete (with confirmation) → 404 Article Not Found after the rebuild.
    const edited = articleCard(page, ARTICLE.edited);
    await edited.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      `Are you sure you want to delete "${ARTICLE.edited}"? This action cannot be undone.`,
    );
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Article deleted', { type: 'success' });
    await expect(edited).toHaveCount(0);

    // The draft goes too (keeps the shared database as the other spec files expect it).
    await articleCard(page, DRAFT.title)
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(articleCard(page, DRAFT.title)).toHaveCount(0);
    await expect(adminTab(page, 'Articles')).toHaveText(`Articles (${before})`);

    await waitForPublicPage(
      page.request,
      `/articles/${ARTICLE.slug}/`,
      ({ status, text }) => status === 404 && text.includes('Article Not Found'),
      'deleted article answers 404',
    );
    await waitForPublicPage(
      page.request,
      '/articles/',
      ({ text }) => !text.includes(ARTICLE.edited),
      'deleted article gone from the list',
    );
    const gone = await reader.goto(`/articles/${ARTICLE.slug}/`);
    expect(gone?.status()).toBe(404);
    await expect(reader.getByText('Article Not Found', { exact: true })).toBeVisible();
  });

  test('New Article opens with an empty form after an article was created', async ({ page }) => {
    // Regression: the dialog used to keep the previous article's values (fixed in ArticleDialog.tsx).
    const draft = { title: `E2E Reset Check ${RUN}`, slug: `e2e-reset-check-${RUN}` };
    await openAdmin(page, 'Articles');
    try {
      await createArticle(page, draft, false);
      await page.getByRole('button', { name: 'New Article', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Article' });
      await expect(dialog.getByLabel('Title *', { exact: true })).toHaveValue('', {
        timeout: 3_000,
      });
      await expect(dialog.getByLabel('Author', { exact: true })).toHaveValue('', {
        timeout: 3_000,
      });
    } finally {
      const list = await page.request.get('/api/admin/articles');
      const { articles } = (await list.json()) as { articles: { id: string; slug: string }[] };
      for (const a of articles.filter((x) => x.slug === draft.slug)) {
        const removed = await page.request.delete(`/api/admin/articles/${a.id}`, {
          headers: ORIGIN,
        });
        expect(removed.status()).toBe(200);
      }
    }
  });

  test('New Article: Cancel closes without creating; an empty form shows the required messages', async ({
    page,
  }) => {
    await openAdmin(page, 'Articles');
    // The tab's count is known once the list has loaded.
    await expect(page.getByText('Loading articles...')).toBeHidden();
    const before = await tabCount(page, 'Articles');
    await page.getByRole('button', { name: 'New Article', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Article' });
    await dialog.getByRole('button', { name: 'Create Article', exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.field-error').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(adminTab(page, 'Articles')).toHaveText(`Articles (${before})`);
  });
});

// ---------------------------------------------------------------------------------------------
// Service cards
// ---------------------------------------------------------------------------------------------

const LISTING_CARD = /<h3[^>]*>Listing Websites<\/h3>/;
const serviceCardCount = (html: string) => (html.match(/class="card service-card"/g) ?? []).length;

test.describe('admin service cards', () => {
  test('disable "Listing Websites" hides it on the home page after the rebuild; re-enable brings it back', async ({
    page,
  }) => {
    test.setTimeout(2 * REBUILD_TIMEOUT + 60_000);
    const home = await publicHtml(page.request, '/');
    expect(home.text, 'home shows the card before').toMatch(LISTING_CARD);
    const cardsBefore = serviceCardCount(home.text);

    await openAdmin(page, 'Service Cards');
    await expect(page.getByRole('heading', { name: 'Service Card Management' })).toBeVisible();
    const toggle = page.getByRole('switch', { name: 'Listing Websites enabled', exact: true });
    await expect(toggle).toBeChecked();

    await toggle.click();
    await expectToast(page, 'Service card disabled successfully!', { type: 'success' });
    await expect(toggle).not.toBeChecked();
    await expect(page.locator('.switch-label').filter({ has: toggle })).toHaveText('Disabled');
    await waitForPublicPage(
      page.request,
      '/',
      ({ text }) => !LISTING_CARD.test(text),
      '"Listing Websites" card hidden',
    );
    expect(serviceCardCount((await publicHtml(page.request, '/')).text)).toBe(cardsBefore - 1);

    // The state is stored.
    await openAdmin(page, 'Service Cards');
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expectToast(page, 'Service card enabled successfully!', { type: 'success' });
    await expect(toggle).toBeChecked();
    await waitForPublicPage(
      page.request,
      '/',
      ({ text }) => LISTING_CARD.test(text) && serviceCardCount(text) === cardsBefore,
      '"Listing Websites" card back',
    );
  });

  test('keyboard reorder saves the order; Edit changes and Cancel discards', async ({ page }) => {
    await openAdmin(page, 'Service Cards');
    const rows = page.getByRole('list', { name: 'Service cards' }).getByRole('listitem');
    const titles = async () =>
      (await rows.locator('.card-summary strong').allInnerTexts()).map((t) => t.trim());
    const before = await titles();
    expect(before.length).toBeGreaterThan(2);
    await expect(rows.locator('.order-number')).toHaveText(before.map((_, i) => String(i + 1)));

    const last = before.at(-1)!;
    await keyboardDrag(
      page,
      rows.filter({ hasText: last }).getByRole('button', { name: 'Drag to reorder' }),
      'ArrowUp',
      40 * before.length,
    );
    await expectToast(page, 'Service card order updated successfully!', { type: 'success' });
    const expected = [last, ...before.slice(0, -1)];
    await expect.poll(titles).toEqual(expected);
    await expect(rows.locator('.order-number')).toHaveText(before.map((_, i) => String(i + 1)));

    // Stored on the server.
    const api = await page.request.get('/api/admin/service-cards');
    const { serviceCards } = (await api.json()) as {
      serviceCards: { id: string; title: string; display_order: number }[];
    };
    expect(
      [...serviceCards].sort((a, b) => a.display_order - b.display_order).map((c) => c.title),
    ).toEqual(expected);

    // Edit: Cancel discards; Save stores (then the text is put back).
    // By position: in edit mode the title is an input value, not text.
    const row = rows.nth(expected.indexOf(before[0]!));
    const original = (await row.locator('.card-summary').innerText()).match(
      /Button: "([^"]*)"/,
    )?.[1];
    expect(original).toBeTruthy();
    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(row.getByLabel('Title', { exact: true })).toHaveValue(before[0]!);
    await row.getByLabel('Button text', { exact: true }).fill(`Cancelled ${RUN}`);
    await row.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(row.locator('.card-summary')).toContainText(`Button: "${original}"`);

    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    await row.getByLabel('Button text', { exact: true }).fill(`Browse ${RUN}`);
    await row.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Service card updated successfully!', { type: 'success' });
    await expect(row.locator('.card-summary')).toContainText(`Button: "Browse ${RUN}"`);
    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    await row.getByLabel('Button text', { exact: true }).fill(original!);
    await row.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(row.locator('.card-summary')).toContainText(`Button: "${original}"`);

    // Put the original order back (other spec files share the database).
    const byTitle = new Map(serviceCards.map((c) => [c.title, c.id]));
    const restore = await page.request.put('/api/admin/service-cards/order', {
      headers: ORIGIN,
      data: { ids: before.map((t) => byTitle.get(t)) },
    });
    expect(restore.status(), await restore.text()).toBe(200);
  });
});
