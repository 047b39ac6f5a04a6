import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate after the first paint, when idle or (`"visible"`) in view
     * (src/browser/client-painted.ts, ADR 027).
     */
    'client:painted'?: boolean | 'visible';
  }
}
