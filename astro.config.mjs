// @ts-check
import preact from '@astrojs/preact';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { netlifyHeaders } from './netlify/headers.ts';
import localAdapter from './server/astro-adapter/index.mjs';
import {
  PREACT_ISLAND_GLOBS,
  publicIslandsOnPreact,
} from './integrations/public-islands-on-preact.ts';
import { serviceWorker } from './integrations/service-worker.ts';
import { netlifyAdapter } from './integrations/netlify-adapter.ts';
import { afterFirstPaintDirective } from './integrations/client-painted.ts';
import { hoistTransitiveImports } from './integrations/hoist-transitive-imports.ts';
import { inlineHeadScript } from './integrations/head-script.ts';
import { pageScriptsAfterFirstPaint } from './integrations/page-scripts-after-first-paint.ts';
import { modulePreloadOnlyWhatHelps } from './integrations/module-preload.ts';
import { islandChunks } from './integrations/island-chunks.ts';
import { islandPreload } from './integrations/island-preload.ts';
import { zodMiniCopy } from './integrations/zod-mini-copy.ts';
import { buildAdapter, buildSiteUrl, env } from './functions/_lib/env.ts';
import {
  CSP_SCRIPT_HASHES,
  CSP_SCRIPT_RESOURCES,
  CSP_STYLE_RESOURCES,
  cspDirectives,
} from './common/config/security-headers.ts';
import { tileOrigin } from './common/config/map.ts';

// DESIGN.md "Adapter": Netlify when building there or with netlify-cli on a machine, or with
// ADAPTER=netlify; otherwise the local server's own adapter, whose `render(request)` the page cache
// of `npm start` calls (ADR 011). Every variable is read through functions/_lib/env.ts (ADR 013).
const onNetlify = buildAdapter() === 'netlify';

// Maps (ADR 021): the tile source is fixed at build time, so the pages and the CSP's img-src
// (its origin) always agree. An invalid MAP_TILE_URL fails the build here.
const mapTileUrl = env('MAP_TILE_URL');
const mapTileOrigin = tileOrigin(mapTileUrl);

export default defineConfig({
  site: buildSiteUrl(), // canonical URLs
  output: 'static',
  adapter: onNetlify ? netlifyAdapter() : localAdapter(),
  integrations: [
    afterFirstPaintDirective(),
    // Every file of a client:painted island requested with its own (ADR 095).
    islandPreload(),
    preact({ include: PREACT_ISLAND_GLOBS }),
    react({ exclude: PREACT_ISLAND_GLOBS }),
    ...(onNetlify ? [netlifyHeaders()] : []),
    // /sw.js, bundled with its list of shell files once the pages are written (ADR 030).
    serviceWorker(),
  ],
  // Small pages: inlining the CSS saves a render-blocking request on slow mobile networks.
  build: { inlineStylesheets: 'always', format: 'directory' },
  server: { port: env('PORT'), host: env('HOST') },
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
    // Build plugins, each in its own file with a test of what it does (ADR 037).
    plugins: [
      publicIslandsOnPreact(),
      pageScriptsAfterFirstPaint(),
      hoistTransitiveImports(),
      inlineHeadScript(),
      modulePreloadOnlyWhatHelps(),
      // The public islands' files (ADR 046, 090).
      islandChunks(),
      // The public forms' Zod, tree-shaken apart from the admin's (ADR 097).
      zodMiniCopy(),
    ],
    define: {
      __MAP_TILE_URL__: JSON.stringify(mapTileUrl),
      __MAP_TILE_ATTRIBUTION__: JSON.stringify(env('MAP_TILE_ATTRIBUTION') ?? ''),
    },
    ssr: {
      external: ['@electric-sql/pglite', 'pg', '@resvg/resvg-js', 'satori'],
      // Bundled, so the public forms' Preact copies exist on the server too (ADR 093).
      noExternal: ['react-hook-form', '@hookform/resolvers'],
    },
  },
});
