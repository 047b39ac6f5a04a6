import type { Plugin } from 'vite';

/**
 * How the client build groups the islands' modules into files (issue 34.5; ADR 046, 090, 091).
 * Over HTTP/1.1's six connections at 150 ms a round trip, every file an island needs before it
 * hydrates costs: the browser requests them in rounds of six.
 *
 * - `preact`: Preact, its hooks and its JSX runtime in one file (every public island needs all
 *   three; ADR 046), with Astro's Preact renderer and the icon component's Preact copy, which
 *   every page with a Preact island loads too (ADR 099). The renderer is an entry, so the file
 *   takes its name (`client.*.js`).
 * - `search-box`: the search form, the search state and the Preact copy of the directory search
 *   hook (the home search hydrates on these and loads the results' list later, ADR 090; the
 *   category page needs them too), with the modules only they import, in one file. Modules
 *   others import as well stay out (the API client and the icons are shared with the form
 *   pages, which must not load a file that imports Preact).
 * - `business-list`: the directory's list of cards and the search results' list (a category
 *   page's grid, the home search's results), with the modules only they import (ADR 091).
 * - `react`: React, its JSX runtime and the small `react-dom` entry; React DOM's client stays in
 *   the renderer's own file, which every React island's page requests at once with the island.
 * - `form-kit`: what the public forms share: the Preact copies of react-hook-form, the toaster,
 *   the field components and the form hooks (ADR 091, 093).
 * - `zod`, `form-schemas` (`find-it-schema` for Find It's, with its quote fields: ADR 095) and
 *   `form-choices`: Zod's core and `zod/mini` (ADR 097; the chained API the admin and owners'
 *   islands import is `zod-classic`), the public forms' schemas, and the choices
 *   both the forms and their schemas list, each one file: a form page fetches them with the
 *   island (its `data-preload`, ADR 093, 095), and eight files of 1–5 KB cost rounds of six
 *   requests.
 *   The islands that list choices import `form-choices` only, never Zod.
 * - `page-kit`, `island-kit`, `listing-fields` and `card-kit`: the small plain modules (no
 *   framework) the public pages share, four files instead of twelve of 0.3–1 KB (ADR 094):
 *   what every page's scripts load (the session, the toasts, the preload helper: an article loads
 *   only this and its own script), what the islands add (the API client, the saved businesses,
 *   the icons' address), a listing's fields and hours (the cards and the business page), and
 *   what only the cards read besides. Each is split where a page that needs one part would
 *   otherwise load another it does not (the article's 5 KB, the business page's 20 KB).
 */

/** The search box's own modules (a shared module's Preact copy ends in `?preact`). */
const SEARCH_BOX =
  /[\\/]src[\\/]islands[\\/](public[\\/](SearchForm\.tsx|searchState\.ts)|shared[\\/]useDirectorySearch\.ts\?preact)$/;

/**
 * Preact with what every page with a Preact island loads beside it: Astro's Preact renderer (an
 * entry of the client build, which Astro imports with each island) and the icon component's
 * Preact copy (its one import besides Preact, the sprite's address, is in `island-kit`, which
 * every public island loads).
 */
const PREACT =
  /([\\/]node_modules[\\/](preact[\\/]|@astrojs[\\/]preact[\\/]dist[\\/](client|static-html)\.js$)|[\\/]src[\\/]islands[\\/]shared[\\/]Icon\.tsx\?preact$)/;

/** The lists' own modules. */
const BUSINESS_LIST =
  /[\\/]src[\\/]islands[\\/]public[\\/](BusinessList\.tsx|SearchResults\.tsx|useLiveList\.ts)$/;

/** React without React DOM's client (react-dom/client is the renderer's). */
const REACT =
  /[\\/]node_modules[\\/](react[\\/]|react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$)/;

/**
 * The public forms' shared modules: their Preact copies (ADR 093), with React's API on Preact,
 * which only react-hook-form's copy imports, react-hook-form's resolvers and the toaster's
 * stand-in (each had been a file of its own that every form island imported; ADR 094).
 */
const FORM_KIT =
  /([\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/].*\?preact$|[\\/]src[\\/]islands[\\/](forms[\\/](react|sonner)-on-preact\.ts|(Toasts\.tsx|auth[\\/]Field\.tsx|forms[\\/](server-form\.ts|lazy-resolver\.ts|FormNotice\.tsx|CheckboxGroup\.tsx))\?preact)$)/;

/**
 * `zod/mini` with its own copy of Zod's core and its English messages
 * (integrations/zod-mini-copy.ts), as common/schemas/zod-mini.ts sets them: what the public
 * forms' schemas need at once (ADR 093), one file (ADR 097).
 */
const ZOD =
  /([\\/]node_modules[\\/]zod[\\/].*\?zod-mini$|[\\/]common[\\/]schemas[\\/]zod-mini\.ts$)/;

/** The rest of Zod (its chained API and its core), which the admin's and owners' islands import. */
const ZOD_CLASSIC = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * The public forms' schema module and the schema module only it (and the admin) imports: what
 * a form page loads beside its island to validate (ADR 093).
 */
const FORM_SCHEMAS = /[\\/]common[\\/]schemas[\\/](forms|url)\.ts$/;

/**
 * The Find It form's schema with its quote fields (ADR 095): only the Find It page (and the
 * admin's quotes) loads them, not the List your business and Contact pages.
 */
const FIND_IT_SCHEMA = /[\\/]common[\\/]schemas[\\/](find-it|quote-request)\.ts$/;

/**
 * The choices the public forms list (categories, tags), which their islands import
 * as their schemas do (`lagos-areas` and `web-url` stay out: the search and the cards import
 * them).
 */
const FORM_CHOICES = /[\\/]common[\\/]schemas[\\/](categories|tags)\.ts$/;

/**
 * What every public page's scripts load (the header's session links, the toasts, Vite's preload
 * helper): plain modules, no framework (an article page loads this and its own script only).
 */
const PAGE_KIT =
  /([\\/]src[\\/](stores[\\/]session|browser[\\/]toast-lite)\.ts|[\\/]common[\\/]config[\\/]session\.ts|vite[\\/]preload-helper(\.js)?|[\\/]node_modules[\\/]nanostores[\\/].*)$/;

/**
 * What the public islands share besides Preact: the API client (with its outage messages and
 * idempotency header), the saved businesses and the icon sprite's address. Plain modules.
 */
const ISLAND_KIT =
  /([\\/]src[\\/]browser[\\/](api-client|offline[\\/]saved)|[\\/]common[\\/](config[\\/]icons|schemas[\\/](idempotency|outage)))\.ts$/;

/** A listing's fields and opening hours: the cards and the business page both read them. */
const LISTING_FIELDS =
  /([\\/]common[\\/]schemas[\\/](listing|hours)|[\\/]src[\\/]browser[\\/]hours)\.ts$/;

/**
 * What the cards read besides: web links (the forms' schemas check them too), the review rules
 * and the card's data.
 */
const CARD_KIT = /[\\/]common[\\/]schemas[\\/](web-url|review-rules|card-data)\.ts$/;

/** The part of Rolldown's module information the grouping reads. */
export type GetModuleInfo = (
  id: string,
) => { importers: readonly string[]; isEntry?: boolean } | null;

/**
 * True for a module of a group rooted at `roots`: one of them, or one that only modules of the
 * group import (directly or through others that only they import). Of those, never an island
 * (an entry): its page would load the whole group with it (the business page's Report link is
 * an island that the cards import too). A root may be one (the category page's search box).
 */
export function inGroup(
  roots: RegExp,
  id: string,
  getModuleInfo: GetModuleInfo,
  seen = new Set<string>(),
): boolean {
  if (roots.test(id)) return true;
  if (getModuleInfo(id)?.isEntry) return false;
  // An import cycle among the candidates: not taken (safe: the module keeps its own chunk).
  if (seen.has(id)) return false;
  seen.add(id);
  const importers = getModuleInfo(id)?.importers ?? [];
  return (
    importers.length > 0 &&
    importers.every((importer) => inGroup(roots, importer, getModuleInfo, seen))
  );
}

/** True for a module of the `search-box` group ({@link inGroup} of the search box's modules). */
export function inSearchBox(id: string, getModuleInfo: GetModuleInfo): boolean {
  return inGroup(SEARCH_BOX, id, getModuleInfo);
}

/** True for a module of the `business-list` group. */
export function inBusinessList(id: string, getModuleInfo: GetModuleInfo): boolean {
  return inGroup(BUSINESS_LIST, id, getModuleInfo);
}

type Context = { getModuleInfo: GetModuleInfo };

/** The client build's `output.codeSplitting.groups`. */
export const ISLAND_CHUNK_GROUPS = [
  { name: 'form-kit', test: FORM_KIT, includeDependenciesRecursively: false },
  { name: 'preact', test: PREACT, includeDependenciesRecursively: false },
  { name: 'page-kit', test: PAGE_KIT, includeDependenciesRecursively: false },
  { name: 'island-kit', test: ISLAND_KIT, includeDependenciesRecursively: false },
  { name: 'listing-fields', test: LISTING_FIELDS, includeDependenciesRecursively: false },
  { name: 'card-kit', test: CARD_KIT, includeDependenciesRecursively: false },
  { name: 'react', test: REACT },
  { name: 'zod', test: ZOD, includeDependenciesRecursively: false },
  { name: 'zod-classic', test: ZOD_CLASSIC, includeDependenciesRecursively: false },
  { name: 'form-schemas', test: FORM_SCHEMAS, includeDependenciesRecursively: false },
  { name: 'find-it-schema', test: FIND_IT_SCHEMA, includeDependenciesRecursively: false },
  { name: 'form-choices', test: FORM_CHOICES, includeDependenciesRecursively: false },
  {
    name: (id: string, ctx: Context) =>
      inSearchBox(id, (m) => ctx.getModuleInfo(m)) ? 'search-box' : null,
    includeDependenciesRecursively: false,
  },
  {
    name: (id: string, ctx: Context) =>
      inBusinessList(id, (m) => ctx.getModuleInfo(m)) ? 'business-list' : null,
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
