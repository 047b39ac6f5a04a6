import { MAP_POINTS_EVENT, type MapPointsDetail, toMapPoints } from '../../../common/config/map';

type Listing = Parameters<typeof toMapPoints>[0][number];

/**
 * Tells the page's listing map (`ListingMap.astro` with `open="button"`) which listings the list
 * now shows, so its Map view follows a typed search and the live refresh (issue 16.6, ADR 021
 * update): the map itself loads only when opened. Nothing happens on a page without one.
 */
export function publishMapPoints(businesses: readonly Listing[]): void {
  const root = document.querySelector<HTMLElement>('.listing-map[data-open="button"]');
  if (!root) return;
  const detail: MapPointsDetail = { points: toMapPoints(businesses), listed: businesses.length };
  root.dispatchEvent(new CustomEvent(MAP_POINTS_EVENT, { detail }));
}
