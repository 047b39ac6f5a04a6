import { z } from 'zod';
import { ArticleFormSchema, OrderSchema, ServiceCardEditSchema } from '../../src/schemas/admin.ts';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { json, parseOrThrow, readJson } from '../_lib/http.ts';
import { isUniqueViolation } from '../_lib/pg-errors.ts';
import { articleChangeTags, CacheTags } from '../site/cache-tags.ts';
import { withCounts } from '../service-cards/service-cards.service.ts';

/** Articles and service cards (SPEC §2 Articles tab, Service Card Management). Admin-only (router). */
const IdSchema = z.object({ id: z.uuid('Invalid id') });

/** GET /api/admin/articles → `{ articles }` newest first, drafts included. */
export async function listArticles(_request: Request, ctx: ApiContext) {
  const db = await ctx.db();
  return json({
    articles: await db.selectFrom('articles').selectAll().orderBy('created_at', 'desc').execute(),
  });
}

const slugTaken = () =>
  new AppError('CONFLICT', 'An article with this slug already exists.', {
    slug: ['An article with this slug already exists.'],
  });

/** POST /api/admin/articles → 201 `{ article }`; a published article purges the pages that show it. */
export async function createArticle(request: Request, ctx: ApiContext) {
  const input = parseOrThrow(ArticleFormSchema, await readJson(request));
  const db = await ctx.db();
  try {
    const article = await db
      .insertInto('articles')
      .values(input)
      .returningAll()
      .executeTakeFirstOrThrow();
    await ctx.invalidate(articleChangeTags(undefined, article));
    return json({ article }, 201);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** PATCH /api/admin/articles/:id → `{ article }`; purges the article's pages when it is or was published. */
export async function updateArticle(request: Request, ctx: ApiContext) {
  const { id } = parseOrThrow(IdSchema, ctx.params);
  const input = parseOrThrow(ArticleFormSchema, await readJson(request));
  const db = await ctx.db();
  const before = await db
    .selectFrom('articles')
    .select(['id', 'published'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) throw new AppError('NOT_FOUND', 'Article not found');
  try {
    const article = await db
      .updateTable('articles')
      .set(input)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await ctx.invalidate(articleChangeTags(before, article));
    return json({ article });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** DELETE /api/admin/articles/:id → `{ ok: true }`; purges its pages when it was published. */
export async function deleteArticle(_request: Request, ctx: ApiContext) {
  const { id } = parseOrThrow(IdSchema, ctx.params);
  const deleted = await (
    await ctx.db()
  )
    .deleteFrom('articles')
    .where('id', '=', id)
    .returning(['id', 'published'])
    .executeTakeFirst();
  if (!deleted) throw new AppError('NOT_FOUND', 'Article not found');
  await ctx.invalidate(articleChangeTags(deleted, undefined));
  return json({ ok: true });
}

/** GET /api/admin/service-cards → `{ serviceCards }` all cards by order, with business counts. */
export async function listServiceCards(_request: Request, ctx: ApiContext) {
  const db = await ctx.db();
  const [cards, businesses] = await Promise.all([
    db.selectFrom('service_cards').selectAll().orderBy('display_order').orderBy('title').execute(),
    db.selectFrom('business_directory').select(['business_type', 'services', 'tags']).execute(),
  ]);
  const counted = withCounts(cards, businesses);
  return json({
    serviceCards: cards.map((card, i) => ({ ...card, business_count: counted[i]!.business_count })),
  });
}

/** PUT /api/admin/service-cards/order `{ ids }` → renumbers display_order from 1, all or nothing. */
export async function reorderServiceCards(request: Request, ctx: ApiContext) {
  const { ids } = parseOrThrow(OrderSchema, await readJson(request));
  await (await ctx.db()).transaction().execute(async (trx) => {
    for (const [index, id] of ids.entries()) {
      const result = await trx
        .updateTable('service_cards')
        .set({ display_order: index + 1 })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1)
        throw new AppError('CONFLICT', `Failed to update ${ids.length} cards`);
    }
  });
  await ctx.invalidate([CacheTags.home]);
  return json({ ok: true });
}

/** PATCH /api/admin/service-cards/:id `{ title?, description?, button_text?, enabled? }` → `{ serviceCard }`. */
export async function updateServiceCard(request: Request, ctx: ApiContext) {
  const { id } = parseOrThrow(IdSchema, ctx.params);
  const input = parseOrThrow(ServiceCardEditSchema, await readJson(request));
  if (Object.keys(input).length === 0) throw new AppError('BAD_REQUEST', 'Nothing to update.');
  const card = await (
    await ctx.db()
  )
    .updateTable('service_cards')
    .set(input)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!card) throw new AppError('NOT_FOUND', 'Service card not found');
  await ctx.invalidate([CacheTags.home]);
  return json({ serviceCard: card });
}
