import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { buildHeadScript, HEAD_SCRIPT_SOURCE } from '../common/config/head-script.ts';

/**
 * The head script as two strings in the site's bundles (issue 25.3, ADR 015, ADR 037).
 *
 * common/config/head-script.ts builds src/browser/head-script.js with esbuild when it is imported
 * and hashes the result: right in Node (astro.config.mjs, the local server, tests), but the
 * pages and the middleware that import it (through common/config/security-headers.ts) are bundled
 * into the server build and the Netlify function, where neither esbuild nor the source file
 * is. So in every Vite build this plugin loads that module as its two values, built from the
 * file at that moment: `HEAD_SCRIPT` and `HEAD_SCRIPT_HASH`. The same function computes them,
 * so the page's script and the hash astro.config.mjs put into script-src agree.
 */
export const HEAD_SCRIPT_MODULE = fileURLToPath(
  new URL('../common/config/head-script.ts', import.meta.url),
);

/** The module text that stands for common/config/head-script.ts in a bundle. */
export function headScriptModule(built: { code: string; hash: string }): string {
  return [
    `export const HEAD_SCRIPT = ${JSON.stringify(built.code)};`,
    `export const HEAD_SCRIPT_HASH = ${JSON.stringify(built.hash)};`,
  ].join('\n');
}

/** The Vite plugin: {@link headScriptModule} for {@link HEAD_SCRIPT_MODULE}, nothing else. */
export function inlineHeadScript(): Plugin {
  return {
    name: 'lagos:inline-head-script',
    load(id) {
      if (id.split('?')[0] !== HEAD_SCRIPT_MODULE) return null;
      this.addWatchFile(HEAD_SCRIPT_SOURCE);
      return headScriptModule(buildHeadScript());
    },
  };
}
