/**
 * The one website rule (issue 12.4, ADR 015), for every write path (public registration, admin
 * edit, bulk import from Places/Overpass, CSV import) and for public rendering: an http or https
 * URL with a host name, no user name or password in it, at most 300 characters. A value without
 * a scheme (`www.example.ng`) is read as https. Anything else (`javascript:`, `data:`, `ftp:`…)
 * is refused on write and never rendered as a link.
 *
 * Zod-free, so the public islands render links through it without shipping Zod (ADR 016);
 * the schemas of the rule are in url.ts.
 */
export const WEBSITE_MAX = 300;

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * The normalised form of a website, or null when it breaks the rule:
 * `normalizeWebUrl(' HTTPS://Example.NG ')` → `https://example.ng`,
 * `normalizeWebUrl('www.example.ng/a b')` → `https://www.example.ng/a%20b`,
 * `normalizeWebUrl('javascript:alert(1)')` → null.
 * Host names are lower-cased (and IDN-encoded), spaces escaped; a bare origin keeps no slash.
 */
export function normalizeWebUrl(value: string | null | undefined): string | null {
  const input = (value ?? '').trim();
  if (!input || input.length > WEBSITE_MAX || /[\p{Cc}\\]/u.test(input)) return null;
  const candidate = HAS_SCHEME.test(input) ? input : `https://${input}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (!/^[a-z\d-]+(\.[a-z\d-]+)+$/.test(url.hostname) && !/^\[[\da-f:.]+\]$/.test(url.hostname))
    return null;
  const href = url.href;
  const bareOrigin = url.pathname === '/' && !url.search && !url.hash && !/\/\s*$/.test(input);
  const normalized = bareOrigin ? href.slice(0, -1) : href;
  return normalized.length > WEBSITE_MAX ? null : normalized;
}

/**
 * For rendering (links, JSON-LD sameAs): the stored website if it follows the rule, else null,
 * so a value written before the rule (or by hand in the database) is never an `href`.
 */
export function safeWebUrl(value: string | null | undefined): string | null {
  return normalizeWebUrl(value);
}
