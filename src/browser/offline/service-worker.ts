/// <reference lib="webworker" />
/**
 * The service worker (`/sw.js`, issue 22.5, ADR 030), bundled with Workbox by the build step
 * (integrations/service-worker.ts), which also fills in {@link __PRECACHE_MANIFEST__}.
 *
 * - **Install**: keeps the site shell: the offline page (which lists the saved businesses), the
 *   icon sprite and the scripts the offline page loads (hashed files come from the HTTP cache,
 *   where the page that registered the worker has just put most of them).
 * - **The saved businesses page**: network first like the pages, kept once opened or once a business is saved
 *   (the Save button asks for it with a `CACHE_URLS` message).
 * - **Business pages and articles**: network first, always: the server's answer (revalidated
 *   with its ETag, so a purge shows at once, ADR 011) is shown and kept; the kept copy only
 *   when the network fails, or has not started answering after {@link PAGE_NETWORK_TIMEOUT_S}
 *   seconds. A page the server answers 404 or 410 (a listing taken down) is forgotten.
 * - **The roadside screen** (`/emergency/`, `/breakdown-recovery/`, any query): network first,
 *   its last public answer kept as one copy (issue 38.6): offline, the last list seen. An
 *   answer for a posted position is `no-store` and never kept.
 * - **Hashed scripts** (`/_astro/…`, immutable): from the cache once fetched, so a kept page
 *   works offline with its islands and the Save button.
 * - **Every other navigation**: the network (with navigation preload, so the service worker's
 *   start-up does not delay it), else the offline page. Nothing else is touched: API calls,
 *   POSTs, images and other hosts' files (map tiles) go to the network as if there were no
 *   service worker.
 * - **What may be kept**: only 200 answers the server marked `public` (what the CDN may keep
 *   for everyone): a signed-in user's answers (/api/…, /account/, admin) never enter a cache,
 *   so there is nothing of one user's for another user of the same browser to read, and
 *   nothing to clear at sign-out (ADR 003, ADR 030).
 * - A page that was open before this worker started (the first visit) asks it to keep that
 *   page and the scripts it loaded (Workbox's `CACHE_URLS` message, src/browser/offline/register.ts).
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  ASSETS_CACHE,
  ASSETS_MAX_ENTRIES,
  isKeptPage,
  isPublicResponse,
  isRoadsidePage,
  OFFLINE_PAGE,
  PAGE_NETWORK_TIMEOUT_S,
  PAGES_CACHE,
  PAGES_MAX_AGE_S,
  PAGES_MAX_ENTRIES,
  ROADSIDE_KEY,
  SAVED_PAGE,
  SHELL_CACHE,
} from '../../../common/config/offline';

declare const self: ServiceWorkerGlobalScope;
/** The shell files and their revisions, written in by the build step. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

/** Our runtime caches; any other `lah-` cache is an older version's and is deleted. */
const OWN_CACHES = new Set([PAGES_CACHE, SHELL_CACHE, ASSETS_CACHE]);

// A new version takes over at once: it only adds and removes cached copies, and pages keep
// working with either version.
void self.skipWaiting();
clientsClaim();
enableNavigationPreload();
precacheAndRoute(__PRECACHE_MANIFEST__);
cleanupOutdatedCaches();

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('lah-') && !OWN_CACHES.has(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

/** Only what the server marked public is kept (see the module's comment). */
const keepIfPublic = (response: Response): Response | null =>
  isPublicResponse(response.status, response.headers.get('cache-control')) ? response : null;

const publicOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => keepIfPublic(response),
};

/** A page is kept once, whatever query string it was opened with (it does not vary on one). */
const pageKey = (request: Request): string => {
  const url = new URL(request.url);
  return `${url.origin}${url.pathname}`;
};

/** How a page is kept in `cacheName`: one copy per path, public answers only. */
const pagePlugin = (cacheName: string): WorkboxPlugin => ({
  cacheKeyWillBeUsed: async ({ request }) => pageKey(request),
  cacheWillUpdate: async ({ request, response }) => {
    // Taken down (suspended, deleted): the old copy must not outlive it offline.
    if (response.status === 404 || response.status === 410) {
      await caches.open(cacheName).then((cache) => cache.delete(pageKey(request)));
    }
    return keepIfPublic(response);
  },
});

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isKeptPage(url.pathname),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_S,
    plugins: [
      pagePlugin(PAGES_CACHE),
      new ExpirationPlugin({
        maxEntries: PAGES_MAX_ENTRIES,
        maxAgeSeconds: PAGES_MAX_AGE_S,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// The roadside screen: network first, its last public answer kept under one key (issue 38.6).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isRoadsidePage(url.pathname),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_S,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => `${new URL(request.url).origin}${ROADSIDE_KEY}`,
        cacheWillUpdate: async ({ response }) => keepIfPublic(response),
      },
    ],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === SAVED_PAGE,
  new NetworkFirst({
    cacheName: SHELL_CACHE,
    networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_S,
    plugins: [pagePlugin(SHELL_CACHE)],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_astro/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [
      publicOnly,
      new ExpirationPlugin({ maxEntries: ASSETS_MAX_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
);

// Every other page: the network, answered through navigation preload.
registerRoute(new NavigationRoute(new NetworkOnly()));

// A navigation with no network and no kept copy gets the offline page; anything else fails as
// it would without a service worker.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate' || request.destination === 'document') {
    const page = await matchPrecache(OFFLINE_PAGE);
    if (page) return page;
  }
  return Response.error();
});
