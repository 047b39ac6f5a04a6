import netlify from '@astrojs/netlify';
import type { AstroIntegration } from 'astro';

/**
 * What goes into the Netlify SSR function besides what the file tracer finds (ADR 017, 037):
 * the function talks to Postgres (DATABASE_URL), so local data, tests, seed content, the embedded
 * database engine and test tooling never belong in it (the tracer would otherwise pull them in);
 * nor does the photo pipeline (sharp, libheif): it runs in a function of its own, to which the SSR
 * function posts uploads (functions/photos/photo-processor.ts, ADR 056); the Inter fonts are read
 * at run time with require.resolve (src/render/brand-images.tsx: Open Graph images), which the
 * tracer cannot see. netlify/plugins/function-bundles checks the zip against both lists.
 */
export const NETLIFY_FUNCTION_FILES = {
  excludeFiles: [
    './.data/**',
    './tests/**',
    './content/**',
    './node_modules/.cache/**',
    './node_modules/@electric-sql/**',
    // The photo pipeline runs in netlify/functions/photo-processing.mts (ADR 056).
    './node_modules/sharp/**',
    './node_modules/@img/**',
    './node_modules/heic-decode/**',
    './node_modules/libheif-js/**',
    // Test tooling the tracer drags in: Chromium drives only tests.
    './node_modules/playwright/**',
    './node_modules/playwright-core/**',
    './node_modules/@playwright/**',
    './node_modules/@axe-core/**',
    './node_modules/lighthouse/**',
    './node_modules/vnu-jar/**',
  ],
  includeFiles: [
    './node_modules/@fontsource/inter/files/inter-latin-400-normal.woff',
    './node_modules/@fontsource/inter/files/inter-latin-700-normal.woff',
  ],
};

/** The Netlify adapter as this site uses it (a build on Netlify or with netlify-cli, ADR 017). */
export function netlifyAdapter(): AstroIntegration {
  return netlify({
    // Dev would otherwise try to download Deno for edge functions (measured, DESIGN.md).
    devFeatures: { edgeFunctions: false, environmentVariables: false, images: true },
    // Each pre-rendered page's CSP (with its script hashes) as a per-route header of the
    // Frameworks API config, beside the _headers of common/config/security-headers.ts (ADR 015).
    staticHeaders: true,
    ...NETLIFY_FUNCTION_FILES,
  });
}
