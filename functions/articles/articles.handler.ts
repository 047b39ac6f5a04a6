import { IdParamsSchema, OkResponseSchema } from '../../common/schemas/api.ts';
import {
  AdminArticleListQuerySchema,
  AdminArticleListResponseSchema,
  AdminArticleResponseSchema,
  ArticleFormSchema,
  ArticleListQuerySchema,
  ArticleSlugSchema,
  PublicArticleListResponseSchema,
  PublicArticleResponseSchema,
} from '../../common/schemas/articles.ts';
import type { ApiContext } from '../_lib/context.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
import * as service from './articles.service.ts';

/** Articles: the public News & Tips API and the admin Articles tab (SPEC §2, §5, §7). */

/**
 * GET /api/articles?page&limit → `{ articles, total, page, limit }`: one page (limit ≤ 100,
 * default 24) of published articles, newest first, without bodies. 422 for a bad parameter.
 */
export async function listPublished(request: Request, ctx: ApiContext): Promise<Response> {
  const { page, limit } = parseOrThrow(ArticleListQuerySchema, queryOf(request));
  const result = await service.listPublishedPage(await ctx.db(), page, limit);
  return reply(PublicArticleListResponseSchema, { ...result, page, limit });
}

/** GET /api/articles/:slug → `{ article }` with its markdown body; 404 when unknown. */
export async function getPublished(_request: Request, ctx: ApiContext): Promise<Response> {
  const { slug } = parseOrThrow(ArticleSlugSchema, ctx.params);
  return reply(PublicArticleResponseSchema, {
    article: await service.getPublishedArticle(await ctx.db(), slug),
  });
}

/**
 * GET /api/admin/articles?q&page&limit → `{ articles, total, page, limit }`: one page (limit
 * ≤ 100), drafts included, newest first, with the SPEC §2 search. Admin.
 */
export async function listAll(request: Request, ctx: ApiContext): Promise<Response> {
  const query = parseOrThrow(AdminArticleListQuerySchema, queryOf(request));
  const result = await service.listAllArticles(await ctx.db(), query);
  return reply(AdminArticleListResponseSchema, {
    ...result,
    page: query.page,
    limit: query.limit,
  });
}

/**
 * POST /api/admin/articles (Article form) → 201 `{ article }`; 409 for a taken slug, 422 for an
 * invalid form. A published article purges the pages that show it. Admin.
 */
export async function create(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(ArticleFormSchema, await readJson(request));
  const { article, tags } = await service.createArticle(await ctx.db(), input);
  await ctx.invalidate(tags);
  return reply(AdminArticleResponseSchema, { article }, 201);
}

/**
 * PATCH /api/admin/articles/:id (Article form) → `{ article }`; 404, 409 for a taken slug.
 * Purges the article's pages when it is or was published. Admin.
 */
export async function update(request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const input = parseOrThrow(ArticleFormSchema, await readJson(request));
  const { article, tags } = await service.updateArticle(await ctx.db(), id, input);
  await ctx.invalidate(tags);
  return reply(AdminArticleResponseSchema, { article });
}

/** DELETE /api/admin/articles/:id → `{ ok: true }`; 404. Purges its pages when it was published. Admin. */
export async function remove(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const { tags } = await service.deleteArticle(await ctx.db(), id);
  await ctx.invalidate(tags);
  return reply(OkResponseSchema, { ok: true });
}
