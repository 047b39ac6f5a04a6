import type { Plugin } from 'vite';

/**
 * How the client build groups the public islands' modules into files (issue 34.5; ADR 046, 090).
 * Over HTTP/1.1's six connections at 150 ms a round trip, every file an island needs before it
 * hydrates costs: the browser requests them in rounds of six.
 *
 * - `preact`: Preact, its hooks and its JSX runtime in one file (every public island needs all
 *   three; ADR 046).
 * - `search-box`: the search form, the search state and the Preact copy of the directory search
 *   hook (the home search hydrates on these and loads the results' list later, ADR 090; the
 *   category page needs them too), with the modules only they import, in one file. Modules
 *   others import as well stay out (the API client and the icons are shared with the form
 *   pages, which must not load a file that imports Preact).
 */

/** The search box's own modules (a shared module's Preact copy ends in `?preact`). */
const SEARCH_BOX =
  /[\\/]src[\\/]islands[\\/](public[\\/](SearchForm\.tsx|searchState\.ts)|shared[\\/]useDirectorySearch\.ts\?preact)$/;

/** The part of Rolldown's module information the grouping reads. */
export type GetModuleInfo = (id: string) => { importers: readonly string[] } | null;

/**
 * True for a module of the `search-box` group: one of {@link SEARCH_BOX}, or one that only
 * modules of the group import (directly or through others that only they import).
 */
export function inSearchBox(
  id: string,
  getModuleInfo: GetModuleInfo,
  seen = new Set<string>(),
): boolean {
  if (SEARCH_BOX.test(id)) return true;
  // An import cycle among the candidates: not taken (safe: the module keeps its own chunk).
  if (seen.has(id)) return false;
  seen.add(id);
  const importers = getModuleInfo(id)?.importers ?? [];
  return (
    importers.length > 0 &&
    importers.every((importer) => inSearchBox(importer, getModuleInfo, seen))
  );
}

/** The client build's `output.codeSplitting.groups`. */
export const ISLAND_CHUNK_GROUPS = [
  { name: 'preact', test: /node_modules[\\/]preact[\\/]/ },
  {
    name: (id: string, ctx: { getModuleInfo: GetModuleInfo }) =>
      inSearchBox(id, (m) => ctx.getModuleInfo(m)) ? 'search-box' : null,
    includeDependenciesRecursively: false,
  },
];

/**
 * The Vite plugin: {@link ISLAND_CHUNK_GROUPS} in the client build (the server build keeps
 * Rolldown's own chunks, and requires entry signatures kept as they are, which a group that
 * leaves its dependencies out may extend).
 */
export function islandChunks(): Plugin {
  return {
    name: 'lagos:island-chunks',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            preserveEntrySignatures: 'allow-extension',
            output: { codeSplitting: { groups: ISLAND_CHUNK_GROUPS } },
          },
        },
      };
    },
  };
}
