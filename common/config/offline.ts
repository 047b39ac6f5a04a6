/**
 * Offline and data-light (issue 22.5, ADR 030): what the service worker keeps, under which names,
 * and where the pages it falls back on live. Plain data and pure functions shared by the service
 * worker (src/browser/offline/service-worker.ts), the page that registers it, the offline page
 * and the build step that writes `/sw.js` (integrations/service-worker.ts).
 */

/** URL of the service worker (scope `/`): written into the build's client folder. */
export const SERVICE_WORKER_URL = '/sw.js';

/** The page a navigation falls back on when the network fails and nothing is cached for it. */
export const OFFLINE_PAGE = '/offline/';

/** The saved businesses (kept in this browser, no account); works offline. */
export const SAVED_PAGE = '/saved/';

/**
 * The static files the service worker keeps from its install on (besides the scripts the pages
 * load): the offline page, which also lists the saved businesses, and the icon sprite every page
 * uses. /saved/ is kept when it is opened or a business is saved, not at install: most visitors
 * never save one, and the install is part of a first visit's data (ADR 030).
 */
export const SHELL_FILES = [OFFLINE_PAGE, '/icons.svg'] as const;

/**
 * Cache names. `PAGES_CACHE` holds the business pages and articles a visitor opened (network
 * first, the copy only when the network fails), and nothing else (the offline page lists it);
 * `SHELL_CACHE` /saved/, the same way; `ASSETS_CACHE` the hashed scripts those pages load
 * (`/_astro/…`, immutable). A new version of a name (`-v2`) starts empty.
 */
export const PAGES_CACHE = 'lah-pages-v1';
export const SHELL_CACHE = 'lah-shell-v1';
export const ASSETS_CACHE = 'lah-assets-v1';

/** How many pages and scripts are kept (the least recently used go first) and for how long. */
export const PAGES_MAX_ENTRIES = 60;
export const ASSETS_MAX_ENTRIES = 120;
export const PAGES_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * How long a page request may go unanswered before the copy from an earlier visit is shown
 * instead (the request goes on and refreshes the copy). A page of this site answers in well
 * under a second on a phone's 1.6 Mbps and 150 ms; a network that has not started answering
 * after this long is a lost signal, not a slow page (ADR 030).
 */
export const PAGE_NETWORK_TIMEOUT_S = 8;

/**
 * Whether `pathname` is a page the service worker keeps once opened: a business page
 * (`/business/{slug}/`) or an article (`/articles/{slug}/`, not the list's numbered pages).
 */
export function isKeptPage(pathname: string): boolean {
  return /^\/business\/[^/]+\/$/.test(pathname) || /^\/articles\/(?!page\/)[^/]+\/$/.test(pathname);
}

/**
 * The roadside screen (issue 38.6, ADR 082): `/emergency/` and `/breakdown-recovery/` are one
 * screen, kept as one copy whatever its query (`?near=`): the last list seen, so a second visit
 * with no signal still shows the numbers to call. A list answered for a posted position is
 * private (`no-store`) and never kept; the page then asks for its named place's list instead.
 */
export const ROADSIDE_PAGES = ['/emergency/', '/breakdown-recovery/'] as const;

/** The one cache key of the roadside screen's kept copy. */
export const ROADSIDE_KEY = ROADSIDE_PAGES[0];

/** Whether `pathname` is the roadside screen. */
export function isRoadsidePage(pathname: string): boolean {
  return (ROADSIDE_PAGES as readonly string[]).includes(pathname);
}

/**
 * Whether a response may be kept in the browser's caches: a full 200 answer that the server
 * marked `public` (what a shared cache such as the CDN may keep for everyone) and not `no-store`
 * or `private`. Public pages and hashed assets are; answers with a signed-in user's data (the API,
 * /account/, admin) are not, so nothing the service worker keeps belongs to one user (ADR 003).
 */
export function isPublicResponse(status: number, cacheControl: string | null): boolean {
  if (status !== 200 || !cacheControl) return false;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim().split('=')[0]);
  return (
    directives.includes('public') &&
    !directives.includes('no-store') &&
    !directives.includes('private')
  );
}
