// @ts-check
import netlify from '@astrojs/netlify';
import preact from '@astrojs/preact';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { netlifyHeaders } from './netlify/headers.ts';
import { posix } from 'node:path';
import localAdapter from './server/astro-adapter/index.mjs';
import {
  PUBLIC_ISLANDS_GLOB as PUBLIC_ISLANDS,
  publicIslandsOnPreact,
} from './integrations/public-islands-on-preact.ts';
import { serviceWorker } from './server/service-worker.ts';
import {
  CSP_SCRIPT_HASHES,
  CSP_SCRIPT_RESOURCES,
  CSP_STYLE_RESOURCES,
  cspDirectives,
} from './common/config/security-headers.ts';
import { mapTileUrlFrom, tileOrigin } from './common/config/map.ts';

/**
 * Page scripts (Astro's processed `<script>`s: the header's session links, the article's share
 * button, the map loader…) would be written as `<script type="module" src>`: fetched while the
 * HTML is parsed, and Lighthouse counts such a request against FCP (High priority) and LCP (any
 * request that ends before it; issue 13.2: 1.2–1.5× the static copy's). None of them draws
 * anything the first paint needs (the server renders the whole page), so each is written as
 * `<template data-page-script="/_astro/….js">` and imported after the first paint by the loader
 * in every page's head (PAGE_SCRIPT_LOADER, common/config/security-headers.ts; ADR 027, superseding
 * ADR 025's `fetchpriority="low"`). Astro has no option for this, so the plugin rewrites the one
 * template of its renderer (astro/…/render/script.js); the build fails if that template changes
 * shape, rather than silently fetching the scripts early again. Small scripts Astro inlines stay
 * inline module scripts (no request).
 */
const ASTRO_SCRIPT_RENDERER =
  /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]script\.js$/;
const MODULE_SCRIPT_OPEN = '<script type="module" src="';
const MODULE_SCRIPT_CLOSE = '${resolved}"></script>';

/** @returns {import('vite').Plugin} */
function pageScriptsAfterFirstPaint() {
  return {
    name: 'lagos:page-scripts-after-first-paint',
    transform(code, id) {
      if (!ASTRO_SCRIPT_RENDERER.test(id.split('?')[0] ?? '')) return null;
      if (!code.includes(MODULE_SCRIPT_OPEN) || !code.includes(MODULE_SCRIPT_CLOSE)) {
        throw new Error(
          `${id}: Astro's page-script template changed; update pageScriptsAfterFirstPaint`,
        );
      }
      return {
        code: code
          .replace(MODULE_SCRIPT_OPEN, '<template data-page-script="')
          .replace(MODULE_SCRIPT_CLOSE, '${resolved}"></template>'),
        map: null,
      };
    },
  };
}

/**
 * An island or a page script is a module whose imports the browser discovers one level at a time:
 * HomeSearch → SearchResults → BusinessList → ContactDetails → hooks → preact was six round trips
 * before it could run, 0.9 s of waiting on the phone profile (150 ms RTT) before any byte of CPU
 * work (issue 22, ADR 032). Rollup's `output.hoistTransitiveImports` lists every transitive
 * static import of an entry in the entry itself, so all are requested together after the first
 * round trip; Rolldown (Vite 8) does not implement it, so this does the same in the client
 * build: each entry chunk (island, page script, dynamically imported chunk) gets a bare
 * `import"./dep.js";` for each transitive dependency it does not import directly. They are
 * appended after its own imports, and each is already a dependency of one of those, so the
 * order in which modules run does not change; only the requests start earlier. File names keep
 * their hashes: a chunk's hash already covers its dependencies' names, hence this list.
 * @returns {import('vite').Plugin}
 */
function hoistTransitiveImports() {
  return {
    name: 'lagos:hoist-transitive-imports',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      /** @param {string} file @param {Set<string>} into */
      const collect = (file, into) => {
        const chunk = bundle[file];
        for (const dep of chunk?.type === 'chunk' ? chunk.imports : []) {
          if (into.has(dep)) continue;
          into.add(dep);
          collect(dep, into);
        }
        return into;
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.isDynamicEntry)) continue;
        const direct = new Set(chunk.imports);
        const hoisted = [...collect(chunk.fileName, new Set())].filter(
          (dep) => !direct.has(dep) && dep !== chunk.fileName,
        );
        if (hoisted.length === 0) continue;
        const from = posix.dirname(chunk.fileName);
        chunk.code += `\n${hoisted
          .map((dep) => {
            const path = posix.relative(from, dep);
            return `import"${path.startsWith('.') ? path : `./${path}`}";`;
          })
          .join('')}\n`;
      }
    },
  };
}

/**
 * `client:painted`: hydrate after the first paint: at once in the first screen, else when idle
 * or near the viewport, and at once on the first interaction (src/browser/client-painted.ts,
 * ADR 027, ADR 032). Astro hashes the directive's inline script into the CSP like its own.
 * @returns {import('astro').AstroIntegration}
 */
function afterFirstPaintDirective() {
  return {
    name: 'lagos:client-painted',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'painted', entrypoint: './src/browser/client-painted.ts' });
      },
    },
  };
}

// DESIGN.md "Adapter": Netlify when building there (`NETLIFY=true`) or with netlify-cli on a machine
// (`netlify build` / `netlify serve` set `NETLIFY_LOCAL=true`), or ADAPTER=netlify; otherwise the
// local server's own adapter, whose `render(request)` the page cache of `npm start` calls (ADR 011).
const onNetlify = process.env.ADAPTER
  ? process.env.ADAPTER === 'netlify'
  : process.env.NETLIFY === 'true' || process.env.NETLIFY_LOCAL === 'true';

// Canonical URLs: SITE_URL, else Netlify's URL of this deploy, else the local server.
const site =
  process.env.SITE_URL ||
  (process.env.CONTEXT === 'production' ? process.env.URL : process.env.DEPLOY_PRIME_URL) ||
  `http://localhost:${process.env.PORT || 4321}`;

// Maps (ADR 021): the tile source is fixed at build time, so the pages and the CSP's img-src
// (its origin) always agree. An invalid MAP_TILE_URL fails the build here.
const mapTileUrl = mapTileUrlFrom(process.env);
const mapTileOrigin = tileOrigin(mapTileUrl);

export default defineConfig({
  site,
  output: 'static',
  adapter: onNetlify
    ? // Dev would otherwise try to download Deno for edge functions (measured, DESIGN.md).
      netlify({
        devFeatures: { edgeFunctions: false, environmentVariables: false, images: true },
        // Each pre-rendered page's CSP (with its script hashes) as a per-route header of the
        // Frameworks API config, beside the _headers of common/config/security-headers.ts (ADR 015).
        staticHeaders: true,
        // The SSR function talks to Postgres (DATABASE_URL); local data, tests, seed content and the
        // embedded database engine never belong in it (the file tracer would otherwise pull them in).
        excludeFiles: [
          './.data/**',
          './tests/**',
          './content/**',
          './node_modules/.cache/**',
          './node_modules/@electric-sql/**',
          // Test and image tooling the tracer drags in (18.9 MB zip with them, measured): no page
          // renders with them; Netlify's Image CDN serves images, Chromium drives only tests.
          './node_modules/sharp/**',
          './node_modules/@img/**',
          './node_modules/playwright/**',
          './node_modules/playwright-core/**',
          './node_modules/@playwright/**',
          './node_modules/@axe-core/**',
          './node_modules/lighthouse/**',
          './node_modules/vnu-jar/**',
        ],
        // Read at run time with require.resolve (src/render/brand-images.tsx: Open Graph images),
        // so the file tracer cannot see them. The function bundle check asserts they are there.
        includeFiles: [
          './node_modules/@fontsource/inter/files/inter-latin-400-normal.woff',
          './node_modules/@fontsource/inter/files/inter-latin-700-normal.woff',
        ],
      })
    : localAdapter(),
  integrations: [
    afterFirstPaintDirective(),
    preact({ include: [PUBLIC_ISLANDS] }),
    react({ exclude: [PUBLIC_ISLANDS] }),
    ...(onNetlify ? [netlifyHeaders()] : []),
    // /sw.js, bundled with its list of shell files once the pages are written (ADR 030).
    serviceWorker(),
  ],
  // Small pages: inlining the CSS saves a render-blocking request on slow mobile networks.
  build: { inlineStylesheets: 'always', format: 'directory' },
  server: { port: Number(process.env.PORT || 4321), host: process.env.HOST || 'localhost' },
  devToolbar: { enabled: false },
  // Content-Security-Policy (ADR 015): Astro adds the hashes of its inline scripts to script-src,
  // so no 'unsafe-inline' is needed; the directives live in common/config/security-headers.ts.
  security: {
    csp: {
      directives: cspDirectives({ imgSources: [mapTileOrigin] }),
      scriptDirective: { resources: [...CSP_SCRIPT_RESOURCES], hashes: [...CSP_SCRIPT_HASHES] },
      styleDirective: { resources: [...CSP_STYLE_RESOURCES] },
    },
  },
  vite: {
    plugins: [publicIslandsOnPreact(), pageScriptsAfterFirstPaint(), hoistTransitiveImports()],
    define: {
      __MAP_TILE_URL__: JSON.stringify(mapTileUrl),
      __MAP_TILE_ATTRIBUTION__: JSON.stringify(process.env.MAP_TILE_ATTRIBUTION ?? ''),
    },
    ssr: {
      external: ['@electric-sql/pglite', 'pg', '@resvg/resvg-js', 'satori'],
    },
  },
});
