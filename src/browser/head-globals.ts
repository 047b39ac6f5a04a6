/**
 * The names the head script (src/browser/head-script.js, inline first in every page's head) shares
 * with the code that reads what it sets, one constant each (issue 25.3). Plain strings, no
 * imports: the head script's build inlines them, and browser modules (the `client:painted`
 * directive, the header script, the tap replay) import them without pulling in anything else.
 */

/** Zod 4's own global config (`{ jitless: true }`: no `new Function` probe under the CSP, ADR 015). */
export const ZOD_GLOBAL_CONFIG = '__zod_globalConfig';

/** `Promise<void>`, settled at the first paint (or DOMContentLoaded without paint timing). */
export const FIRST_PAINT = '__lagos_painted';

/** `Promise<void>`, settled once every page script has been imported (settled, not necessarily ok). */
export const PAGE_SCRIPTS = '__lagos_scripts';

/** `Event[]`: the taps the tap keeper held before their code ran (ADR 032). */
export const KEPT_TAPS = '__lagos_taps';

/**
 * The attribute of `<template data-page-script="/_astro/….js">` that stands for a page script
 * (integrations/page-scripts-after-first-paint.ts writes it, the head script imports its URL).
 */
export const PAGE_SCRIPT_ATTRIBUTE = 'data-page-script';

/** What the head script sets on `self`, by the names above (all absent before it has run). */
export interface HeadGlobals {
  [ZOD_GLOBAL_CONFIG]?: { jitless: boolean };
  [FIRST_PAINT]?: Promise<void>;
  [PAGE_SCRIPTS]?: Promise<void>;
  [KEPT_TAPS]?: Event[];
}

/** The global object (`self` in a page), typed with what the head script set on it. */
export const headGlobals = globalThis as unknown as HeadGlobals;
