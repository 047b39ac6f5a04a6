import type { APIRoute, GetStaticPaths } from 'astro';
import { ogCard, pngResponse } from '../../../lib/brand-images';
import { publishedArticles } from '../../../lib/content';
import type { PublicArticle } from '../../../schemas/articles';

/** One Open Graph image per published article. */
export const getStaticPaths: GetStaticPaths = async () =>
  (await publishedArticles()).map((article) => ({
    params: { slug: article.slug },
    props: { article },
  }));

export const GET: APIRoute = async ({ props }) => {
  const { article } = props as { article: PublicArticle };
  return pngResponse(
    await ogCard({
      kicker: `${article.category} · ${article.read_time} min read`,
      title: article.title,
      subtitle: article.author,
    }),
  );
};
