import { sendListingEvent } from './beacon.ts';
import { headGlobals, KEPT_TAPS, PAGE_SCRIPTS } from './head-globals.ts';

/**
 * Performs the taps the head script's tap keeper held (src/browser/head-script.js; issue 22.2,
 * ADR 032) once the code they were meant for has
 * run. The header's script (on every page) imports it once the keeper has kept a tap, so a page
 * nobody tapped early does not load it; it takes over the keeper's queue (KEPT_TAPS),
 * and handles what is kept later as it comes.
 *
 * - A click inside an island that had not hydrated is clicked again on the same element once
 *   the island has (`astro:hydrate`, then a task), unless it was on something that works without
 *   script (a link, a form field or label, `<summary>`, a submit or reset button of a form, a
 *   popover or command button): that did its own thing already. If hydration replaced the
 *   element, the element at the same place in the island is clicked.
 * - A kept submit (a script-only form in an island) is requested again, with its submitter,
 *   once the island has hydrated.
 * - Fields changed before their island hydrated get an `input` and a `change` event once it has,
 *   before any kept click or submit of that island runs: Preact hydration keeps the typed value
 *   on screen but the component's state starts from its own default.
 * - A click on a button outside islands, kept while the page scripts were loading, is clicked
 *   again once they are ready (PAGE_SCRIPTS).
 * - A tap on a photo thumbnail's link (kept whenever it comes, ADR 043) opens the full-size
 *   viewer (./photo-viewer.ts, imported then), on that photo among its gallery's, and counts
 *   one photo view of the listing (a beacon); a tap while it loads is the same wish. Should its code not load (offline), the link's photo opens, as
 *   without script.
 * Only the latest kept click or submit per island (or for the page scripts) is performed: a
 * second tap while waiting is the same wish, not a second action.
 */

/** What works without script: its tap has done its native thing and is not replayed. */
const NATIVE =
  'a[href],input,select,textarea,label,summary,option,[contenteditable],[popovertarget],[commandfor]';

/** Resolves a task after the island's `astro:hydrate` (at once if it has hydrated already). */
const hydration = new WeakMap<Element, Promise<void>>();
function whenHydrated(island: Element): Promise<void> {
  let done = hydration.get(island);
  if (!done) {
    done = new Promise<void>((resolve) => {
      if (!island.hasAttribute('ssr')) resolve();
      else island.addEventListener('astro:hydrate', () => resolve(), { once: true });
    }).then(() => new Promise<void>((resolve) => setTimeout(resolve)));
    hydration.set(island, done);
  }
  return done;
}

/** The latest action kept for each island (or the page scripts), performed once it is ready. */
const pending = new Map<EventTarget, () => void>();
function later(key: EventTarget, ready: Promise<unknown>, action: () => void): void {
  if (!pending.has(key)) {
    void ready.then(() =>
      setTimeout(() => {
        const act = pending.get(key);
        pending.delete(key);
        act?.();
      }),
    );
  }
  pending.set(key, action);
}

/** Fields changed before their island hydrated, replayed once it has. */
const changed = new WeakMap<Element, Set<Element>>();
function keepChange(island: Element, field: Element): void {
  let fields = changed.get(island);
  if (!fields) {
    const kept = new Set<Element>();
    changed.set(island, (fields = kept));
    void whenHydrated(island).then(() => {
      for (const f of kept)
        for (const type of ['input', 'change']) f.dispatchEvent(new Event(type, { bubbles: true }));
    });
  }
  fields.add(field);
}

/** Finds `target` again after hydration: itself, or what is at the same place in the island. */
function locator(island: Element, target: Element): () => Element | undefined {
  const path: number[] = [];
  for (let e = target; e !== island && e.parentElement; e = e.parentElement)
    path.unshift([...e.parentElement.children].indexOf(e));
  return () =>
    target.isConnected
      ? target
      : path.reduce<Element | undefined>((e, n) => e?.children[n], island);
}

/**
 * Performs a kept click on `target` as it came: a tap or a mouse click is replayed as the whole
 * sequence a pointer makes (pointerdown, mousedown, pointerup, mouseup, click, at the same
 * point), so a control that acts on mousedown (Radix's tabs) works as well as one that acts on
 * click; a click from the keyboard (`detail` 0) is replayed as a click. Dispatched as events,
 * so any element takes them (an SVG icon inside a button has no `click()`).
 */
function replayClick(target: Element, kept: MouseEvent): void {
  const at = {
    bubbles: true,
    cancelable: true,
    composed: true,
    view: window,
    clientX: kept.clientX,
    clientY: kept.clientY,
    screenX: kept.screenX,
    screenY: kept.screenY,
    button: 0,
  };
  if (kept.detail > 0) {
    const pointer = {
      ...at,
      pointerId: 1,
      isPrimary: true,
      pointerType: (kept as PointerEvent).pointerType || 'mouse',
    };
    target.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, buttons: 1 }));
    target.dispatchEvent(new MouseEvent('mousedown', { ...at, buttons: 1, detail: 1 }));
    target.dispatchEvent(new PointerEvent('pointerup', pointer));
    target.dispatchEvent(new MouseEvent('mouseup', { ...at, detail: 1 }));
  }
  target.dispatchEvent(new PointerEvent('click', { ...at, detail: kept.detail }));
}

/** Set while the viewer's code loads: a second tap meanwhile is the same wish. */
let opening = false;
/**
 * Opens the viewer on `link`'s photo and, once it is open, counts one photo view of the listing
 * whose element (`data-listing-id`) holds the photo (issue 27.1, ADR 041 update): here, with the
 * header's beacon sender this chunk already shares, so neither the business page's first-screen
 * script nor the viewer's chunk (which stays one file with nothing to preload) grows.
 */
function openViewer(link: HTMLAnchorElement): void {
  if (opening) return;
  opening = true;
  const gallery = link.closest<HTMLElement>('.photo-gallery');
  const links = [...(gallery ?? document).querySelectorAll<HTMLAnchorElement>('a[data-viewer]')];
  import('./photo-viewer')
    .then(({ openPhotoViewer }) => {
      openPhotoViewer(links, links.indexOf(link), gallery?.dataset.viewerLabel ?? 'Photos');
      const listing = link.closest<HTMLElement>('[data-listing-id]')?.dataset.listingId;
      if (listing) sendListingEvent(listing, 'photo_view');
    })
    .catch(() => location.assign(link.href))
    .finally(() => {
      opening = false;
    });
}

function keep(event: Event): void {
  const target = event.target as Element | null;
  if (!target?.closest) return;
  const island = target.closest('astro-island');
  const scripts = headGlobals[PAGE_SCRIPTS];
  if (event.type === 'input' || event.type === 'change') {
    if (island) keepChange(island, target);
  } else if (event.type === 'submit') {
    const form = target as HTMLFormElement;
    const submitter = (event as SubmitEvent).submitter;
    if (island) {
      later(island, whenHydrated(island), () => {
        if (form.isConnected)
          form.requestSubmit(
            submitter?.isConnected && submitter.closest('form') === form ? submitter : null,
          );
      });
    }
  } else if (event.type === 'click') {
    if (!island) {
      const thumbnail = target.closest<HTMLAnchorElement>('a[data-viewer]');
      if (thumbnail) {
        openViewer(thumbnail);
        return;
      }
      const button = target.closest('button');
      if (button)
        later(document, scripts ?? Promise.resolve(), () =>
          replayClick(button, event as MouseEvent),
        );
      return;
    }
    if (target.closest(NATIVE)) return;
    const button = target.closest('button');
    if (button && button.form && button.type !== 'button') return;
    const find = locator(island, target);
    later(island, whenHydrated(island), () => {
      const element = find();
      if (element) replayClick(element, event as MouseEvent);
    });
  }
}

const queue = headGlobals[KEPT_TAPS];
if (queue) {
  const kept = queue.splice(0);
  queue.push = (...events: Event[]) => {
    for (const event of events) keep(event);
    return 0;
  };
  for (const event of kept) keep(event);
}

// A module (imported dynamically by the header script), with nothing to export.
export {};
