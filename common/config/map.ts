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
 * Zoom of a business page's map and of its preview tile: street level (a 256 px tile is about
 * 600 m across in Lagos).
 */
export const PLACE_ZOOM = 16;

/** Side of a map tile in pixels. */
export const TILE_SIZE = 256;

/** One tile of a tile URL template and where a point falls in it. */
export interface PreviewTile {
  /** The tile's URL: `{z}/{x}/{y}` filled in, `{s}` as `a`, `{r}` (retina suffix) empty. */
  url: string;
  /** The point in the tile, in pixels from its top left corner (0 ≤ x, y < {@link TILE_SIZE}). */
  x: number;
  y: number;
}

/**
 * The tile of `template` at `zoom` that holds the point (Web Mercator, as OpenStreetMap and
 * Leaflet number them), for a business page's static preview (issue 22.4, ADR 030).
 * `previewTile(t, { lat: 6.508, lng: 3.3717 }, 16)` → the URL of `16/33381/31580` with the
 * point at (205, 179).
 */
export function previewTile(
  template: string,
  point: { lat: number; lng: number },
  zoom = PLACE_ZOOM,
): PreviewTile {
  const n = 2 ** zoom;
  const lat = (Math.max(-85.0511, Math.min(85.0511, point.lat)) * Math.PI) / 180;
  const fx = ((point.lng + 180) / 360) * n;
  const fy = ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n;
  const tx = Math.min(n - 1, Math.max(0, Math.floor(fx)));
  const ty = Math.min(n - 1, Math.max(0, Math.floor(fy)));
  const url = template
    .replaceAll('{z}', String(zoom))
    .replaceAll('{x}', String(tx))
    .replaceAll('{y}', String(ty))
    .replaceAll('{s}', 'a')
    .replaceAll('{r}', '');
  return {
    url,
    x: Math.min(TILE_SIZE - 1, Math.round((fx - tx) * TILE_SIZE)),
    y: Math.min(TILE_SIZE - 1, Math.round((fy - ty) * TILE_SIZE)),
  };
}

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
