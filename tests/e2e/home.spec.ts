import { expect, test } from '@playwright/test';
import { waitForIsland } from './helpers';

const PLACEHOLDER = 'Search auto repair, parts, dealers...';

test.describe('home page', () => {
  test('shows search, service cards, featured businesses and latest news', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);

    await expect(page.getByPlaceholder(PLACEHOLDER, { exact: true })).toBeVisible();

    const serviceCards = page.locator('li.service-card');
    await expect(serviceCards).toHaveCount(6);
    for (const card of await serviceCards.all()) {
      await expect(card).toContainText(/\d+\s*Businesses Available/);
    }

    await expect(page.getByRole('heading', { name: 'Featured Businesses' })).toBeVisible();
    const featuredSection = page.locator('section', {
      has: page.getByRole('heading', { name: 'Featured Businesses' }),
    });
    const featuredCards = featuredSection.locator('article.business-card');
    await expect(featuredCards.first()).toBeVisible();
    for (const card of await featuredCards.all()) {
      await expect(card.getByText('FEATURED', { exact: true })).toBeVisible();
    }

    const news = page.locator('section', {
      has: page.getByRole('heading', { name: 'Latest News & Tips' }),
    });
    await expect(news.getByRole('heading', { name: 'Latest News & Tips' })).toBeVisible();
    await expect(news.locator('article.article-card')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'View All Articles' })).toHaveAttribute(
      'href',
      '/articles/',
    );
  });

  test('search "panel beating" shows body work results and hides the sections until cleared', async ({
    page,
  }) => {
    await page.goto('/');
    const input = page.getByPlaceholder(PLACEHOLDER, { exact: true });
    await waitForIsland(page, input);

    await input.fill('panel beating');
    await input.press('Enter');

    const heading = page.getByRole('heading', { name: /Search Results \(\d+\)/ });
    await expect(heading).toBeVisible();
    const count = Number((await heading.textContent())?.match(/\((\d+)\)/)?.[1]);
    expect(count).toBeGreaterThan(0);

    const results = page.locator('section.search-results article.business-card');
    await expect(results).toHaveCount(count);
    await expect(results.locator('.card-type', { hasText: 'Body Work' }).first()).toBeVisible();

    // While results show, the home sections are hidden.
    await expect(page.locator('li.service-card').first()).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Featured Businesses' })).toBeHidden();

    await input.fill('');
    await expect(heading).toBeHidden();
    await expect(page.locator('li.service-card').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured Businesses' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest News & Tips' })).toBeVisible();
  });

  test('the search asks for its answer while the submit is still being handled (issue 34.5)', async ({
    page,
  }) => {
    // Run from an effect, the request waited for the next frame: 0.1 s on the phone profile.
    await page.addInitScript(() => {
      const seen = { requests: 0, atSubmit: -1 };
      (window as unknown as { __search: typeof seen }).__search = seen;
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes('/api/directory/search'))
          seen.requests += 1;
        return fetch(input, init);
      };
      // Bubble phase on the window: after the island's own listener on the form.
      addEventListener('submit', () => {
        seen.atSubmit = seen.requests;
      });
    });
    await page.goto('/');
    const input = page.getByPlaceholder(PLACEHOLDER, { exact: true });
    await waitForIsland(page, input);
    await input.fill('brake');
    await input.press('Enter');
    await expect(page.getByRole('heading', { name: /Search Results \(\d+\)/ })).toBeVisible();
    const seen = await page.evaluate(
      () => (window as unknown as { __search: { requests: number; atSubmit: number } }).__search,
    );
    expect(seen.atSubmit, 'search requests sent by the time the submit reached the window').toBe(1);
    expect(seen.requests).toBe(1);

    // A new area runs the submitted words again, once.
    const answered = page.waitForResponse((r) => r.url().includes('/api/directory/search'));
    await page.getByLabel('Area').selectOption({ index: 1 });
    expect(new URL((await answered).url()).searchParams.get('q')).toBe('brake');
    await expect(page.getByRole('heading', { name: /Search Results \(\d+\)/ })).toBeVisible();
    expect(
      await page.evaluate(
        () => (window as unknown as { __search: { requests: number } }).__search.requests,
      ),
    ).toBe(2);
  });

  test('search with no matches shows zero results and the no-results toast', async ({ page }) => {
    await page.goto('/');
    const input = page.getByPlaceholder(PLACEHOLDER, { exact: true });
    await waitForIsland(page, input);

    await input.fill('zzzqqq');
    await input.press('Enter');

    await expect(page.getByRole('heading', { name: 'Search Results (0)' })).toBeVisible();
    // SPEC §8 toast, and the same words in the results panel (issue 13.4: no empty panel).
    const toast = page.getByRole('status');
    await expect(toast.getByText('No results found', { exact: true })).toBeVisible();
    await expect(
      toast.getByText('Try different search terms or check your spelling.', { exact: true }),
    ).toBeVisible();
    const panel = page.locator('.search-results');
    await expect(panel.getByRole('heading', { name: 'No results found' })).toBeVisible();
    await expect(
      panel.getByText('Try different search terms or check your spelling.', { exact: true }),
    ).toBeVisible();
  });
});

test.describe('home search without JavaScript (issue 22.1/22.3)', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts to the home page, which answers Search Results (n) in the chosen area', async ({
    page,
  }) => {
    await page.goto('/');
    const input = page.getByPlaceholder(PLACEHOLDER, { exact: true });
    await input.fill('mechanic');
    await page.getByLabel('Area', { exact: true }).selectOption('yaba');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.isNavigationRequest() && r.method() === 'POST'),
      input.press('Enter'),
    ]);
    expect(request.postData()).toBe('q=mechanic&area=yaba');
    expect(new URL(request.url()).pathname + new URL(request.url()).search).toBe('/');
    const api = (await (
      await page.request.get('/api/directory/search?q=mechanic&area=yaba')
    ).json()) as { businesses: { id: string }[]; total: number };
    await expect(
      page.getByRole('heading', { name: `Search Results (${api.total})` }),
    ).toBeVisible();
    const ids = await page
      .locator('section.search-results article.business-card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-listing-id')));
    expect(ids).toEqual(api.businesses.map((b) => b.id));
    // As the island does: the home sections step aside; the form keeps what was asked.
    await expect(page.locator('li.service-card').first()).toBeHidden();
    await expect(input).toHaveValue('mechanic');
    await expect(page.getByLabel('Area', { exact: true })).toHaveValue('yaba');
    expect(page.url()).not.toContain('mechanic');
  });
});
