import { posix } from 'node:path';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { transitiveImports } from './hoist-transitive-imports.ts';

/**
 * Every file of an island requested at once (issue 34.5, ADR 095).
 *
 * The browser learns what an island's file imports only once that file has arrived and the
 * page's main thread has parsed it. On the phone profile the main thread is still laying out the
 * page then, so the second round of files (Preact, the shared kits…) started 0.3 s after the
 * first had arrived. Each `client:painted` island therefore carries the names of every file its
 * code and its renderer import (`data-preload`, relative to its `component-url`), and the
 * directive (src/browser/client-painted.ts) requests them with `<link rel="modulepreload">` in
 * the same moment as the island's own file.
 *
 * How the names reach the page, as no hook of Astro's exists for it:
 * - the client build's bundle gives each file's transitive static imports ({@link islandFiles});
 * - the `astro:build:ssr` hook adds them to the manifest's `entryModules`, under
 *   {@link ISLAND_FILES_KEY} + the island's specifier, as a `data:,` value, which Astro's
 *   resolver hands back untouched (a prerendered page's resolver puts the base before it,
 *   hence the search for `data:,`; {@link addIslandFiles});
 * - Astro's island renderer (astro/dist/runtime/server/hydration.js) is rewritten to write them
 *   as the `data-preload` attribute of a `client:painted` island ({@link rewriteHydration}); the
 *   build fails if that renderer changes shape. In `astro dev` no such entry exists: no
 *   attribute, and the islands load as before.
 */

/** The key prefix of an island's files in the manifest's `entryModules`. */
export const ISLAND_FILES_KEY = 'lagos:island-files:';

/** The island attribute holding the names (space-separated, relative to `component-url`). */
export const ISLAND_FILES_ATTRIBUTE = 'data-preload';

/**
 * Lazy modules whose files are fetched with the island that imports them (run only when it
 * does):
 * - the home search's results list, which a search would otherwise wait for after its first
 *   answer (0.3 s on the phone profile); the home page's featured list loads the same files;
 * - the forms' Zod schemas (`common/schemas/forms`, `find-it`, `auth`), which a form's
 *   first inline message waits for (ADR 046, 093).
 */
export const FETCHED_WITH_ISLAND =
  /([\\/]src[\\/]islands[\\/]public[\\/]resultListLoader|[\\/]common[\\/]schemas[\\/](forms|find-it|auth))\.ts$/;

/** The part of a Rolldown output chunk {@link islandFiles} reads. */
export interface GraphChunk {
  type: 'chunk';
  imports: string[];
  dynamicImports: string[];
  /** The modules the chunk holds (Rolldown's `moduleIds`). */
  moduleIds: string[];
}

/**
 * Each JS file of a client `bundle` → every file it imports statically, directly or not, and
 * those of its dynamic imports of {@link FETCHED_WITH_ISLAND} (bundle file names, `_astro/x.js`).
 */
export function islandFiles(
  bundle: Record<string, GraphChunk | { type: 'asset' }>,
): Map<string, string[]> {
  const imports = (file: string): string[] => {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') return [];
    const lazy = chunk.dynamicImports.filter((dep) => {
      const target = bundle[dep];
      return (
        target?.type === 'chunk' && target.moduleIds.some((id) => FETCHED_WITH_ISLAND.test(id))
      );
    });
    return [...chunk.imports, ...lazy];
  };
  const graph = new Map<string, string[]>();
  for (const [file, chunk] of Object.entries(bundle)) {
    if (chunk.type === 'chunk') graph.set(file, transitiveImports(file, imports));
  }
  return graph;
}

/**
 * Adds to `entryModules` (specifier → `_astro/x.js`, in place) one `ISLAND_FILES_KEY +
 * specifier` → `data:,a.js b.js` entry per entry module that imports files, the names relative
 * to the entry's own file.
 */
export function addIslandFiles(
  entryModules: Record<string, string>,
  graph: ReadonlyMap<string, readonly string[]>,
): void {
  for (const [specifier, file] of Object.entries(entryModules)) {
    const deps = graph.get(file.split('?')[0] ?? '');
    if (!deps?.length || specifier.startsWith(ISLAND_FILES_KEY)) continue;
    const from = posix.dirname(file);
    entryModules[ISLAND_FILES_KEY + specifier] =
      `data:,${deps.map((dep) => posix.relative(from, dep)).join(' ')}`;
  }
}

/** Astro's island renderer (where `component-url` is written). */
export const ASTRO_HYDRATION_RENDERER =
  /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]hydration\.js$/;

/** The statement of Astro's renderer after which the attribute is written, expected once. */
export const COMPONENT_URL_STATEMENT =
  'island.props["component-url"] = await result.resolve(decodeURI(componentUrl));';

/**
 * Astro's island renderer `code`, writing {@link ISLAND_FILES_ATTRIBUTE} on a `client:painted`
 * island: the files its component and its renderer import (each file once).
 * @throws Error naming `id` when the renderer no longer has the statement exactly once.
 */
export function rewriteHydration(code: string, id: string): string {
  if (code.split(COMPONENT_URL_STATEMENT).length !== 2) {
    throw new Error(
      `${id}: Astro's island renderer changed; update integrations/island-preload.ts`,
    );
  }
  const write = `
  if (hydrate === "painted") {
    const lagosFiles = new Set();
    for (const specifier of [componentUrl, renderer.clientEntrypoint]) {
      if (!specifier) continue;
      let value = "";
      try {
        value = String(await result.resolve(${JSON.stringify(ISLAND_FILES_KEY)} + decodeURI(specifier.toString())));
      } catch {}
      const at = value.indexOf("data:,");
      if (at >= 0) for (const name of value.slice(at + 6).split(" ")) lagosFiles.add(name);
    }
    if (lagosFiles.size) island.props[${JSON.stringify(ISLAND_FILES_ATTRIBUTE)}] = escapeHTML([...lagosFiles].join(" "));
  }`;
  return code.replace(COMPONENT_URL_STATEMENT, `${COMPONENT_URL_STATEMENT}${write}`);
}

/**
 * The integration: the client build's graph, kept for the `astro:build:ssr` hook, and the
 * renderer's rewrite in the server builds.
 */
export function islandPreload(): AstroIntegration {
  let graph = new Map<string, string[]>();
  const plugins: Plugin[] = [
    {
      name: 'lagos:island-preload-graph',
      applyToEnvironment: (environment) => environment.name === 'client',
      generateBundle(_options, bundle) {
        graph = islandFiles(bundle as unknown as Parameters<typeof islandFiles>[0]);
      },
    },
    {
      name: 'lagos:island-preload-renderer',
      applyToEnvironment: (environment) => environment.name !== 'client',
      transform(code, id) {
        if (!ASTRO_HYDRATION_RENDERER.test(id.split('?')[0] ?? '')) return null;
        return { code: rewriteHydration(code, id), map: null };
      },
    },
  ];
  return {
    name: 'lagos:island-preload',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins } });
      },
      'astro:build:ssr': ({ manifest }) => {
        addIslandFiles(manifest.entryModules, graph);
      },
    },
  };
}
