import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { CacheTags } from '../../functions/site/cache-tags';
import { SITE } from '../config/site';
import { cachePublicPage } from '../render/cache';
import { latestArticles } from '../render/data';

/** Rendered on demand and cached under `articles` (ADR 011). */
export const prerender = false;

/** Items in the feed: the newest articles (readers keep what they have already seen). */
const FEED_SIZE = 50;

/** RSS feed of the published articles (News & Tips), newest first. */
export const GET: APIRoute = async ({ site }) => {
  const response = await rss({
    title: `${SITE.name}: News & Tips`,
    description: 'Car care, maintenance, buying guides, news and tips for Lagos motorists.',
    site: site!,
    items: (await latestArticles(FEED_SIZE)).map((article) => ({
      title: article.title,
      link: `/articles/${article.slug}/`,
      pubDate: new Date(article.created_at),
      description: article.excerpt ?? undefined,
      author: article.author ?? undefined,
      categories: [article.category],
    })),
  });
  cachePublicPage(response.headers, [CacheTags.articles]);
  return response;
};
