/**
 * Maps (issue 16.6, ADR 021): the tile source and what a map marker carries. Plain data and
 * small pure functions with no dependency: astro.config.mjs (the CSP's img-src), the env schema
 * (functions/_lib/env.ts), the local server's build hash and the pages all import it.
 */

/**
 * OpenStreetMap's standard tiles, used within their tile policy
 * (https://operations.osmfoundation.org/policies/tiles/): the attribution always visible, tiles
 * only for what a visitor looks at (no prefetching, no bulk download), the browser's own
 * Referer (Referrer-Policy strict-origin-when-cross-origin sends our origin).
 */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The attribution every map shows: the tiles and the data are OpenStreetMap's (ODbL). */
export const MAP_ATTRIBUTION = {
  text: '© OpenStreetMap contributors',
  url: 'https://www.openstreetmap.org/copyright',
} as const;

/** Highest zoom the map allows (OSM's standard tiles go to 19). */
export const MAP_MAX_ZOOM = 19;

/**
 * Why a tile URL template is refused, or null when it is usable: an http(s) URL (no user or
 * password) whose path or host holds `{z}`, `{x}` and `{y}`; `{s}` (subdomain) and `{r}`
 * (retina suffix) are allowed as Leaflet reads them.
 */
export function tileUrlProblem(template: string): string | null {
  for (const part of ['{z}', '{x}', '{y}']) {
    if (!template.includes(part)) return `must contain ${part} (e.g. ${DEFAULT_MAP_TILE_URL})`;
  }
  let url: URL;
  try {
    url = new URL(template.replaceAll('{s}', 'a'));
  } catch {
    return 'must be an http(s) URL template';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (url.username || url.password) return 'must not contain a user name or password';
  return null;
}

/**
 * The CSP source of a tile URL template for img-src: its origin, with a `{s}` subdomain as a
 * wildcard. `tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')` →
 * `'https://*.tile.example.org'`.
 * @throws Error when {@link tileUrlProblem} finds a problem.
 */
export function tileOrigin(template: string): string {
  const problem = tileUrlProblem(template);
  if (problem) throw new Error(`MAP_TILE_URL ${problem}`);
  const wildcard = template.includes('{s}.');
  const url = new URL(template.replaceAll('{s}', 'a'));
  return wildcard ? `${url.protocol}//*.${url.host.slice(2)}` : url.origin;
}

/** The tile URL template of a build: MAP_TILE_URL when set (non-empty), else OSM's. */
export function mapTileUrlFrom(source: Record<string, string | undefined>): string {
  return source.MAP_TILE_URL || DEFAULT_MAP_TILE_URL;
}

/** One listing on a map: what a marker needs (coordinates in WGS84 degrees). */
export interface MapPoint {
  name: string;
  slug: string;
  lat: number;
  lng: number;
  /** The listing's business type (SPEC §3), shown with the name. */
  category: string;
}

/**
 * The map points of listings: only those with a slug and both coordinates (a protected listing
 * has none in its public view, ADR 003), in their order.
 */
export function toMapPoints(
  businesses: readonly {
    business_name: string;
    slug: string | null;
    latitude: number | null;
    longitude: number | null;
    business_type: string;
  }[],
): MapPoint[] {
  return businesses.flatMap((b) =>
    b.slug && b.latitude !== null && b.longitude !== null
      ? [
          {
            name: b.business_name,
            slug: b.slug,
            lat: b.latitude,
            lng: b.longitude,
            category: b.business_type,
          },
        ]
      : [],
  );
}

/**
 * The line under a listing map for the shown listings without a location (protected or not
 * placed), or '' when every one is on the map.
 */
export function mapMissingText(missing: number): string {
  if (missing <= 0) return '';
  return missing === 1
    ? '1 business on this page has no location yet, so it is only in the list.'
    : `${missing} businesses on this page have no location yet, so they are only in the list.`;
}

/**
 * The event a category page's list sends to its map (`.listing-map[data-open="button"]`)
 * whenever the listings it shows change (a typed search, the area, the live refresh): the map
 * shows those listings' points (issue 16.6, ADR 021 update).
 */
export const MAP_POINTS_EVENT = 'listing-map:points';

export interface MapPointsDetail {
  points: MapPoint[];
  /** How many listings the list shows (points plus those without a location). */
  listed: number;
}
