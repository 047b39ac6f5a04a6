import { describe, expect, it } from 'vitest';
import { type GetModuleInfo, inSearchBox, islandChunks } from './island-chunks.ts';

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

  it('groups the client build only', () => {
    const plugin = islandChunks();
    const configEnvironment = plugin.configEnvironment as (name: string) => unknown;
    expect(configEnvironment('ssr')).toBeUndefined();
    expect(configEnvironment('client')).toMatchObject({
      build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension' } },
    });
  });
});
