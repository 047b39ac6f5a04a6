// @ts-check
import netlify from '@astrojs/netlify';
import preact from '@astrojs/preact';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import localAdapter from './server/astro-adapter/index.mjs';

/**
 * Public islands (src/islands/public/) render and hydrate with Preact; the admin, auth and form
 * islands with React (ADR 016: React's client alone is ~56 KB gz, over the home page's whole
 * budget). The public islands are written with React's types and hooks and run on Preact's core:
 * their JSX compiles to Preact's runtime (the `include` below), the plugin points their `react`
 * imports at `preact/hooks` (they import hooks only: anything else fails the build), and their
 * `sonner` imports (the shared search hook raises sonner toasts) at the public pages' small
 * toast. Only importers in PREACT_MODULES are redirected: React islands keep React and sonner.
 */
const PUBLIC_ISLANDS = '**/src/islands/public/**';
const PREACT_MODULES = [
  fileURLToPath(new URL('./src/islands/public/', import.meta.url)),
  fileURLToPath(new URL('./src/islands/directory/useDirectorySearch.ts', import.meta.url)),
];
const TOAST_LITE = fileURLToPath(new URL('./src/browser/toast-lite.ts', import.meta.url));

/** @returns {import('vite').Plugin} */
function publicIslandsOnPreact() {
  return {
    name: 'lagos:public-islands-on-preact',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const file = importer?.split('?')[0] ?? '';
      if (!PREACT_MODULES.some((m) => file.startsWith(m))) return null;
      if (source === 'sonner') return TOAST_LITE;
      if (source === 'react') {
        return this.resolve('preact/hooks', importer, { ...options, skipSelf: true });
      }
      return null;
    },
  };
}

// DESIGN.md "Adapter": Netlify when building there (or ADAPTER=netlify); otherwise the local
// server's own adapter, whose `render(request)` the page cache of `npm start` calls (ADR 011).
const onNetlify = process.env.NETLIFY === 'true' || process.env.ADAPTER === 'netlify';

// Canonical URLs: SITE_URL, else Netlify's URL of this deploy, else the local server.
const site =
  process.env.SITE_URL ||
  (process.env.CONTEXT === 'production' ? process.env.URL : process.env.DEPLOY_PRIME_URL) ||
  `http://localhost:${process.env.PORT || 4321}`;

export default defineConfig({
  site,
  output: 'static',
  adapter: onNetlify
    ? // Dev would otherwise try to download Deno for edge functions (measured, DESIGN.md).
      netlify({
        devFeatures: { edgeFunctions: false, environmentVariables: false, images: true },
        // The SSR function talks to Postgres (DATABASE_URL); local data, tests, seed content and the
        // embedded database engine never belong in it (the file tracer would otherwise pull them in).
        excludeFiles: [
          './.data/**',
          './tests/**',
          './content/**',
          './node_modules/.cache/**',
          './node_modules/@electric-sql/**',
        ],
      })
    : localAdapter(),
  integrations: [preact({ include: [PUBLIC_ISLANDS] }), react({ exclude: [PUBLIC_ISLANDS] })],
  // Small pages: inlining the CSS saves a render-blocking request on slow mobile networks.
  build: { inlineStylesheets: 'always', format: 'directory' },
  server: { port: Number(process.env.PORT || 4321), host: process.env.HOST || 'localhost' },
  devToolbar: { enabled: false },
  vite: {
    plugins: [publicIslandsOnPreact()],
    ssr: {
      external: ['@electric-sql/pglite', 'pg', 'proper-lockfile', '@resvg/resvg-js', 'satori'],
    },
  },
});
