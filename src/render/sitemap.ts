/**
 * XML of the sitemap protocol (sitemaps.org 0.9): a sitemap index and url sets. Callers keep
 * each file under the protocol's limits (50,000 URLs, 50 MB) and ours (1 MB, ADR 011).
 */

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** `lastmod` in the W3C date form the protocol asks for (YYYY-MM-DD). */
const day = (date: Date | string) => new Date(date).toISOString().slice(0, 10);

export interface SitemapUrl {
  /** Absolute URL. */
  loc: string;
  lastmod?: Date | string | undefined;
}

/** A `<urlset>` document. */
export function urlSet(urls: readonly SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${day(u.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${body}\n</urlset>\n`;
}

/** A `<sitemapindex>` document listing sitemap files by absolute URL. */
export function sitemapIndex(locs: readonly string[]): string {
  const body = locs.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${body}\n</sitemapindex>\n`;
}

/** An XML response, cacheable like the pages (the caller adds the cache headers). */
export function xmlResponse(xml: string): Response {
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
