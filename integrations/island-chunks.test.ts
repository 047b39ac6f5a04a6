import { describe, expect, it } from 'vitest';
import {
  type GetModuleInfo,
  inBusinessList,
  inSearchBox,
  ISLAND_CHUNK_GROUPS,
  islandChunks,
} from './island-chunks.ts';

const root = '/app/src/islands';
/** A module graph as importers: the search box's modules, one only they use, shared ones. */
const importers: Record<string, string[]> = {
  [`${root}/public/SearchForm.tsx`]: [`${root}/public/HomeSearch.tsx`],
  [`${root}/public/searchState.ts`]: [`${root}/public/HomeSearch.tsx`],
  [`${root}/shared/useDirectorySearch.ts?preact`]: [`${root}/public/searchState.ts`],
  [`${root}/shared/useDirectorySearch.ts`]: [`${root}/admin/AdminDashboard.tsx`],
  '/app/src/browser/search-beacon.ts': [`${root}/shared/useDirectorySearch.ts?preact`],
  '/app/src/browser/api-client.ts': [
    `${root}/shared/useDirectorySearch.ts?preact`,
    `${root}/forms/RegisterForm.tsx`,
  ],
  '/app/src/browser/loop-a.ts': ['/app/src/browser/loop-b.ts'],
  '/app/src/browser/loop-b.ts': ['/app/src/browser/loop-a.ts'],
  [`${root}/public/HomeSearch.tsx`]: [],
};
const info: GetModuleInfo = (id) => (id in importers ? { importers: importers[id]! } : null);

describe('the search-box group (ADR 090)', () => {
  it('holds the search form, the state and the Preact copy of the search hook', () => {
    expect(inSearchBox(`${root}/public/SearchForm.tsx`, info)).toBe(true);
    expect(inSearchBox(`${root}/public/searchState.ts`, info)).toBe(true);
    expect(inSearchBox(`${root}/shared/useDirectorySearch.ts?preact`, info)).toBe(true);
  });

  it('takes what only they import, never what others import too', () => {
    expect(inSearchBox('/app/src/browser/search-beacon.ts', info)).toBe(true);
    // The form pages (React) import the API client: it must not land in a file with Preact.
    expect(inSearchBox('/app/src/browser/api-client.ts', info)).toBe(false);
    // The admin's (React) copy of the hook, and the island importing the group.
    expect(inSearchBox(`${root}/shared/useDirectorySearch.ts`, info)).toBe(false);
    expect(inSearchBox(`${root}/public/HomeSearch.tsx`, info)).toBe(false);
    expect(inSearchBox('/app/src/browser/loop-a.ts', info)).toBe(false);
  });

  it('groups the lists with what only they import (ADR 091)', () => {
    const lists: Record<string, string[]> = {
      [`${root}/public/BusinessList.tsx`]: [`${root}/public/CategoryBrowser.tsx`],
      [`${root}/public/SearchResults.tsx`]: [`${root}/public/resultListLoader.ts`],
      [`${root}/public/ReportListing.tsx`]: [`${root}/public/BusinessList.tsx`],
      // The business page's contact island imports the contact details too.
      [`${root}/public/ContactDetails.tsx`]: [
        `${root}/public/BusinessList.tsx`,
        `${root}/public/BusinessContact.tsx`,
      ],
      [`${root}/public/CategoryBrowser.tsx`]: [],
      // An island of the business page that the cards import too.
      [`${root}/public/ReportLink.tsx`]: [`${root}/public/BusinessList.tsx`],
    };
    const entries = new Set([
      `${root}/public/CategoryBrowser.tsx`,
      `${root}/public/ReportLink.tsx`,
    ]);
    const listInfo: GetModuleInfo = (id) =>
      id in lists ? { importers: lists[id]!, isEntry: entries.has(id) } : null;
    expect(inBusinessList(`${root}/public/BusinessList.tsx`, listInfo)).toBe(true);
    expect(inBusinessList(`${root}/public/SearchResults.tsx`, listInfo)).toBe(true);
    expect(inBusinessList(`${root}/public/ReportListing.tsx`, listInfo)).toBe(true);
    expect(inBusinessList(`${root}/public/ContactDetails.tsx`, listInfo)).toBe(false);
    expect(inBusinessList(`${root}/public/CategoryBrowser.tsx`, listInfo)).toBe(false);
    expect(inBusinessList(`${root}/public/ReportLink.tsx`, listInfo)).toBe(false);
    // A root may be an island itself (the category page's search box is SearchForm.tsx's).
    const entryInfo: GetModuleInfo = (id) => ({ ...info(id)!, isEntry: true });
    expect(inSearchBox(`${root}/public/SearchForm.tsx`, entryInfo)).toBe(true);
  });

  it("puts React without its DOM client in one file, and the forms' shared modules in another", () => {
    const test = (name: string) =>
      (ISLAND_CHUNK_GROUPS.find((group) => group.name === name) as { test: RegExp }).test;
    const react = test('react');
    expect(react.test('/app/node_modules/react/cjs/react.production.js')).toBe(true);
    expect(react.test('/app/node_modules/react/jsx-runtime.js')).toBe(true);
    expect(react.test('/app/node_modules/react-dom/index.js')).toBe(true);
    // The renderer's file holds React DOM's client: requested with the island, not after it.
    expect(react.test('/app/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(
      false,
    );
    expect(react.test('/app/node_modules/react-hook-form/dist/index.esm.mjs')).toBe(false);
    const kit = test('form-kit');
    // The public forms' Preact copies (ADR 093), with React's API on Preact; not the admin's.
    expect(kit.test('/app/node_modules/react-hook-form/dist/index.esm.mjs?preact')).toBe(true);
    expect(kit.test(`${root}/forms/react-on-preact.ts`)).toBe(true);
    expect(kit.test(`${root}/auth/Field.tsx?preact`)).toBe(true);
    expect(kit.test(`${root}/forms/server-form.ts?preact`)).toBe(true);
    expect(kit.test(`${root}/forms/lazy-resolver.ts?preact`)).toBe(true);
    expect(kit.test('/app/node_modules/react-hook-form/dist/index.esm.mjs')).toBe(false);
    expect(kit.test('/app/node_modules/sonner/dist/index.mjs')).toBe(false);
    expect(kit.test(`${root}/auth/Field.tsx`)).toBe(false);
    // Each form is its island's own file; the API client is shared with the Preact islands.
    expect(kit.test(`${root}/forms/ContactForm.tsx`)).toBe(false);
    expect(kit.test('/app/src/browser/api-client.ts')).toBe(false);
    // Preact itself stays in its own file, which every public island loads.
    expect(kit.test('/app/node_modules/preact/hooks/dist/hooks.module.js')).toBe(false);
  });

  it("puts Preact, Astro's Preact renderer and the icon's Preact copy in one file (ADR 099)", () => {
    const preact = (
      ISLAND_CHUNK_GROUPS.find((group) => group.name === 'preact') as { test: RegExp }
    ).test;
    expect(preact.test('/app/node_modules/preact/dist/preact.module.js')).toBe(true);
    expect(preact.test('/app/node_modules/preact/hooks/dist/hooks.module.js')).toBe(true);
    expect(preact.test('/app/node_modules/preact/jsx-runtime/dist/jsxRuntime.module.js')).toBe(
      true,
    );
    expect(preact.test('/app/node_modules/@astrojs/preact/dist/client.js')).toBe(true);
    expect(preact.test('/app/node_modules/@astrojs/preact/dist/static-html.js')).toBe(true);
    expect(preact.test(`${root}/shared/Icon.tsx?preact`)).toBe(true);
    // The admin's React icon, the server's renderer and the sprite's address stay out.
    expect(preact.test(`${root}/shared/Icon.tsx`)).toBe(false);
    expect(preact.test('/app/node_modules/@astrojs/preact/dist/server.js')).toBe(false);
    expect(preact.test('/app/common/config/icons.ts')).toBe(false);
    expect(preact.test('/app/node_modules/@preact/signals/dist/signals.module.js')).toBe(false);
  });

  it("puts Zod, the forms' schemas and their choices in a file each (ADR 093)", () => {
    const test = (name: string) =>
      (ISLAND_CHUNK_GROUPS.find((group) => group.name === name) as { test: RegExp }).test;
    // zod/mini's copy (ADR 097) and the module that configures it; the chained API apart.
    expect(test('zod').test('/app/node_modules/zod/v4/core/schemas.js?zod-mini')).toBe(true);
    expect(test('zod').test('/app/node_modules/zod/v4/mini/schemas.js?zod-mini')).toBe(true);
    expect(test('zod').test('/app/common/schemas/zod-mini.ts')).toBe(true);
    expect(test('zod').test('/app/node_modules/zod/v4/core/schemas.js')).toBe(false);
    expect(test('zod').test('/app/node_modules/zod/v4/classic/schemas.js')).toBe(false);
    expect(test('zod-classic').test('/app/node_modules/zod/v4/classic/schemas.js')).toBe(true);
    expect(test('zod-classic').test('/app/node_modules/zod/v4/core/schemas.js')).toBe(true);
    expect(test('form-schemas').test('/app/common/schemas/forms.ts')).toBe(true);
    // Find It's schema and its quote fields: a file of their own (ADR 095).
    expect(test('form-schemas').test('/app/common/schemas/quotes.ts')).toBe(false);
    expect(test('form-schemas').test('/app/common/schemas/find-it.ts')).toBe(false);
    expect(test('find-it-schema').test('/app/common/schemas/find-it.ts')).toBe(true);
    expect(test('find-it-schema').test('/app/common/schemas/quote-request.ts')).toBe(true);
    // The rest of the quotes' schemas: the admin's and owners' pages only.
    expect(test('find-it-schema').test('/app/common/schemas/quotes.ts')).toBe(false);
    expect(test('find-it-schema').test('/app/common/schemas/forms.ts')).toBe(false);
    expect(test('form-choices').test('/app/common/schemas/categories.ts')).toBe(true);
    expect(test('form-choices').test('/app/common/schemas/tags.ts')).toBe(true);
    // The search and the cards import these: a group would bring its file to every public page.
    for (const name of ['form-schemas', 'find-it-schema', 'form-choices']) {
      expect(test(name).test('/app/common/config/lagos-areas.ts')).toBe(false);
      expect(test(name).test('/app/common/schemas/web-url.ts')).toBe(false);
    }
  });

  it('puts the small modules the public pages share in four plain files (ADR 094)', () => {
    const test = (name: string) =>
      (ISLAND_CHUNK_GROUPS.find((group) => group.name === name) as { test: RegExp }).test;
    const groups = ['page-kit', 'island-kit', 'listing-fields', 'card-kit'];
    const expected: Record<string, string> = {
      '/app/src/stores/session.ts': 'page-kit',
      '/app/src/browser/toast-lite.ts': 'page-kit',
      '/app/common/config/session.ts': 'page-kit',
      '/app/node_modules/nanostores/atom/index.js': 'page-kit',
      'vite/preload-helper.js': 'page-kit',
      '/app/src/browser/api-client.ts': 'island-kit',
      '/app/src/browser/offline/saved.ts': 'island-kit',
      '/app/common/config/icons.ts': 'island-kit',
      '/app/common/schemas/outage.ts': 'island-kit',
      '/app/common/schemas/idempotency.ts': 'island-kit',
      '/app/common/schemas/listing.ts': 'listing-fields',
      '/app/common/schemas/hours.ts': 'listing-fields',
      '/app/src/browser/hours.ts': 'listing-fields',
      '/app/common/schemas/web-url.ts': 'card-kit',
      '/app/common/schemas/review-rules.ts': 'card-kit',
      '/app/common/schemas/card-data.ts': 'card-kit',
    };
    for (const [id, group] of Object.entries(expected)) {
      for (const name of groups)
        expect(test(name).test(id), `${id} in ${name}`).toBe(name === group);
    }
    // No framework in them: Preact, the components and the forms' schemas stay out.
    for (const id of [
      '/app/node_modules/preact/dist/preact.module.js',
      `${root}/shared/Icon.tsx`,
      `${root}/public/ContactDetails.tsx`,
      '/app/common/schemas/forms.ts',
      '/app/common/config/lagos-areas.ts',
      '/app/src/browser/hours.test.ts',
    ]) {
      for (const name of groups) expect(test(name).test(id), `${id} in ${name}`).toBe(false);
    }
  });

  it('groups the client build only', () => {
    const plugin = islandChunks();
    const configEnvironment = plugin.configEnvironment as (name: string) => unknown;
    expect(configEnvironment('ssr')).toBeUndefined();
    expect(configEnvironment('client')).toMatchObject({
      build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension' } },
    });
  });
});
