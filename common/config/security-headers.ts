import { HEAD_SCRIPT, HEAD_SCRIPT_HASH } from './head-script.ts';

/**
 * The security headers of every response (issue 12.9, ADR 015), in one place: the local server
 * applies them (server/local-server.ts), the Netlify build writes the same set into its output,
 * and astro.config.mjs hands the CSP directives to Astro, which adds the script and style
 * hashes of each page. Plain data and two small functions: importable from a build script.
 *
 * Content-Security-Policy:
 * - `script-src 'self'` plus the sha256 hashes Astro computes for its own inline scripts (island
 *   hydration, page scripts): never `'unsafe-inline'`, so an injected `<script>` or a
 *   `javascript:` link does not run.
 * - `style-src 'self' 'unsafe-inline'`: pages inline their CSS (astro.config `inlineStylesheets`),
 *   React renders `style` attributes and the toast library injects a `<style>` element; styles
 *   cannot run code. Astro drops its style hashes when `'unsafe-inline'` is listed (hashes would
 *   switch `'unsafe-inline'` off in the browser).
 * - everything else from our own origin; images also `data:` and `blob:` (promo downloads);
 *   no plugins, no framing, forms post to us only.
 */

/** img-src of every response: our own images, data: and blob: (promo downloads). */
const IMG_SOURCES = ["'self'", 'data:', 'blob:'] as const;

/** The CSP directives besides script-src and style-src (Astro's `security.csp.directives`). */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
  `img-src ${IMG_SOURCES.join(' ')}`,
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
] as const;

/**
 * {@link CSP_DIRECTIVES} for the pages Astro renders, with `imgSources` added to img-src: the map
 * tiles' origin (ADR 021; astro.config.mjs derives it from the build's MAP_TILE_URL).
 * `cspDirectives({ imgSources: ['https://tile.openstreetmap.org'] })` →
 * `[..., "img-src 'self' data: blob: https://tile.openstreetmap.org", ...]`.
 */
export function cspDirectives(options: {
  imgSources: readonly string[];
}): ((typeof CSP_DIRECTIVES)[number] | `img-src ${string}`)[] {
  const img = ['img-src', ...IMG_SOURCES, ...options.imgSources].join(' ');
  return CSP_DIRECTIVES.map((directive) =>
    directive.startsWith('img-src ') ? (img as `img-src ${string}`) : directive,
  );
}

/** script-src sources; Astro appends the hashes of each page's inline scripts. */
export const CSP_SCRIPT_RESOURCES = ["'self'"] as const;

/**
 * The head script (src/browser/head-script.js: Zod's config, the page-script loader, the tap
 * keeper) and its `sha256-…` source, built from the file (common/config/head-script.ts).
 */
export { HEAD_SCRIPT, HEAD_SCRIPT_HASH };

/** Hashes of our own inline scripts that Astro does not compute itself. */
export const CSP_SCRIPT_HASHES = [HEAD_SCRIPT_HASH] as const;

/** style-src sources (see above for why inline styles are allowed). */
export const CSP_STYLE_RESOURCES = ["'self'", "'unsafe-inline'"] as const;

/**
 * The policy of responses Astro writes none for (API JSON, static files, the server's own error
 * pages): the same directives, with no inline script at all.
 */
export const DEFAULT_CSP = [
  ...CSP_DIRECTIVES,
  `script-src ${[...CSP_SCRIPT_RESOURCES, ...CSP_SCRIPT_HASHES.map((hash) => `'${hash}'`)].join(' ')}`,
  `style-src ${CSP_STYLE_RESOURCES.join(' ')}`,
].join('; ');

/**
 * Powerful browser features we do not use are switched off for every origin. Geolocation stays
 * available to our own pages (the planned "near me" search); clipboard and Web Share (copy
 * buttons, promo pages) keep their default, our origin only.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** HSTS for responses served over https: one year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The headers every response carries, whatever its type (CSP and HSTS come separately). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  // frame-ancestors 'none' for browsers that predate it.
  'x-frame-options': 'DENY',
};

/**
 * Every security header of one response as name → value: {@link SECURITY_HEADERS}, the
 * {@link DEFAULT_CSP} (callers keep a page's own CSP from Astro instead, see
 * {@link applySecurityHeaders}) and HSTS when served over https.
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    ...SECURITY_HEADERS,
    'content-security-policy': DEFAULT_CSP,
    ...(options.https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/**
 * Sets the security headers on `headers` in place: a CSP already there (Astro's, with the page's
 * script hashes) is kept; everything else is set.
 */
export function applySecurityHeaders(headers: Headers, options: { https: boolean }): Headers {
  for (const [name, value] of Object.entries(securityHeaders(options))) {
    if (name === 'content-security-policy' && headers.has(name)) continue;
    headers.set(name, value);
  }
  return headers;
}

/**
 * The CSP of Netlify's static files (`_headers`, netlify/headers.ts, ADR 017): only the
 * directives that restrict no script, because a static page's full policy, with its script
 * hashes, comes from Astro through the adapter's per-route static headers, and a browser enforces
 * every policy it receives: a second policy with `script-src` but without those hashes would
 * block the page's own inline scripts.
 */
export const STATIC_FILES_CSP = [
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The headers of every static file Netlify serves from its CDN (`_headers` for `/*`):
 * {@link SECURITY_HEADERS}, HSTS (always https there) and {@link STATIC_FILES_CSP}.
 */
export function staticFileHeaders(): Record<string, string> {
  return {
    ...SECURITY_HEADERS,
    'content-security-policy': STATIC_FILES_CSP,
    'strict-transport-security': STRICT_TRANSPORT_SECURITY,
  };
}
