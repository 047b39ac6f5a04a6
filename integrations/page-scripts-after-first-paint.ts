import type { Plugin } from 'vite';
import { PAGE_SCRIPT_ATTRIBUTE } from '../src/browser/head-globals.ts';

/**
 * Page scripts after the first paint (issue 13.2, ADR 027, ADR 037).
 *
 * Page scripts (Astro's processed `<script>`s: the header's session links, the article's share
 * button, the map loader…) would be written as `<script type="module" src>`: fetched while the
 * HTML is parsed, and Lighthouse counts such a request against FCP (High priority) and LCP (any
 * request that ends before it; issue 13.2: 1.2–1.5× the static copy's). None of them draws
 * anything the first paint needs (the server renders the whole page), so each is written as
 * `<template data-page-script="/_astro/….js">` and imported after the first paint by the loader
 * in every page's head (src/browser/head-script.js). Astro has no option or hook for this (ADR
 * 037, update of 2026-11-27: what was checked), so the plugin rewrites the one template of its
 * renderer (astro/dist/runtime/server/render/script.js); the build fails if that template
 * changes shape, rather than silently fetching the scripts early again. Small scripts Astro
 * inlines stay inline module scripts (no request).
 */
export const ASTRO_SCRIPT_RENDERER =
  /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]script\.js$/;

/** The two pieces of Astro's template this rewrites, each expected exactly once. */
export const MODULE_SCRIPT_OPEN = '<script type="module" src="';
export const MODULE_SCRIPT_CLOSE = '${resolved}"></script>';

/**
 * Astro's page-script renderer `code` with `<script type="module" src="…">` written as
 * `<template data-page-script="…">`.
 * @throws Error naming `id` when the template no longer has exactly one of each piece.
 */
export function rewriteScriptTemplate(code: string, id: string): string {
  const count = (piece: string) => code.split(piece).length - 1;
  if (count(MODULE_SCRIPT_OPEN) !== 1 || count(MODULE_SCRIPT_CLOSE) !== 1) {
    throw new Error(
      `${id}: Astro's page-script template changed; update integrations/page-scripts-after-first-paint.ts`,
    );
  }
  return code
    .replace(MODULE_SCRIPT_OPEN, `<template ${PAGE_SCRIPT_ATTRIBUTE}="`)
    .replace(MODULE_SCRIPT_CLOSE, '${resolved}"></template>');
}

/** The Vite plugin: rewrites {@link ASTRO_SCRIPT_RENDERER} only, every other module untouched. */
export function pageScriptsAfterFirstPaint(): Plugin {
  return {
    name: 'lagos:page-scripts-after-first-paint',
    transform(code, id) {
      if (!ASTRO_SCRIPT_RENDERER.test(id.split('?')[0] ?? '')) return null;
      return { code: rewriteScriptTemplate(code, id), map: null };
    },
  };
}
