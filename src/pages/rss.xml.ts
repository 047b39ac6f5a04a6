import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { SITE } from '../config/site';
import { publishedArticles } from '../lib/content';

/** RSS feed of the published articles (News & Tips), newest first. */
export const GET: APIRoute = async ({ site }) =>
  rss({
    title: `${SITE.name}: News & Tips`,
    description: 'Car care, maintenance, buying guides, news and tips for Lagos motorists.',
    site: site!,
    items: (await publishedArticles()).map((article) => ({
      title: article.title,
      link: `/articles/${article.slug}/`,
      pubDate: new Date(article.created_at),
      description: article.excerpt ?? undefined,
      author: article.author ?? undefined,
      categories: [article.category],
    })),
  });
