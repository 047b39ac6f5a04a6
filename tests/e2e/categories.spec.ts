import { expect, test } from '@playwright/test';
import { CATEGORY_PAGES } from '../../common/schemas/categories';
import { waitForIsland } from './helpers';

const CATEGORY_PATHS = [
  '/workshops',
  '/bodywork',
  '/mechanic',
  '/parts',
  '/dealers',
  '/breakdown-recovery',
  '/emergency',
  '/car-listings',
];

test.describe('category pages', () => {
  for (const path of CATEGORY_PATHS) {
    test(`${path} renders heading, search, listings and Back to Home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('searchbox')).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Available/ })).toBeVisible();
      await expect(page.locator('article.business-card').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    });
  }

  for (const path of ['/breakdown-recovery', '/emergency']) {
    test(`${path} shows the 199 / 112 emergency notice`, async ({ page }) => {
      await page.goto(path);
      const notice = page.getByRole('note');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('199');
      await expect(notice).toContainText('112');
      // Words keep their spaces around the links (issue 13.4: "call 199 or112").
      await expect(notice).toContainText('call 199 or 112 first.');
      await expect(page.getByRole('link', { name: '199', exact: true })).toHaveAttribute(
        'href',
        'tel:199',
      );
      await expect(page.getByRole('link', { name: '112', exact: true })).toHaveAttribute(
        'href',
        'tel:112',
      );
    });
  }

  test('/car-listings shows the listing-website count', async ({ page }) => {
    await page.goto('/car-listings');
    await expect(page.getByText(/\d+ Listing Websites? Available/)).toBeVisible();
  });

  test('/workshops shows the highlight tiles, Browse All, and cards do not open a dialog', async ({
    page,
  }) => {
    await page.goto('/workshops');
    for (const tile of ['Oil Changes', 'Engine Repair', 'Brake Service']) {
      await expect(page.getByRole('heading', { name: tile, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Browse All' })).toBeVisible();

    const card = page.locator('article.business-card').first();
    await waitForIsland(page, card);
    await expect(card.getByRole('button', { name: 'View Details' })).toHaveCount(0);
    await card.locator('h3').click();
    // Give React two frames to render anything the click might open, then assert nothing did.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('/mechanic View Details opens the profile dialog; Escape closes it', async ({ page }) => {
    await page.goto('/mechanic');
    const card = page.locator('article.business-card').first();
    await waitForIsland(page, card);
    const name = (await card.locator('h3').textContent())!.trim();

    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name, exact: true })).toBeVisible();
    for (const section of ['About', 'Services Offered', 'Specialties', 'Contact Information']) {
      await expect(dialog.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('/mechanic search "toyota" shows Search Results', async ({ page }) => {
    await page.goto('/mechanic');
    const input = page.getByRole('searchbox');
    await waitForIsland(page, page.locator('#listings'));
    await input.fill('toyota');
    await input.press('Enter');
    await expect(page.getByRole('heading', { name: /^Search Results \(\d+\)$/ })).toBeVisible();
  });

  test('a search the page answered (posted before the islands started) is taken over by them', async ({
    page,
  }) => {
    await page.goto('/mechanic/');
    const before = await page.locator('#listings article.business-card').count();
    await page.getByRole('searchbox').fill('engine');
    // What Enter does before the island listens: the form posts (submit() skips the handlers).
    await Promise.all([
      page.waitForURL(/\/mechanic\/$/),
      page.locator('form[role="search"]').evaluate((form: HTMLFormElement) => form.submit()),
    ]);
    const results = page.getByRole('heading', { name: /^Search Results \(\d+\)$/ });
    await expect(results).toBeVisible();
    await waitForIsland(page, page.locator('#listings'));
    await waitForIsland(page, page.getByRole('searchbox'));
    // Emptying the box brings the page's own list back, as after a search the island ran.
    await page.getByRole('searchbox').fill('');
    await expect(results).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Available Mechanics' })).toBeVisible();
    await expect(page.locator('#listings article.business-card')).toHaveCount(before);
  });

  test('a search sent before the list hydrates is asked at once and shown when it listens (ADR 091)', async ({
    browser,
    baseURL,
  }) => {
    // No service worker: the list's module must come through page.route to be held.
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/_astro\/CategoryBrowser\.[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      const asked: string[] = [];
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/directory/search')) asked.push(request.url());
        if (request.isNavigationRequest() && request.method() === 'POST') posts.push(request.url());
      });
      await page.goto('/mechanic/');
      const box = page.locator('.page-hero').getByRole('search');
      await waitForIsland(page, 'form[role="search"]');
      await box.getByRole('searchbox').fill('brake');
      await box.getByRole('button', { name: 'Search' }).click();
      // Asked of the API at once, the page kept (no post), the grid still there.
      await expect.poll(() => asked.length).toBe(1);
      expect(new URL(asked[0]!).searchParams.get('q')).toBe('brake');
      expect(new URL(asked[0]!).searchParams.get('type')).toBeTruthy();
      await expect(page.getByRole('heading', { name: /^Available/ })).toBeVisible();
      release();
      await expect(page.getByRole('heading', { name: /^Search Results \(\d/ })).toBeVisible();
      // The list showed the answer asked for: no second request, no post.
      expect(asked).toHaveLength(1);
      expect(posts).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a search sent before the list hydrates posts the form if the list never listens (ADR 091)', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      // The list's module does not arrive (a connection that stalls).
      await page.route(/\/_astro\/CategoryBrowser\.[\w-]+\.js$/, () => new Promise(() => {}));
      await page.goto('/mechanic/');
      const box = page.locator('.page-hero').getByRole('search');
      await waitForIsland(page, 'form[role="search"]');
      await box.getByRole('searchbox').fill('brake');
      const posted = page.waitForRequest(
        (request) => request.isNavigationRequest() && request.method() === 'POST',
        { timeout: 20_000 },
      );
      await box.getByRole('button', { name: 'Search' }).click();
      await posted;
      // The page answers the posted search itself.
      await expect(page.getByRole('heading', { name: /^Search Results \(\d/ })).toBeVisible();
      await expect(page.locator('.page-hero').getByRole('searchbox')).toHaveValue('brake');
    } finally {
      await context.close();
    }
  });

  test('the search box is in the header, over the Area row and the list (SPEC §2)', async ({
    page,
  }) => {
    await page.goto('/mechanic/');
    const hero = page.locator('.page-hero');
    await expect(hero.getByRole('heading', { level: 1, name: 'Mechanics' })).toBeVisible();
    await expect(hero.getByRole('search').getByRole('searchbox')).toBeVisible();
    const row = page.locator('.listing-tools');
    await expect(row.locator('.area-picker summary')).toHaveAccessibleName('Area: All of Lagos');
    await expect(row.locator('.sort-picker summary')).toHaveAccessibleName('Sort: Recommended');
    const controls = [
      row.locator('.area-picker summary'),
      row.getByRole('button', { name: 'Map', exact: true }),
      row.getByRole('button', { name: /^Near me/ }),
      row.locator('.sort-picker summary'),
    ];
    for (const control of controls) {
      await expect(control).toBeVisible();
    }
    // Issue 24.5: Sort joins the row, which stays one line on a 360 px phone (ADR 031).
    await page.setViewportSize({ width: 360, height: 740 });
    const tops = await Promise.all(controls.map(async (c) => (await c.boundingBox())!.y));
    expect(Math.max(...tops) - Math.min(...tops), `tops ${tops.join(', ')}`).toBeLessThan(4);
  });
});

test.describe('category pages without JavaScript (issue 22.1/22.3)', () => {
  test.use({ javaScriptEnabled: false });

  test('the search box posts to the page, which answers Search Results (n); nothing goes in the URL', async ({
    page,
  }) => {
    const posts: { method: string; url: string; body: string | null }[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest())
        posts.push({ method: r.method(), url: r.url(), body: r.postData() });
    });
    await page.goto('/bodywork/');
    const input = page.getByRole('searchbox', { name: 'Search body work services...' });
    await input.fill('panel beating');
    await input.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: /^Search Results \((\d+)\)$/ });
    await expect(heading).toBeVisible();
    const count = Number(/\((\d+)\)/.exec((await heading.textContent())!)![1]);
    expect(count).toBeGreaterThan(0);
    // The island's search, answered by the page: the API's first page for the same words within
    // the page's business type, in its order.
    const api = (await (
      await page.request.get('/api/directory/search?q=panel%20beating&type=Body%20Work')
    ).json()) as { businesses: { id: string }[]; total: number };
    expect(count).toBe(api.total);
    const cards = page.locator('#listings article.business-card');
    await expect(cards).toHaveCount(api.businesses.length);
    expect(
      await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-listing-id'))),
    ).toEqual(api.businesses.map((b) => b.id));
    await expect(input).toHaveValue('panel beating');
    await expect(page.locator('#category-pagination')).toHaveCount(0);
    const last = posts.at(-1)!;
    expect(last.method).toBe('POST');
    expect(new URL(last.url).pathname + new URL(last.url).search).toBe('/bodywork/');
    expect(last.body).toBe('q=panel+beating');
    expect(page.url()).not.toContain('panel');
  });

  test('a posted search with no match says so', async ({ page }) => {
    await page.goto('/car-listings/');
    await page.getByRole('searchbox').fill('zzzqqq');
    await page.getByRole('searchbox').press('Enter');
    const listings = page.locator('#listings');
    await expect(listings.getByRole('heading', { name: 'Search Results (0)' })).toBeVisible();
    await expect(listings.getByRole('heading', { name: 'No results found' })).toBeVisible();
    await expect(listings.getByText('No Listing Websites Yet')).toHaveCount(0);
  });

  test('on an area page the posted search stays in the area', async ({ page }) => {
    const listings = page.locator('#listings');
    await page.goto('/mechanic/?area=yaba');
    await page.getByRole('searchbox').fill('mechanic');
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/mechanic\/\?area=yaba$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mechanics in Yaba');
    const api = (await (
      await page.request.get('/api/directory/search?q=mechanic&type=Mechanic&area=yaba')
    ).json()) as { businesses: { id: string }[]; total: number };
    expect(api.total).toBeGreaterThan(0);
    await expect(
      listings.getByRole('heading', { name: `Search Results (${api.total})` }),
    ).toBeVisible();
    const ids = await listings
      .locator('article.business-card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-listing-id')));
    expect(ids).toEqual(api.businesses.map((b) => b.id));
  });

  test('the Area row opens without script and its form goes to the area page by POST', async ({
    page,
  }) => {
    await page.goto('/mechanic/');
    await page.locator('.area-picker summary').click();
    await page.getByLabel('Area', { exact: true }).selectOption('yaba');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.isNavigationRequest() && r.method() === 'POST'),
      page.getByRole('button', { name: 'Show', exact: true }).click(),
    ]);
    expect(request.postData()).toBe('area=yaba');
    await expect(page).toHaveURL(/\/mechanic\/\?area=yaba$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mechanics in Yaba');
  });
});

test.describe('one category route (issue 25.5)', () => {
  test('unknown categories are 404; the static pages beside the route are not shadowed', async ({
    request,
  }) => {
    for (const path of ['/mechanics/', '/no-such-category/', '/mechanic/page/1/']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain('Oops! Page not found');
    }
    for (const [path, heading] of [
      ['/contact/', /Contact/],
      ['/register/', /Register|List Your Business/],
      ['/emergency/', /Breakdown Recovery/],
      ['/featured/', /Featured Businesses/],
      ['/articles/', /Latest News/],
      ['/find-it/', /Find It|Find/],
      ['/saved/', /Saved businesses/],
      ['/offline/', /offline/],
      ['/auth/', /Access Business Contacts/],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await response.text())?.[1] ?? '';
      expect(h1, path).toMatch(heading);
    }
    const moved = await request.get('/user-auth/', { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()['location']).toBe('/auth/');
  });

  test('each category keeps its title, cache tag and no-store answer to a POST', async ({
    request,
  }) => {
    for (const [key, config] of Object.entries(CATEGORY_PAGES)) {
      const response = await request.get(`${config.path}/`);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(`<title>${config.title.replace('&', '&amp;')} |`);
      expect(response.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
      const posted = await request.post(`${config.path}/`, {
        form: { q: 'lagos' },
        headers: { origin: new URL(response.url()).origin },
      });
      expect(posted.status(), key).toBe(200);
      expect(posted.headers()['cache-control']).toBe('private, no-store');
      expect(await posted.text()).toMatch(/Search Results \(\d+\+?\)/);
    }
  });

  test('/car-listings search with no match says so, not the empty-category text', async ({
    page,
  }) => {
    await page.goto('/car-listings');
    const input = page.getByRole('searchbox');
    await waitForIsland(page, input);
    await input.fill('zzzqqq');
    await input.press('Enter');
    const listings = page.locator('#listings');
    await expect(listings.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(listings.getByRole('heading', { name: 'No results found' })).toBeVisible();
    await expect(listings.getByText('No Listing Websites Yet')).toHaveCount(0);
    await expect(listings.getByRole('link', { name: 'Register Your Business' })).toHaveCount(0);
  });
});
