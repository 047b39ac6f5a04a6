import { isKeptPage, isRoadsidePage, SERVICE_WORKER_URL } from '../../../common/config/offline';

/**
 * How long after the load event the service worker is registered (ms; issue 34.5, ADR 099). The
 * load event comes before the islands' files and a visitor's first search (they are fetched
 * after the first paint); the worker's install fetches the offline page and the shell's scripts,
 * which on the phone profile shared the six connections and the bandwidth with the home search's
 * first answer.
 */
export const REGISTER_DELAY_MS = 3000;

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

/**
 * Registers the service worker (issue 22.5, ADR 030) {@link REGISTER_DELAY_MS} after the page has
 * loaded, at an idle moment, so neither its request nor its install competes with the page and
 * its first use (ADR 099); a roadside page at its load. On the visit that installs it, the page was
 * loaded before the worker ran: a business page or article then asks the worker to keep itself
 * and the scripts it loaded (Workbox's `CACHE_URLS` message; they come from the HTTP cache, so
 * this costs a revalidation of the page and no download), so even the first business page a
 * visitor opens works offline afterwards. Does nothing where service workers are unavailable
 * (old browsers, Opera Mini, http:// other than localhost).
 */
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
  const register = () => void start().catch(() => undefined);
  // The roadside screen is kept at once: its visitor may lose the signal any moment (issue 38.6).
  const later = isRoadsidePage(location.pathname)
    ? register
    : () =>
        setTimeout(
          () =>
            'requestIdleCallback' in self
              ? requestIdleCallback(register, { timeout: REGISTER_DELAY_MS })
              : register(),
          REGISTER_DELAY_MS,
        );
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}
