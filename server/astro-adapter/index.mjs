// @ts-check
import { writeFile } from 'node:fs/promises';

/** Where the build keeps the response headers of its pre-rendered pages (beside client/). */
export const STATIC_HEADERS_FILE = 'static-headers.json';

/**
 * The Astro adapter of the local server (ADR 011): builds the on-demand pages into one module
 * whose `render(request)` answers a fetch-style Request with a Response, so `server/` serves
 * them with its own page cache (tag purges, compression) exactly as Netlify's CDN serves the
 * Netlify adapter's function. It uses Astro's documented adapter API (setAdapter +
 * `astro/app/entrypoint`); there is no Node server inside. With `staticHeaders` Astro hands over
 * the headers of each pre-rendered page (its Content-Security-Policy with that page's script
 * hashes, ADR 015), written to `<outDir>/static-headers.json` as `{ "/path/": { name: value } }`
 * for the server to send with the file.
 * @returns {import('astro').AstroIntegration}
 */
export default function localAdapter() {
  return {
    name: 'lagos-auto-hub/local-adapter',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'lagos-auto-hub/local-adapter',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./entry.mjs', import.meta.url),
          adapterFeatures: { buildOutput: 'server', staticHeaders: true },
          supportedAstroFeatures: {
            hybridOutput: 'stable',
            staticOutput: 'stable',
            serverOutput: 'stable',
            sharpImageService: 'unsupported',
            envGetSecret: 'stable',
          },
        });
      },
      'astro:build:generated': async ({ dir, routeToHeaders }) => {
        /** @type {Record<string, Record<string, string>>} */
        const headers = {};
        for (const [pathname, { headers: routeHeaders }] of routeToHeaders) {
          headers[pathname] = Object.fromEntries(routeHeaders.entries());
        }
        await writeFile(new URL(`../${STATIC_HEADERS_FILE}`, dir), JSON.stringify(headers));
      },
    },
  };
}
