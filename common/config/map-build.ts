import { DEFAULT_MAP_TILE_URL } from './map';

/**
 * The map tile source this build was made with (ADR 021): astro.config.mjs bakes MAP_TILE_URL
 * and MAP_TILE_ATTRIBUTION in (Vite `define`) and allows the tiles' origin in the CSP's img-src,
 * so the pages and their policy always agree. Outside a site build (a unit test) the defaults.
 */
export const MAP_BUILD = {
  tileUrl: typeof __MAP_TILE_URL__ === 'string' ? __MAP_TILE_URL__ : DEFAULT_MAP_TILE_URL,
  /** The tile provider's credit, '' when unset. */
  attribution: typeof __MAP_TILE_ATTRIBUTION__ === 'string' ? __MAP_TILE_ATTRIBUTION__ : '',
} as const;
