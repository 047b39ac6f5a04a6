import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

/**
 * The head script: src/browser/head-script.js (with the names of src/browser/head-globals.ts)
 * bundled by esbuild into one minified classic script, and its sha256 for script-src (ADR 015;
 * issue 25.3). Both are computed from the file when this module loads: in Node (astro.config.mjs,
 * the local server, the tests). In the site's own bundles (the pages, the middleware, the Netlify
 * function) integrations/head-script.ts replaces this module with the two strings, so none of
 * them carries esbuild, node:crypto or the source.
 */
export const HEAD_SCRIPT_SOURCE = fileURLToPath(
  new URL('../../src/browser/head-script.js', import.meta.url),
);

/**
 * `{ code, hash }` of the head script built from `file`: `code` is what goes between
 * `<script>` and `</script>` (an IIFE, no trailing newline), `hash` its `sha256-…` source.
 * @throws Error with esbuild's messages when the file does not build.
 */
export function buildHeadScript(file: string = HEAD_SCRIPT_SOURCE): {
  code: string;
  hash: `sha256-${string}`;
} {
  const result = buildSync({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: 'iife',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text.trim();
  return { code, hash: `sha256-${createHash('sha256').update(code).digest('base64')}` };
}

const built = buildHeadScript();

/** The text of the head script, inline first in every page's `<head>` (BaseLayout). */
export const HEAD_SCRIPT: string = built.code;

/** `'sha256-…'` source of {@link HEAD_SCRIPT} for script-src. */
export const HEAD_SCRIPT_HASH: `sha256-${string}` = built.hash;
