import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import {
  addIslandFiles,
  ASTRO_HYDRATION_RENDERER,
  COMPONENT_URL_STATEMENT,
  type GraphChunk,
  ISLAND_FILES_KEY,
  islandFiles,
  islandPreload,
  rewriteHydration,
} from './island-preload.ts';

/** A chunk of a client bundle as Rolldown reports it (the fields the graph reads). */
const chunk = (imports: string[], dynamicImports: string[] = [], moduleIds: string[] = []) =>
  ({ type: 'chunk', imports, dynamicImports, moduleIds }) satisfies GraphChunk;

/** Astro 7's island renderer, as installed. */
const RENDERER_FILE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('astro/package.json')),
  'dist/runtime/server/hydration.js',
);

/**
 * Astro's `generateHydrateScript` from the renderer rewritten by {@link rewriteHydration},
 * loaded from a copy whose relative imports point into the installed package.
 */
async function rewrittenRenderer(): Promise<
  (options: unknown, metadata: unknown) => Promise<{ props: Record<string, string> }>
> {
  const dir = path.dirname(RENDERER_FILE);
  const code = rewriteHydration(readFileSync(RENDERER_FILE, 'utf8'), RENDERER_FILE).replace(
    /from "(\.{1,2}\/[^"]+)"/g,
    (_all, relative: string) => `from "${pathToFileURL(path.join(dir, relative)).href}"`,
  );
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'island-preload-')), 'hydration.mjs');
  writeFileSync(file, code);
  const module = (await import(pathToFileURL(file).href)) as {
    generateHydrateScript: Awaited<ReturnType<typeof rewrittenRenderer>>;
  };
  return module.generateHydrateScript;
}

describe('islandFiles (issue 34.5, ADR 095)', () => {
  it("lists every file a chunk imports statically, directly or not, and its fetched-with-island lazy imports' files", () => {
    const bundle = {
      '_astro/Island.1.js': chunk(
        ['_astro/kit.2.js'],
        ['_astro/resultListLoader.3.js', '_astro/map.4.js'],
      ),
      '_astro/kit.2.js': chunk(['_astro/preact.5.js']),
      '_astro/preact.5.js': chunk([]),
      '_astro/resultListLoader.3.js': chunk(
        ['_astro/business-list.6.js', '_astro/kit.2.js'],
        [],
        ['/app/src/islands/public/resultListLoader.ts'],
      ),
      '_astro/business-list.6.js': chunk([]),
      // Another lazy import (the map): fetched when it is imported, not with the island.
      '_astro/map.4.js': chunk(['_astro/leaflet.7.js'], [], ['/app/src/islands/public/map.ts']),
      '_astro/leaflet.7.js': chunk([]),
      '_astro/style.css': { type: 'asset' as const },
    };
    const graph = islandFiles(bundle);
    expect(graph.get('_astro/Island.1.js')).toEqual([
      '_astro/kit.2.js',
      '_astro/preact.5.js',
      '_astro/resultListLoader.3.js',
      '_astro/business-list.6.js',
    ]);
    expect(graph.get('_astro/map.4.js')).toEqual(['_astro/leaflet.7.js']);
    expect(graph.get('_astro/preact.5.js')).toEqual([]);
    expect(graph.has('_astro/style.css')).toBe(false);
  });

  it("includes the forms' schemas (with Zod) of a form island, whatever file holds them", () => {
    const graph = islandFiles({
      '_astro/RegisterForm.1.js': chunk(['_astro/form-kit.2.js'], ['_astro/form-schemas.3.js']),
      '_astro/form-kit.2.js': chunk([]),
      '_astro/form-schemas.3.js': chunk(
        ['_astro/zod.4.js'],
        [],
        ['/app/common/schemas/listing.ts', '/app/common/schemas/forms.ts'],
      ),
      '_astro/zod.4.js': chunk([]),
    });
    expect(graph.get('_astro/RegisterForm.1.js')).toEqual([
      '_astro/form-kit.2.js',
      '_astro/form-schemas.3.js',
      '_astro/zod.4.js',
    ]);
  });
});

describe('addIslandFiles (ADR 095)', () => {
  it("adds a data: entry per entry module that imports files, names relative to the entry's own", () => {
    const entryModules: Record<string, string> = {
      '/app/src/islands/public/HomeSearch.tsx': '_astro/HomeSearch.1.js',
      '@astrojs/preact/client.js': '_astro/client.2.js?v=3',
      '/app/src/islands/public/Alone.tsx': '_astro/Alone.4.js',
      'astro:scripts/before-hydration.js': '',
    };
    addIslandFiles(
      entryModules,
      new Map([
        ['_astro/HomeSearch.1.js', ['_astro/preact.5.js', '_astro/kits/kit.6.js']],
        ['_astro/client.2.js', ['_astro/preact.5.js']],
        ['_astro/Alone.4.js', []],
      ]),
    );
    expect(entryModules).toEqual({
      '/app/src/islands/public/HomeSearch.tsx': '_astro/HomeSearch.1.js',
      '@astrojs/preact/client.js': '_astro/client.2.js?v=3',
      '/app/src/islands/public/Alone.tsx': '_astro/Alone.4.js',
      'astro:scripts/before-hydration.js': '',
      [`${ISLAND_FILES_KEY}/app/src/islands/public/HomeSearch.tsx`]:
        'data:,preact.5.js kits/kit.6.js',
      [`${ISLAND_FILES_KEY}@astrojs/preact/client.js`]: 'data:,preact.5.js',
    });
  });
});

describe("rewriteHydration: Astro's island renderer (ADR 095)", () => {
  const island = (
    generate: Awaited<ReturnType<typeof rewrittenRenderer>>,
    hydrate: string,
    resolve: (specifier: string) => Promise<string>,
  ) =>
    generate(
      {
        renderer: { name: '@astrojs/preact', clientEntrypoint: '@astrojs/preact/client.js' },
        result: { resolve },
        astroId: 'a1',
        props: {},
        attrs: undefined,
      },
      {
        hydrate,
        componentUrl: '/app/src/islands/public/HomeSearch.tsx',
        componentExport: { value: 'default' },
        displayName: 'HomeSearch',
        hydrateArgs: true,
      },
    );

  it("writes a client:painted island's files, its component's and its renderer's, each once", async () => {
    const generate = await rewrittenRenderer();
    const files: Record<string, string> = {
      '/app/src/islands/public/HomeSearch.tsx': '/_astro/HomeSearch.1.js',
      '@astrojs/preact/client.js': '/_astro/client.2.js',
      // A prerendered page's resolver puts the base before a data: value.
      [`${ISLAND_FILES_KEY}/app/src/islands/public/HomeSearch.tsx`]:
        '/data:,preact.5.js SearchForm.6.js',
      [`${ISLAND_FILES_KEY}@astrojs/preact/client.js`]: 'data:,preact.5.js',
      'astro:scripts/before-hydration.js': '',
    };
    const resolve = async (specifier: string) => {
      if (!(specifier in files)) throw new Error(`Unable to resolve [${specifier}]`);
      return files[specifier]!;
    };
    const painted = await island(generate, 'painted', resolve);
    expect(painted.props['component-url']).toBe('/_astro/HomeSearch.1.js');
    expect(painted.props['data-preload']).toBe('preact.5.js SearchForm.6.js');
    // Another directive (Astro's own), or a renderer with no such entry (astro dev): none.
    expect((await island(generate, 'load', resolve)).props).not.toHaveProperty('data-preload');
    const dev = async (specifier: string) => `/@id/${specifier}`;
    expect((await island(generate, 'painted', dev)).props).not.toHaveProperty('data-preload');
  });

  it('fails the build, naming the file, when the renderer changed shape', () => {
    const code = readFileSync(RENDERER_FILE, 'utf8');
    expect(code.split(COMPONENT_URL_STATEMENT)).toHaveLength(2);
    expect(() => rewriteHydration(code.replace(COMPONENT_URL_STATEMENT, ''), 'h.js')).toThrow(
      "h.js: Astro's island renderer changed",
    );
  });

  it('rewrites the renderer only, in the server builds; the graph comes from the client build', () => {
    const integration = islandPreload();
    const updateConfig = vi.fn();
    const setup = integration.hooks['astro:config:setup'] as unknown as (options: {
      updateConfig: typeof updateConfig;
    }) => void;
    setup({ updateConfig });
    const plugins = updateConfig.mock.calls[0]![0].vite.plugins as Plugin[];
    const renderer = plugins.find((p) => p.transform)!;
    const transform = renderer.transform as (code: string, id: string) => unknown;
    const code = readFileSync(RENDERER_FILE, 'utf8');
    expect(ASTRO_HYDRATION_RENDERER.test(RENDERER_FILE)).toBe(true);
    expect(transform(code, `${RENDERER_FILE}?v=1`)).toMatchObject({
      code: expect.stringContaining('data-preload'),
    });
    expect(transform(code, '/app/src/islands/public/HomeSearch.tsx')).toBeNull();
    const client = { name: 'client' } as never;
    const ssr = { name: 'ssr' } as never;
    expect(renderer.applyToEnvironment?.(ssr)).toBe(true);
    expect(renderer.applyToEnvironment?.(client)).toBe(false);
    const graph = plugins.find((p) => p.generateBundle)!;
    expect(graph.applyToEnvironment?.(client)).toBe(true);
    // The client build's bundle reaches the manifest of the astro:build:ssr hook.
    (graph.generateBundle as unknown as (options: unknown, bundle: unknown) => void)(
      {},
      {
        '_astro/Island.1.js': chunk(['_astro/preact.2.js']),
        '_astro/preact.2.js': chunk([]),
      },
    );
    const entryModules: Record<string, string> = { '/app/Island.tsx': '_astro/Island.1.js' };
    const buildSsr = (integration as AstroIntegration).hooks['astro:build:ssr'] as unknown as (
      options: unknown,
    ) => void;
    buildSsr({ manifest: { entryModules } });
    expect(entryModules[`${ISLAND_FILES_KEY}/app/Island.tsx`]).toBe('data:,preact.2.js');
  });
});
