/** Baked into the build by astro.config.mjs (Vite `define`): the tile source of every map (ADR 021). */
declare const __MAP_TILE_URL__: string;
/** MAP_TILE_ATTRIBUTION: the tile provider's credit, shown after OpenStreetMap's ('' when unset). */
declare const __MAP_TILE_ATTRIBUTION__: string;

declare namespace App {
  interface Locals {
    /**
     * The API of the host that renders the page (the local server passes its own, whose writes
     * purge its page cache); unset on Netlify and in `astro dev` (src/render/page-api.ts).
     */
    api?: import('../functions/router.ts').ApiFunction;
  }
}
