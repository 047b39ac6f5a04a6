import { expect, test, type Page } from '@playwright/test';
import { CATEGORY_PAGES } from '../../common/schemas/categories';

/**
 * Issue 22.3 (ADR 031): on a 360×740 phone the first card of every category and area page starts
 * above 600 px (the roadside screen's choice of area or road, issue 38.1), and the home page's search box and first row of service cards are on the first
 * screen, before and after the islands start. Prints each page's figures (the "360 px layout
 * measure" of issue 22.6). Area pages: every one a category page links (its busiest areas).
 */
const PHONE = { width: 360, height: 740 };
const FIRST_CARD_TOP_MAX = 600;

const CATEGORY_PATHS = [...Object.values(CATEGORY_PAGES).map((c) => `${c.path}/`), '/emergency/'];
/**
 * The roadside screen (issue 38.1, ADR 082): its first screen holds the emergency notice and the
 * choice of area or road (`#roadside-near`) above 600 px; its list of cards follows.
 */
const ROADSIDE_PATHS = new Set(['/breakdown-recovery/', '/emergency/']);
const firstTop = (page: Page, path: string) =>
  topOf(page, ROADSIDE_PATHS.has(path) ? '#roadside-near' : 'article.business-card');

/** Top of the first element matching `selector`, in page pixels (null: none on the page). */
function topOf(page: Page, selector: string): Promise<number | null> {
  return page.evaluate((s) => {
    const element = document.querySelector(s);
    return element ? Math.round(element.getBoundingClientRect().top + window.scrollY) : null;
  }, selector);
}

test.describe('360 px layout measure (issue 22.3)', () => {
  test.use({ viewport: PHONE });

  test('every category and area page shows its first card above 600 px', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const areaPaths: string[] = [];
    for (const path of CATEGORY_PATHS) {
      const html = await (await request.get(path)).text();
      for (const [, href] of html.matchAll(/href="(\/[a-z-]+\/\?area=[a-z0-9-]+)"/g))
        areaPaths.push(href!);
    }
    const paths = [...CATEGORY_PATHS, ...new Set(areaPaths)];
    expect(areaPaths.length, 'the category pages link area pages').toBeGreaterThan(0);

    const rows: {
      path: string;
      first: number | null;
      card: number | null;
      search: number | null;
    }[] = [];
    for (const path of paths) {
      await page.goto(path);
      // Measured once the page has settled: the islands that start must not push the list down.
      await page.waitForLoadState('networkidle');
      rows.push({
        path,
        first: await firstTop(page, path),
        card: await topOf(page, 'article.business-card'),
        search: await topOf(page, 'input[type="search"]'),
      });
    }
    console.log(
      `first card top at 360×740 (px):\n${rows.map((r) => `  ${r.path.padEnd(42)} card ${r.card}  search ${r.search}`).join('\n')}`,
    );
    for (const row of rows) {
      expect(row.card, `${row.path}: a card`).not.toBeNull();
      expect(row.first!, `${row.path}: first card (roadside: the choice) top`).toBeLessThan(
        FIRST_CARD_TOP_MAX,
      );
      // The search box is in the header, above the list (SPEC §2).
      expect(row.search!, `${row.path}: search above the first card`).toBeLessThan(row.card!);
    }
  });

  test('the same before any script runs (first paint, Opera Mini)', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const rows: string[] = [];
    for (const path of CATEGORY_PATHS) {
      await page.goto(path);
      const card = await firstTop(page, path);
      rows.push(`  ${path.padEnd(24)} card (roadside: the choice) ${card}`);
      expect(await topOf(page, 'article.business-card'), path).not.toBeNull();
      expect(card!, `${path}: first card top without JavaScript`).toBeLessThan(FIRST_CARD_TOP_MAX);
    }
    console.log(`first card top at 360×740 without JavaScript (px):\n${rows.join('\n')}`);
    await context.close();
  });

  test('the home page has its search and first service cards on the first screen', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const boxes = await page.evaluate(() => {
      const bottom = (element: Element | null) =>
        element ? Math.round(element.getBoundingClientRect().bottom + window.scrollY) : null;
      const cards = [...document.querySelectorAll('li.service-card')];
      const firstRowTop = cards[0]?.getBoundingClientRect().top;
      const firstRow = cards.filter((c) => c.getBoundingClientRect().top === firstRowTop);
      return {
        search: bottom(document.querySelector('input[type="search"]')),
        button: bottom(document.querySelector('form[role="search"] button[type="submit"]')),
        firstRow: firstRow.map(bottom),
      };
    });
    console.log(`home at 360×740: ${JSON.stringify(boxes)} (bottoms, px)`);
    expect(boxes.search!).toBeLessThanOrEqual(PHONE.height);
    expect(boxes.button!).toBeLessThanOrEqual(PHONE.height);
    // Two cards to a row on a phone, both whole on the first screen.
    expect(boxes.firstRow.length).toBe(2);
    for (const b of boxes.firstRow) expect(b!).toBeLessThanOrEqual(PHONE.height);
  });
});
