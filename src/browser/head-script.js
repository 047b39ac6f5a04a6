// @ts-check
/**
 * The one classic inline script of every page, first in `<head>` (BaseLayout), before any
 * module: Zod's config, the page-script loader and the tap keeper. It is built into one
 * minified script (common/config/head-script.ts, esbuild) whose sha256 goes into script-src (ADR
 * 015); the names it sets come from ./head-globals.ts, which the code that reads them imports.
 * Kept small: it is inline in every page, inside the first round trip of the document.
 */
import {
  FIRST_PAINT,
  headGlobals as globals,
  KEPT_TAPS,
  PAGE_SCRIPTS,
  PAGE_SCRIPT_ATTRIBUTE,
  ZOD_GLOBAL_CONFIG,
} from './head-globals.ts';

const root = document.documentElement;

/*
 * Save-Data (issue 26.4, ADR 043): a visitor whose browser asks to save data gets the smallest
 * photo variants only (`html[data-save-data]`; the CSS of cards and the gallery shows those and
 * hides the others, which lazy images then never fetch). Set here, before the body is parsed, so
 * it holds for the first images; decided in the browser, so cached pages stay one per URL.
 */
if (/** @type {{ connection?: { saveData?: boolean } }} */ (navigator).connection?.saveData)
  root.dataset.saveData = '';

/*
 * Zod 4 probes `new Function('')` once to choose its compiled parsers; under our policy the
 * probe is refused and Chromium reports a violation for it (caught, but reported). Its global
 * config set to `jitless` before any module runs: the same validation, without the probe.
 */
globals[ZOD_GLOBAL_CONFIG] = { jitless: true };

/*
 * The page-script loader (ADR 027). Page scripts (Astro's processed `<script>`s: the header's
 * session links, the share button, the map loader, "Open now") are written as
 * `<template data-page-script="/_astro/….js">` (integrations/page-scripts-after-first-paint.ts);
 * this imports each of them once the document is parsed and has painted for the first time, so
 * none competes with the first paint or counts towards FCP and LCP. Browsers without paint
 * timing import them at DOMContentLoaded, as a deferred module script would run. When every
 * import has settled, `<html data-page-scripts="ready">` says so (end-to-end tests wait for it
 * before clicking what a page script wires up); PAGE_SCRIPTS settles then too, for the tap
 * replay (src/browser/tap-replay.ts). FIRST_PAINT resolves at the first paint alone, for the
 * islands' `client:painted` directive (src/browser/client-painted.ts): an island is whole once
 * its own markup is parsed, so it need not wait for the rest of the document (ADR 032; on the
 * phone profile the home page's DOMContentLoaded came 0.3–0.6 s after its first paint).
 * The first paint is known when its entry is in the performance timeline: looked for at each
 * animation frame, as well as observed, because Chromium delivers the observer's callback in a
 * task of its own that waits behind the layout of a long page (on the phone profile with another
 * browser beside it, 0.2–0.5 s after the entry was there; issue 34.5, ADR 095).
 */
/** @type {Promise<void>} */
const parsed = new Promise((resolve) =>
  document.readyState === 'loading'
    ? addEventListener('DOMContentLoaded', () => resolve())
    : resolve(),
);
/** @type {Promise<void>} */
const painted = self.PerformanceObserver?.supportedEntryTypes?.includes('paint')
  ? new Promise((resolve) => {
      new PerformanceObserver((_list, observer) => {
        observer.disconnect();
        resolve();
      }).observe({ type: 'paint', buffered: true });
      const poll = () =>
        performance.getEntriesByType('paint').length ? resolve() : requestAnimationFrame(poll);
      requestAnimationFrame(poll);
    })
  : parsed;
globals[FIRST_PAINT] = painted;
globals[PAGE_SCRIPTS] = Promise.all([parsed, painted])
  .then(() =>
    Promise.allSettled(
      [...document.querySelectorAll(`template[${PAGE_SCRIPT_ATTRIBUTE}]`)].map(
        (template) => import(`${template.getAttribute(PAGE_SCRIPT_ATTRIBUTE)}`),
      ),
    ),
  )
  .then(() => {
    root.dataset.pageScripts = 'ready';
  });

/*
 * No tap is lost (issue 22.2, ADR 032): the tap keeper. Between the first paint and the moment
 * its code has run, a control drawn by the server looks ready but nothing listens to it: an
 * island before it hydrates, a button a page script wires up before that script is imported.
 * From the first byte of the page, this keeps what such a control was asked to do, in
 * KEPT_TAPS, for src/browser/tap-replay.ts (a page script, on every page through the header) to
 * perform once the code is there. It only keeps and, where the browser would do the wrong thing
 * meanwhile, cancels; everything else is tap-replay.ts's:
 * - clicks inside an island that has not hydrated (`astro-island[ssr]`), untouched (nothing
 *   listens yet; a link or a form field inside does its native thing);
 * - a submit, inside such an island, of a form that says nowhere where it goes (no `method`, no
 *   `action`: a script-only form such as a search box): cancelled, or the page would reload
 *   with the fields in its URL. A form with `method="post"` posts natively, untouched;
 * - `input` and `change` of fields inside such an island (the island's state starts empty,
 *   while the screen shows what was typed);
 * - before the page scripts are ready (`data-page-scripts`), clicks on a `type="button"`
 *   outside islands (a hydrated island's buttons are its own) that is no popover or (where the
 *   browser has invoker commands) command button: cancelled and stopped, so a script already
 *   running does not see it twice;
 * - a click (a tap, or Enter; not Ctrl or ⌘-click, which open a tab) on a photo thumbnail's link
 *   (`a[data-viewer]`, ADR 043), whenever it comes: cancelled and stopped. The tap replay
 *   opens the full-size viewer for it, so the page carries no code of its own for it and the
 *   first tap opens the viewer even before the page scripts have arrived.
 */
/** @type {Event[]} */
const kept = (globals[KEPT_TAPS] = []);
/**
 * @param {EventTarget | null} target
 * @returns {target is Element}
 */
const isElement = (target) => target instanceof Element;
/**
 * Inside an island that has not hydrated yet.
 * @param {EventTarget | null} target
 */
const inServerIsland = (target) => isElement(target) && !!target.closest('astro-island[ssr]');

addEventListener(
  'click',
  (event) => {
    const target = event.target;
    if (!isElement(target)) return;
    const button = target.closest('button');
    const mouse = /** @type {MouseEvent} */ (event);
    if (inServerIsland(target)) kept.push(event);
    else if (
      (target.closest('[data-viewer]') && !(mouse.metaKey || mouse.ctrlKey)) ||
      (button?.type === 'button' &&
        !target.closest('astro-island') &&
        !button.hasAttribute('popovertarget') &&
        !(button.hasAttribute('commandfor') && 'command' in button) &&
        !root.dataset.pageScripts)
    ) {
      event.preventDefault();
      event.stopImmediatePropagation();
      kept.push(event);
    }
  },
  true,
);
addEventListener(
  'submit',
  (event) => {
    const form = event.target;
    if (!isElement(form)) return;
    if (inServerIsland(form) && !form.hasAttribute('method') && !form.hasAttribute('action')) {
      event.preventDefault();
      kept.push(event);
    }
  },
  true,
);
for (const type of ['input', 'change'])
  addEventListener(
    type,
    (event) => {
      if (inServerIsland(event.target)) kept.push(event);
    },
    true,
  );
