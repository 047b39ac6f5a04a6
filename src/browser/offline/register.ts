import { isKeptPage, isRoadsidePage, SERVICE_WORKER_URL } from '../../../common/config/offline';

/**
 * Registers the service worker (issue 22.5, ADR 030) once the page has loaded, so neither its
 * request nor its install competes with the page. On the visit that installs it, the page was
 * loaded before the worker ran: a business page or article then asks the worker to keep itself
 * and the scripts it loaded (Workbox's `CACHE_URLS` message; they come from the HTTP cache, so
 * this costs a revalidation of the page and no download), so even the first business page a
 * visitor opens works offline afterwards. Does nothing where service workers are unavailable
 * (old browsers, Opera Mini, http:// other than localhost).
 */
/**
 * The roadside screen's URL to keep offline (issue 38.6): the page's own, or for a list answered
 * to a posted position (private, not kept) the list of the place named nearest it
 * (`data-roadside-keep`), which carries no position.
 */
export function roadsideKeptUrl(): string {
  return (
    document.querySelector<HTMLElement>('[data-roadside-keep]')?.dataset.roadsideKeep ??
    location.pathname + location.search
  );
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const start = async () => {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, {
      scope: '/',
    });
    const roadside = isRoadsidePage(location.pathname);
    if (navigator.serviceWorker.controller || !(isKeptPage(location.pathname) || roadside)) return;
    await navigator.serviceWorker.ready;
    const scripts = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/_astro/'))
      .map((url) => url.pathname);
    registration.active?.postMessage({
      type: 'CACHE_URLS',
      // The roadside screen is kept with its query: the place's list (issue 38.6).
      payload: {
        urlsToCache: [
          roadside ? location.pathname + location.search : location.pathname,
          ...new Set(scripts),
        ],
      },
    });
  };
  const later = () => void start().catch(() => undefined);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}
