import type { ClientDirective } from 'astro';
import { FIRST_PAINT, headGlobals } from './head-globals.ts';

/**
 * `client:painted` (registered by integrations/client-painted.ts; ADR 027, ADR 032): hydrates an island once
 * the page has painted for the first time, never before (an island requested earlier competes
 * with the first paint, and Lighthouse counts its requests against FCP and LCP: issue 13.2).
 * Then:
 * - an island in the first screen hydrates at once (issue 22: the home search waited for an idle
 *   period, 2.2–2.7 s after FCP on the phone profile);
 * - `client:painted` below the first screen hydrates when the page is idle a second after the first
 *   screen's islands have hydrated (its code is fetched at the first paint, whatever its place),
 *   or at once if it is scrolled into view before;
 * - `client:painted="visible"` below the first screen hydrates when it comes within a screen of
 *   the viewport (a swipe away, so its code is there when it is reached): near at the first
 *   paint, when the page is idle after the first screen's islands or when it is scrolled into
 *   view, whichever comes first;
 *   scrolled near later, at once. Not at all if it never comes near: no
 *   bytes for what nobody scrolls to;
 * - any of them hydrates at once on the first interaction with it: a finger or pointer down on
 *   it, focus, a key, a click (capture phase on the island, passive). The head script's tap
 *   keeper holds a click or a script-only submit that came before, and src/browser/tap-replay.ts
 *   performs it once the island has hydrated.
 * The moment of the first paint comes from the head script's page-script loader
 * (FIRST_PAINT, src/browser/head-script.js); without it the island starts at once.
 * "In the first screen" is the first IntersectionObserver callback: no forced layout. This code
 * is inlined into every page with such an island (by Astro), so it is kept small.
 */
/**
 * First-screen islands still on their way (ADR 090): an island below the first screen starts at
 * idle only once they have hydrated, so its code does not share the first screen's six
 * connections and its bandwidth (the home page's featured list: 16 files beside the search's 10).
 */
let firstScreenPending = 0;
/**
 * How long after the first screen's islands hydrated one below it waits before its idle start
 * (ADR 091): a visitor who searches at once gets the results' render without the featured
 * list's hydration beside it (0.1 s of the home search's first use on the phone profile). A tap
 * or a scroll to it starts it at once.
 */
const BELOW_DELAY_MS = 1000;
const afterFirstScreen: (() => void)[] = [];
/** Files already asked for by an island of this page. */
const preloaded = new Set<string>();

/**
 * Requests every file the island's code and its renderer import (`data-preload`, names relative
 * to its `component-url`; integrations/island-preload.ts, ADR 095) with the island's own file:
 * otherwise the browser asks for them only once that file has arrived and the main thread,
 * still laying out the page, has parsed it.
 */
const preload = (el: HTMLElement) => {
  const from = new URL(el.getAttribute('component-url') ?? '', location.href);
  for (const name of el.dataset.preload?.split(' ') ?? []) {
    const href = new URL(name, from).href;
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
};

const painted: ClientDirective = (load, options, el) => {
  let loading: ReturnType<typeof load> | undefined;
  // The island's own files first (Astro's load() imports them at once), then what they import.
  const fetchCode = () => {
    if (!loading) {
      loading = load();
      preload(el);
    }
    return loading;
  };
  let started = false;
  const start = (firstScreen = false) => {
    if (started) return;
    started = true;
    if (firstScreen) firstScreenPending += 1;
    void fetchCode()
      .then((hydrate) => hydrate())
      .finally(() => {
        if (!firstScreen || --firstScreenPending > 0) return;
        for (const run of afterFirstScreen.splice(0)) run();
      });
  };
  const idle = () => {
    const later = () =>
      setTimeout(
        () =>
          'requestIdleCallback' in self ? requestIdleCallback(() => start()) : setTimeout(start),
        BELOW_DELAY_MS,
      );
    if (firstScreenPending > 0) afterFirstScreen.push(later);
    else later();
  };
  for (const type of ['pointerdown', 'focusin', 'keydown', 'click'])
    el.addEventListener(type, () => start(), { capture: true, once: true, passive: true });

  const firstPaint = headGlobals[FIRST_PAINT];
  void (firstPaint ?? Promise.resolve()).then(() => {
    if (started) return;
    // Hydrated at idle at the latest: its code is fetched now, before the observer has said
    // where it is (a frame, or a long task, later).
    if (options.value !== 'visible') void fetchCode();
    if (el.children.length === 0) {
      idle();
      return;
    }
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.some((entry) => entry.isIntersecting);
        const onScreen = entries.some(
          (entry) => entry.isIntersecting && entry.boundingClientRect.top < innerHeight,
        );
        // At the first paint: the first screen now, the rest after it (idle); later, an island
        // scrolled near starts at once.
        if (first ? onScreen : near) start(first);
        else if (first && (near || options.value !== 'visible')) {
          idle();
          // Until the page is idle, reaching the island starts it at once.
          const reached = new IntersectionObserver((seen) => {
            if (!seen.some((entry) => entry.isIntersecting)) return;
            reached.disconnect();
            start();
          });
          for (const child of el.children) reached.observe(child);
        } else {
          first = false;
          return;
        }
        observer.disconnect();
      },
      // One screen below the viewport counts as near.
      { rootMargin: '0px 0px 100% 0px' },
    );
    for (const child of el.children) observer.observe(child);
  });
};

export default painted;
