import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

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
