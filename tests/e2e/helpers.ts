import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_MAIL_DIR } from '../../playwright.config';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Waits until the Astro island that contains `inner` has hydrated (Astro drops `ssr` then). */
export async function waitForIsland(page: Page, inner: Locator | string): Promise<void> {
  const island = page.locator('astro-island', { has: typeof inner === 'string' ? page.locator(inner) : inner }).first();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
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
  return JSON.parse(readFileSync(join(ROOT, 'content', 'sample-businesses.json'), 'utf8')) as SampleBusiness[];
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
      return { title: field('title'), slug: field('slug'), category: field('category'), published: field('published') !== 'false' };
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
    const header = (name: string) => head.match(new RegExp(`^${name}:[ \\t]*(.*)$`, 'm'))?.[1]?.trim() ?? '';
    return { file, from: header('From'), to: header('To'), subject: header('Subject'), body: split >= 0 ? text.slice(split + 2) : '' };
  });
}

/** Waits (polling the outbox) until mail matching `match` exists and returns all such mail. */
export async function waitForMail(match: (mail: OutboxMail) => boolean, what: string, timeout = 15_000): Promise<OutboxMail[]> {
  await expect.poll(() => readOutbox().filter(match).length, { message: `outbox mail: ${what}`, timeout }).toBeGreaterThan(0);
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
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) });
  await expect(toast.first(), `toast "${title}"`).toBeVisible();
  if (options.description !== undefined) {
    await expect(toast.first().locator('[data-description]')).toHaveText(options.description);
  }
  if (options.type) await expect(toast.first()).toHaveAttribute('data-type', options.type);
  return toast.first();
}
