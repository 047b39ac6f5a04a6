import { ArticleListQuerySchema, ArticleSlugSchema } from '../../src/schemas/articles.ts';
import type { ApiContext } from '../_lib/context.ts';
import { json, parseOrThrow, queryOf } from '../_lib/http.ts';
import * as service from './articles.service.ts';

/** GET /api/articles?limit → `{ articles }` published, newest first, without bodies. */
export async function listArticles(request: Request, ctx: ApiContext): Promise<Response> {
  const { limit } = parseOrThrow(ArticleListQuerySchema, queryOf(request));
  return json({ articles: await service.listPublishedArticles(await ctx.db(), limit) });
}

/** GET /api/articles/:slug → `{ article }` with its markdown body; 404 when unknown. */
export async function getArticle(_request: Request, ctx: ApiContext): Promise<Response> {
  const { slug } = parseOrThrow(ArticleSlugSchema, ctx.params);
  return json({ article: await service.getPublishedArticle(await ctx.db(), slug) });
}
