/**
 * The security headers of every response (issue 12.9), in one place for every host: the
 * on-demand pages and the API through Astro's middleware (`src/middleware.ts`: the local server and
 * the Netlify function alike), and Netlify's static files through the `_headers` file written at
 * build time from this module (`netlify/headers.ts`, ADR 017). Change a value here and every host
 * follows.
 *
 * The Content-Security-Policy here holds the directives only a header can carry
 * (`frame-ancestors`) and those that need no per-page hashes; `script-src` with the hashes of
 * Astro's inline scripts belongs to Astro's CSP support (issue 12.9, the security work).
 */

/** Directive → sources of the Content-Security-Policy header. */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * Browser features the site never uses are denied; sharing and copying (article and promo pages,
 * contact details) stay allowed for our own pages.
 */
export const PERMISSIONS_POLICY: Readonly<Record<string, string>> = {
  accelerometer: '()',
  camera: '()',
  geolocation: '()',
  gyroscope: '()',
  magnetometer: '()',
  microphone: '()',
  payment: '()',
  usb: '()',
  'clipboard-write': '(self)',
  'web-share': '(self)',
};

/** HSTS lifetime in seconds (one year), sent on https only: browsers ignore it over http. */
export const HSTS_MAX_AGE_S = 31_536_000;

export interface SecurityHeaderOptions {
  /** The response goes out over https (then HSTS is added). */
  https: boolean;
}

/**
 * The security headers as name → value, in a stable order.
 * @example securityHeaders({ https: true })['X-Content-Type-Options'] === 'nosniff'
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': Object.entries(CONTENT_SECURITY_POLICY)
      .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
      .join('; '),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': Object.entries(PERMISSIONS_POLICY)
      .map(([feature, allow]) => `${feature}=${allow}`)
      .join(', '),
  };
  if (options.https)
    headers['Strict-Transport-Security'] = `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`;
  return headers;
}

/** Sets the security headers on `headers` (values already there are replaced). */
export function applySecurityHeaders(headers: Headers, options: SecurityHeaderOptions): void {
  for (const [name, value] of Object.entries(securityHeaders(options))) headers.set(name, value);
}
