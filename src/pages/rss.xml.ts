import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { CacheTags } from '../../functions/site/cache-tags';
import { SITE } from '../../common/config/site';
import { cachePublicPage } from '../render/cache';
import { latestArticles } from '../render/data';

/** Rendered on demand and cached under `articles` (ADR 011). */
export const prerender = false;

/** Items in the feed: the newest articles (readers keep what they have already seen). */
const FEED_SIZE = 50;

/** Escapes text for an XML element or attribute (channel fields written as `customData`). */
const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * RSS 2.0 feed of the published articles (News & Tips), newest first (issue 13.3): channel
 * `language`, `lastBuildDate` (the newest article's last change, so the cached feed only changes
 * with its content) and `atom:link rel="self"`; per item `guid` (the article URL, a permalink;
 * @astrojs/rss writes it from `link`), `pubDate` and the author's name as `dc:creator` (RSS's own
 * `author` must be an e-mail address, which articles do not have).
 */
export const GET: APIRoute = async ({ site, url }) => {
  const articles = await latestArticles(FEED_SIZE);
  const self = new URL('/rss.xml', site ?? url).toString();
  const lastChange = articles.reduce(
    (latest, a) => Math.max(latest, Date.parse(a.updated_at), Date.parse(a.created_at)),
    0,
  );
  const response = await rss({
    title: `${SITE.name}: News & Tips`,
    description: 'Car care, maintenance, buying guides, news and tips for Lagos motorists.',
    site: site!,
    xmlns: { atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/' },
    customData: [
      '<language>en-ng</language>',
      lastChange ? `<lastBuildDate>${new Date(lastChange).toUTCString()}</lastBuildDate>` : '',
      `<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>`,
    ].join(''),
    items: articles.map((article) => ({
      title: article.title,
      link: `/articles/${article.slug}/`,
      pubDate: new Date(article.created_at),
      description: article.excerpt ?? undefined,
      categories: [article.category],
      customData: article.author ? `<dc:creator>${xml(article.author)}</dc:creator>` : undefined,
    })),
  });
  cachePublicPage(response.headers, [CacheTags.articles]);
  return response;
};
