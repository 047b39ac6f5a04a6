import type { APIRoute } from 'astro';
import { CacheTags } from '../../../../functions/site/cache-tags';
import { ogCard, pngResponse } from '../../../render/brand-images';
import { cachePublicPage, notFound } from '../../../render/cache';
import { articleBySlug } from '../../../render/data';

/** Rendered on demand and cached with the article page (ADR 011). */
export const prerender = false;

/** The Open Graph image of one published article. */
export const GET: APIRoute = async ({ params }) => {
  const article = await articleBySlug(params.slug ?? '');
  if (!article) return notFound();
  const response = pngResponse(
    await ogCard({
      kicker: `${article.category} · ${article.read_time} min read`,
      title: article.title,
      subtitle: article.author,
    }),
  );
  cachePublicPage(response.headers, [CacheTags.article(article.id)]);
  return response;
};
