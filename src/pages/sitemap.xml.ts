import type { APIRoute } from 'astro';
import { allBusinesses, publishedArticles } from '../lib/content';
import { businessPath } from '../lib/seo';
import { CATEGORY_PAGES } from '../schemas/categories';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/**
 * sitemap.xml: the public pages, every approved business and every published article, and nothing
 * else (no drafts, pending or suspended listings, admin or auth pages).
 */
export const GET: APIRoute = async ({ site }) => {
  const [businesses, articles] = await Promise.all([allBusinesses(), publishedArticles()]);
  const entries: { path: string; lastmod?: string }[] = [
    { path: '/' },
    ...Object.values(CATEGORY_PAGES).map((page) => ({ path: `${page.path}/` })),
    { path: '/emergency/' },
    { path: '/articles/' },
    { path: '/find-it/' },
    { path: '/register/' },
    { path: '/contact/' },
    ...articles.map((a) => ({ path: `/articles/${a.slug}/`, lastmod: a.updated_at })),
    ...businesses.filter((b) => b.slug).map((b) => ({ path: businessPath(b) })),
  ];
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(new URL(e.path, site).toString())}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    {
      headers: { 'content-type': 'application/xml; charset=utf-8' },
    },
  );
};
