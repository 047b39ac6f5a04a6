import type { PublicBusiness } from './listing';

/**
 * Near-me answers (issue 16.5, ADR 020) as the browser reads them. No Zod here: the public
 * category island imports this module (issue 13.2); the request schema is in `nearby.ts`.
 */

/** Shown when a near-me position lies outside Lagos (422 on `lat`). */
export const OUTSIDE_LAGOS_MESSAGE = 'Near me works for places in and around Lagos.';

/**
 * A listing with its distance from the visitor in km (rounded to 0.1). `distance_from_area` is
 * true when the listing has no public position (no coordinates, or contact details for
 * registered users only) and the distance is to the centre of its area instead.
 */
export type NearbyBusiness = PublicBusiness & {
  distance_km: number;
  distance_from_area: boolean;
};

/** One page of listings nearest first; `nextCursor` is null on the last page. */
export interface NearbyPage {
  businesses: NearbyBusiness[];
  nextCursor: string | null;
}

/** "1.2 km away", or "About 3.4 km away (area centre)" for a distance to the area's centre. */
export function distanceLabel(km: number, fromArea: boolean): string {
  const text = `${km.toFixed(1)} km away`;
  return fromArea ? `About ${text} (area centre)` : text;
}
