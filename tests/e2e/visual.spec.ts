import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { sql } from 'kysely';
import { BASE_URL } from '../../playwright.config';
import {
  openDatabase,
  provideSharedDatabase,
  type DatabaseHandle,
} from '../../functions/_lib/db.ts';
import { migrateToLatest } from '../../functions/db/migrate.ts';
import { seedDatabase } from '../../functions/db/seeds/seed.ts';
import { startLocalServer, type LocalServer } from '../../server/local-server.ts';
import { ensureSiteBuild } from '../../server/site-build.ts';

/**
 * Visual regression (issue 13.5): each public page type at 360, 768 and 1280 px wide, compared with
 * the committed baselines (`visual.spec.ts-snapshots/`), so a layout change shows in review.
 *
 * Deterministic: the pages come from a server of this spec's own (listening on a free port,
 * on a fresh embedded database with the shipped seed content, dates fixed), so what other specs
 * change on the shared e2e server never shows here. Animations are off; the footer's year
 * and a business's "Open now" (the clock) and the map's tiles are masked, except in the detail
 * dialog, whose browser clock is fixed.
 *
 * After an intended layout change: `npx playwright test visual --update-snapshots`, look at the
 * new PNGs, commit them.
 */
const DATA_DIR = '.data/e2e/visual-pglite';
/** Phone, tablet (issue 13.4: every page type seen at 768 px too) and desktop. */
const WIDTHS = [360, 768, 1280] as const;

let handle: DatabaseHandle;
let local: LocalServer;

test.beforeAll(async () => {
  test.setTimeout(360_000); // a fresh database and (when the sources changed) a build, on a busy machine
  rmSync(DATA_DIR, { recursive: true, force: true });
  handle = await openDatabase({ url: undefined, dataDir: DATA_DIR });
  await migrateToLatest(handle.db);
  await seedDatabase(handle.db);
  // Imported rows share one created_at and the listing order breaks ties by id (a random UUID):
  // give every listing its own time, in name order, so cards keep their places run after run.
  await sql`
    update business_registrations as b
    set created_at = timestamptz '2026-01-01T12:00:00Z' - r.n * interval '1 minute'
    from (
      select id, row_number() over (order by business_name, source_id nulls first) as n
      from business_registrations
    ) as r
    where r.id = b.id
  `.execute(handle.db);
  provideSharedDatabase(handle);
  // A build of its own (reused while the sources are unchanged): building into the e2e
  // server's folder would remove the build that server is running from.
  const site = await ensureSiteBuild('.data/visual-site', BASE_URL);
  local = await startLocalServer({ db: handle.db, port: 0, host: '127.0.0.1', site });
});

test.afterAll(async () => {
  await local?.close();
  await handle?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** Loads `path` of this spec's server and waits until every island has hydrated. */
async function open(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(local.url + path, { waitUntil: 'networkidle' });
  // Lazy islands hydrate when seen: scroll through the page, then back to the top. Each step
  // waits two frames, so the intersection observers see it: scrolled past between two frames
  // (a loaded machine), the business page's Report link was never seen and never hydrated.
  const scrollTo = (top: number) =>
    page.evaluate(
      (y) =>
        new Promise<void>((resolve) => {
          window.scrollTo(0, y);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }),
      top,
    );
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y <= height; y += 600) await scrollTo(y);
  await scrollTo(0);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function expectLooksLike(page: Page, name: string) {
  await expect(page).toHaveScreenshot(name, {
    fullPage: true,
    animations: 'disabled',
    mask: [
      page.locator('.site-footer .copy'),
      page.locator('.open-state'),
      // The map's tiles come from outside (no network here): masked, its box still compared.
      // (A closed "Show map" keeps its canvas laid out but unseen: only what is visible.)
      page.locator('.listing-map .map-canvas').filter({ visible: true }),
      page.locator('.listing-map .map-preview'),
    ],
    maxDiffPixelRatio: 0.002,
  });
}

/**
 * Nothing is wider than the viewport: no sideways scrolling, and no element (a card, a form row,
 * the header's bar) sticking out past the right edge, where it would be cut off.
 */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth, outside } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        if (el.closest('dialog:not([open]), [hidden], .sr-only, .skip-link')) return false;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) return false;
        // Clipped by a box that itself fits (the map's tiles inside its frame): not seen.
        for (let up = el.parentElement; up; up = up.parentElement) {
          if (getComputedStyle(up).overflowX === 'visible') continue;
          if (up.getBoundingClientRect().right <= width + 0.5) return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, outside };
  });
  expect(outside).toEqual([]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/**
 * Characters of the page's text (and its controls' placeholders) that the browser's font cannot
 * draw (issue 34.9): each character other than ASCII is drawn on a canvas and compared with a
 * private-use character no font has (the missing-glyph box). The e2e browser's only font is
 * Roboto (tests/e2e/fonts/fonts.conf), what the system stack draws with on Android: a character
 * Roboto lacks (→, ★) falls back to whatever the phone has, so the site draws it as an SVG.
 */
async function charactersWithoutGlyph(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const text =
      document.body.innerText +
      [...document.querySelectorAll<HTMLInputElement>('[placeholder]')]
        .map((el) => el.placeholder)
        .join('') +
      [...document.querySelectorAll('body *')]
        .flatMap((el) =>
          ['::before', '::after'].map((pseudo) => getComputedStyle(el, pseudo).content),
        )
        .filter((content) => content.startsWith('"'))
        .join('');
    const chars = [...new Set(text)].filter((ch) => ch.codePointAt(0)! > 0x7e && !/\s/u.test(ch));
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 40;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.font = `32px ${getComputedStyle(document.body).fontFamily}`;
    const draw = (ch: string) => {
      ctx.clearRect(0, 0, 40, 40);
      ctx.fillText(ch, 4, 32);
      return ctx.getImageData(0, 0, 40, 40).data.join();
    };
    const missing = draw('\u{E000}');
    return chars.filter((ch) => draw(ch) === missing);
  });
}

const PAGES: [string, string][] = [
  ['home', '/'],
  ['category', '/mechanic/'],
  ['workshops', '/workshops/'],
  ['breakdown', '/breakdown-recovery/'],
  ['listing-websites', '/car-listings/'],
  ['featured', '/featured/'],
  ['articles', '/articles/'],
  ['article', '/articles/how-to-choose-a-mechanic-you-can-trust/'],
  ['business', '/business/yaba-precision-auto-workshop/'],
  ['register', '/register/'],
  ['find-it', '/find-it/'],
  ['contact', '/contact/'],
  ['auth', '/auth/'],
  ['promo', '/download-social-post/'],
  ['not-found', '/no-such-page/'],
];

/** Checked at tablet width for overflow only (an area page: the filter and the map button). */
const TABLET_ONLY: [string, string][] = [['area', '/mechanic/?area=yaba']];

test.describe('visual regression (issue 13.5)', () => {
  // A full page scrolled through, its characters checked and screenshotted twice: the home page at
  // 360 px took 31 s on the shared 2-core machine (load 14), past the 30 s default.
  test.describe.configure({ timeout: 90_000 });
  for (const width of WIDTHS) {
    for (const [name, path] of PAGES) {
      test(`${name} at ${width} px`, async ({ page }) => {
        await open(page, path, width);
        await expectNoHorizontalOverflow(page);
        if (width === 360) expect(await charactersWithoutGlyph(page)).toEqual([]);
        await expectLooksLike(page, `${name}-${width}.png`);
      });
    }

    if (width === 768) {
      for (const [name, path] of TABLET_ONLY) {
        test(`${name} at ${width} px: nothing wider than the page`, async ({ page }) => {
          await open(page, path, width);
          await expectNoHorizontalOverflow(page);
        });
      }
    }

    test(`detail dialog at ${width} px`, async ({ page }) => {
      // "Open now" or "Closed · opens …" comes from the browser's clock: fixed (a Monday noon in
      // Lagos), so the dialog and the cards behind it show the same states at any hour.
      await page.clock.setFixedTime(new Date('2026-11-30T12:00:00+01:00'));
      await open(page, '/mechanic/', width);
      await page.getByRole('button', { name: 'View Details' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page).toHaveScreenshot(`dialog-${width}.png`, {
        animations: 'disabled',
        mask: [page.locator('.site-footer .copy')],
        maxDiffPixelRatio: 0.002,
      });
    });
  }
});
