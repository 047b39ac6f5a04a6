import { expect, test } from '@playwright/test';
import { seedArticles, waitForPageScripts } from './helpers';

const published = seedArticles().filter((a) => a.published);
const categories = [...new Set(published.map((a) => a.category))];
const LONG_DATE = /[A-Z][a-z]+ \d{1,2}, \d{4}/;

test.describe('articles', () => {
  test('list shows all articles and category filters', async ({ page }) => {
    const response = await page.goto('/articles/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Latest News & Tips' })).toBeVisible();
    await expect(page.locator('article.article-card')).toHaveCount(published.length);
    expect(published.length).toBe(11);

    const filters = page.getByRole('group', { name: 'Filter by category' }).getByRole('button');
    await expect(filters).toHaveCount(categories.length + 1);
    await expect(filters.first()).toHaveText('All');
    expect((await filters.allInnerTexts()).map((t) => t.trim()).sort()).toEqual(
      ['All', ...categories].sort(),
    );
  });

  test('Tips filter shows only Tips cards', async ({ page }) => {
    await page.goto('/articles/');
    const tips = published.filter((a) => a.category === 'Tips');
    expect(tips.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Tips', exact: true }).click();

    const visible = page.locator('article.article-card:visible');
    await expect(visible).toHaveCount(tips.length);
    for (const card of await visible.all()) {
      await expect(card.locator('.badge').first()).toHaveText('Tips');
    }
    const titles = await visible.getByRole('heading').allInnerTexts();
    expect(titles.map((t) => t.trim()).sort()).toEqual(tips.map((t) => t.title).sort());
  });

  test('nonsense search shows the no-match message', async ({ page }) => {
    await page.goto('/articles/');
    await expect(page.getByText('No articles found matching your criteria.')).toBeHidden();
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('qwxzzy nonsense');
    await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
    await expect(page.locator('article.article-card:visible')).toHaveCount(0);
  });

  test('Read More opens the article page', async ({ page }) => {
    await page.goto('/articles/');
    const card = page.locator('article.article-card').first();
    const title = (await card.getByRole('heading').innerText()).trim();
    await card.getByRole('link', { name: /^Read More/ }).click();

    await expect(page).toHaveURL(/\/articles\/[a-z0-9-]+\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const article = page.locator('article');
    await expect(article.getByText(/^By\s+\S+/)).toBeVisible();
    await expect(article.locator('time')).toHaveText(LONG_DATE);
    await expect(article.locator('.prose').getByRole('heading').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    // Two links back, above and below the article (the upper one's arrow is an SVG: ADR 057).
    for (const back of await page
      .getByRole('link', { name: 'Back to Articles', exact: true })
      .all())
      await expect(back).toHaveAttribute('href', '/articles/');
  });

  test('Share copies the link when navigator.share is unavailable', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const article = published[0]!;
    await page.goto(`/articles/${article.slug}/`);
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await waitForPageScripts(page);

    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied!', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Article link has been copied to your clipboard.', { exact: true }),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test('unknown slug answers 404 with Article Not Found', async ({ page }) => {
    const response = await page.goto('/articles/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Article Not Found', { exact: true })).toBeVisible();
    await expect(
      page.getByText("The article you're looking for doesn't exist.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Articles' })).toHaveAttribute(
      'href',
      '/articles/',
    );
  });
});
