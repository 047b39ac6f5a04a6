import type { AstroIntegration } from 'astro';

/**
 * `client:painted` (ADR 027, ADR 032, ADR 037): hydrate after the first paint: at once in the
 * first screen, else when idle or near the viewport, and at once on the first interaction
 * (src/browser/client-painted.ts). Astro bundles the directive with esbuild, inlines it in
 * each page with such an island and hashes that inline script into the CSP like its own.
 */
export const CLIENT_PAINTED_ENTRYPOINT = './src/browser/client-painted.ts';

/** The integration registering the directive under the name `painted`. */
export function afterFirstPaintDirective(): AstroIntegration {
  return {
    name: 'lagos:client-painted',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'painted', entrypoint: CLIENT_PAINTED_ENTRYPOINT });
      },
    },
  };
}
