import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { BASE_URL, E2E_ADMIN, E2E_MAIL_DIR, E2E_SMS_DIR } from '../../playwright.config';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Waits until the Astro island that contains `inner` has hydrated (Astro drops `ssr` then). */
export async function waitForIsland(page: Page, inner: Locator | string): Promise<void> {
  const island = page
    .locator('astro-island', { has: typeof inner === 'string' ? page.locator(inner) : inner })
    .first();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

/**
 * Waits until the page scripts have run (the loader imports them after the first paint and then
 * sets `<html data-page-scripts="ready">`, ADR 027): the share buttons, the map toggle and the
 * session links respond from then on.
 */
export async function waitForPageScripts(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-page-scripts', 'ready');
}

export interface SampleBusiness {
  business_name: string;
  business_type: string;
  business_categories: string[];
  email: string | null;
  phone: string | null;
  address: string | null;
  contact_visibility: 'public' | 'registered_users_only';
}

export function sampleBusinesses(): SampleBusiness[] {
  return JSON.parse(
    readFileSync(join(ROOT, 'content', 'sample-businesses.json'), 'utf8'),
  ) as SampleBusiness[];
}

export interface SeedArticle {
  title: string;
  slug: string;
  category: string;
  published: boolean;
}

/** Front matter of content/articles/*.md (only the fields the tests need). */
export function seedArticles(): SeedArticle[] {
  const dir = join(ROOT, 'content', 'articles');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      const front = text.split(/^---\s*$/m)[1] ?? '';
      const field = (name: string) => {
        const m = front.match(new RegExp(`^${name}:\\s*(.*)$`, 'm'));
        return m ? m[1]!.trim().replace(/^"(.*)"$/, '$1') : '';
      };
      return {
        title: field('title'),
        slug: field('slug'),
        category: field('category'),
        published: field('published') !== 'false',
      };
    });
}

export interface OutboxMail {
  file: string;
  from: string;
  to: string;
  subject: string;
  body: string;
}

/**
 * Every e-mail in the e2e outbox (playwright.config.ts E2E_MAIL_DIR): `From:`, `To:`, `Subject:`
 * header lines (plus any others), a blank line, then the text body. Empty when nothing was sent yet.
 */
export function readOutbox(dir = join(ROOT, E2E_MAIL_DIR)): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.txt'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const split = text.indexOf('\n\n');
    const head = split >= 0 ? text.slice(0, split) : text;
    const header = (name: string) =>
      head.match(new RegExp(`^${name}:[ \\t]*(.*)$`, 'm'))?.[1]?.trim() ?? '';
    return {
      file,
      from: header('From'),
      to: header('To'),
      subject: header('Subject'),
      body: split >= 0 ? text.slice(split + 2) : '',
    };
  });
}

/** Waits (polling the outbox) until mail matching `match` exists and returns all such mail. */
export async function waitForMail(
  match: (mail: OutboxMail) => boolean,
  what: string,
  timeout = 15_000,
): Promise<OutboxMail[]> {
  await expect
    .poll(() => readOutbox().filter(match).length, { message: `outbox mail: ${what}`, timeout })
    .toBeGreaterThan(0);
  return readOutbox().filter(match);
}

/**
 * The sonner toast whose title is `title` (exact). `description`, when given, must be shown in it;
 * `type` is sonner's data-type ('error' for destructive toasts, 'success', 'default').
 */
export async function expectToast(
  page: Page,
  title: string,
  options: { description?: string; type?: 'error' | 'success' | 'default' } = {},
): Promise<Locator> {
  // sonner's toasts (React islands) and the public pages' small ones (src/browser/toast-lite.ts).
  const toast = page
    .locator('[data-sonner-toast], .toast-region .toast')
    .filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) });
  await expect(toast.first(), `toast "${title}"`).toBeVisible();
  if (options.description !== undefined) {
    await expect(toast.first().locator('[data-description]')).toHaveText(options.description);
  }
  if (options.type) await expect(toast.first()).toHaveAttribute('data-type', options.type);
  return toast.first();
}

// ---------------------------------------------------------------------------------------------
// Admin dashboard helpers (admin-*.spec.ts)
// ---------------------------------------------------------------------------------------------

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const adminStates = new Map<string, Promise<StorageState>>();

/**
 * The admin's signed-in storage state on the server at `baseURL` (each e2e server has its own
 * database). Signs in through POST /api/auth/sign-in once per worker process and server (the
 * server allows 30 sign-ins per 15 min per IP) and reuses the cookies afterwards.
 */
export function adminStorageState(browser: Browser, baseURL = BASE_URL): Promise<StorageState> {
  let state = adminStates.get(baseURL);
  if (!state) {
    state = (async () => {
      const context = await browser.newContext({ baseURL });
      try {
        const response = await context.request.post('/api/auth/sign-in', {
          headers: { origin: baseURL },
          data: E2E_ADMIN,
        });
        expect(response.status(), await response.text()).toBe(200);
        return await context.storageState();
      } finally {
        await context.close();
      }
    })();
    state.catch(() => adminStates.delete(baseURL));
    adminStates.set(baseURL, state);
  }
  return state;
}

/** `test` whose `page`/`context` are signed in as the e2e admin (one shared sign-in). */
export const adminTest = base.extend({
  storageState: async ({ browser, baseURL }, use) => {
    await use(await adminStorageState(browser, baseURL ?? BASE_URL));
  },
});

/** Every admin tab's label (src/islands/admin/tabs.tsx), in the default order. */
export const ADMIN_TAB_LABELS = [
  'Pending',
  'Approved',
  'Suspended',
  'Rejected',
  'Featured',
  'Requests',
  'Reports',
  'Reviews',
  'Users',
  'Contacts',
  'Messaging',
  'Articles',
  'Service Cards',
  'Claims',
  'Insights',
  'Search words',
] as const;

/** The admin tab whose label starts with `label` ("Pending" matches "Pending (3)"). */
export function adminTab(page: Page, label: string): Locator {
  return page.getByRole('tab', {
    name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(\\d+\\))?$`),
  });
}

/** The number in a tab label such as "Approved (37)", once the counts have loaded. */
export async function tabCount(page: Page, label: string): Promise<number> {
  await expect(adminTab(page, label)).toHaveText(/\(\d+\)$/);
  const text = (await adminTab(page, label).innerText()).trim();
  const match = text.match(/\((\d+)\)$/);
  if (!match) throw new Error(`no count in tab "${text}"`);
  return Number(match[1]);
}

/**
 * Opens /admin/ (optionally on a tab) and waits until the tab counts and the first page of the
 * Pending tab have loaded.
 */
export async function openAdmin(page: Page, tab?: string): Promise<void> {
  await page.goto('/admin/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Business Listings Admin' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Export All Businesses' })).toBeEnabled();
  await expect(adminTab(page, 'Pending')).toHaveText(/\(\d+\)$/);
  await expect(page.getByText('Loading registrations...')).toHaveCount(0);
  if (tab) {
    await adminTab(page, tab).click();
    await expect(adminTab(page, tab)).toHaveAttribute('aria-selected', 'true');
  }
}

/** The admin business card (article.admin-card) of `name`. */
export function adminCard(page: Page, name: string): Locator {
  return page
    .locator('article.admin-card')
    .filter({ has: page.getByRole('heading', { level: 3, name }) });
}

/**
 * Keyboard drag with @dnd-kit (SPEC §9: Space lifts, arrows move 25 px, Space drops), as a
 * keyboard user does it: `key` is pressed until the dragged item shows first in that direction
 * (ArrowUp/ArrowLeft: before every other item of its list; ArrowDown/ArrowRight: after), at
 * most `maxSteps` times, then it is dropped. Near the viewport's edge an arrow scrolls the page
 * (smoothly) instead of moving the item, so how many presses it takes depends on the scroll.
 * `handle` is a "Drag to reorder" button inside the item's `li`.
 */
export async function keyboardDrag(
  page: Page,
  handle: Locator,
  key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight',
  maxSteps: number,
): Promise<void> {
  const item = handle.locator('xpath=ancestor::li[1]');
  // Reading order of the items as drawn (rows top to bottom, then left to right: a row of tabs
  // may wrap), against the dragged one.
  const arrived = () =>
    item.evaluate(
      (li, toStart) => {
        const before = (a: DOMRect, b: DOMRect) =>
          Math.abs(a.top - b.top) > 2 ? a.top < b.top : a.left < b.left;
        const own = li.getBoundingClientRect();
        const others = [...li.parentElement!.children]
          .filter((el) => el !== li)
          .map((el) => el.getBoundingClientRect());
        return others.every((other) => (toStart ? before(own, other) : before(other, own)));
      },
      key === 'ArrowUp' || key === 'ArrowLeft',
    );
  await handle.focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < maxSteps && !(await arrived()); i += 1) {
    await page.keyboard.press(key);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(250);
  await page.keyboard.press('Space');
}

/** Body of a public page (static build output), for polling until a rebuild lands. */
export async function publicHtml(
  request: APIRequestContext,
  path: string,
): Promise<{ status: number; text: string }> {
  const response = await request.get(path, { headers: { 'cache-control': 'no-cache' } });
  return { status: response.status(), text: await response.text() };
}

/** How long to wait for the debounced static rebuild (~1 s debounce + 8-15 s build, maybe queued). */
export const REBUILD_TIMEOUT = 120_000;

/**
 * Polls the public page `path` until `check` holds (the debounced rebuild has landed). `admin`
 * must be an admin-signed-in request context (page.request of adminTest). Nothing here triggers a
 * rebuild: the admin action under test must have asked for it.
 */
export async function waitForPublicPage(
  admin: APIRequestContext,
  path: string,
  check: (page: { status: number; text: string }) => boolean,
  what: string,
  timeout = REBUILD_TIMEOUT,
): Promise<void> {
  await expect
    .poll(async () => check(await publicHtml(admin, path)), {
      message: `${path}: ${what}`,
      timeout,
      intervals: [1_000, 2_000],
    })
    .toBe(true);
}

/**
 * Headers that make a spec's requests come from a visitor address of its own (198.51.100.n,
 * a documentation range): the e2e servers trust 127.0.0.1 as a proxy (playwright.config.ts), so
 * per-address limits (sign-ups: 10 an hour) count this spec apart from the rest of the run.
 * `test.use({ extraHTTPHeaders: visitorAddress(22) })`.
 */
export function visitorAddress(n: number): { 'x-forwarded-for': string } {
  return { 'x-forwarded-for': `198.51.100.${n}` };
}

/**
 * The 6-digit code of the newest SMS to `e164` (+234…) in the server's local SMS outbox
 * (issue 37; `.data/e2e/sms`), polling until one arrives; with `template`, only a message of
 * that template (`Template: listing-phone`).
 */
export async function codeTextedTo(e164: string, template?: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        let files: string[];
        try {
          files = readdirSync(E2E_SMS_DIR).sort().reverse();
        } catch {
          return '';
        }
        for (const file of files) {
          const text = readFileSync(join(E2E_SMS_DIR, file), 'utf8');
          if (!text.startsWith(`To: ${e164}\n`)) continue;
          if (template && !text.includes(`Template: ${template}`)) continue;
          code = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
          return code;
        }
        return '';
      },
      { message: `an SMS to ${e164}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
