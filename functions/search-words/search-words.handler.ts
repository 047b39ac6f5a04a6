import { IdParamsSchema, OkResponseSchema } from '../../common/schemas/api.ts';
import {
  SearchWordFormSchema,
  SearchWordResponseSchema,
  SearchWordsResponseSchema,
} from '../../common/schemas/search-words.ts';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { parseOrThrow, readJson, reply } from '../_lib/http.ts';
import * as service from './search-words.service.ts';

/** The admin's "Search words" panel (issue 35.7, ADR 062). Every route is admin-only (routes.ts). */

async function adminId(ctx: ApiContext): Promise<string> {
  const user = await ctx.sessionUser();
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return user.id;
}

/** GET /api/admin/search-words → `{ words, log }`: every addition and the latest 50 changes. */
export async function list(_request: Request, ctx: ApiContext): Promise<Response> {
  const result = await service.listSearchWords(await ctx.db(), await adminId(ctx));
  return reply(SearchWordsResponseSchema, result);
}

/**
 * POST /api/admin/search-words `{ kind: 'synonyms', terms, category? }` or `{ kind:
 * 'misspelling', wrong, right }` → 201 `{ word }`; 422 for invalid words, 409 for a duplicate or a
 * "misspelling" that is a known word. Logged; purges the cached search answers.
 */
export async function add(request: Request, ctx: ApiContext): Promise<Response> {
  const form = parseOrThrow(SearchWordFormSchema, await readJson(request));
  const { word, tags } = await service.addSearchWord(await ctx.db(), await adminId(ctx), form);
  await ctx.invalidate(tags);
  return reply(SearchWordResponseSchema, { word }, 201);
}

/**
 * DELETE /api/admin/search-words/:id → `{ ok: true }`; 404 for an unknown id, 403 for another
 * admin's addition. Logged; purges the cached search answers.
 */
export async function remove(_request: Request, ctx: ApiContext): Promise<Response> {
  const { id } = parseOrThrow(IdParamsSchema, ctx.params);
  const { tags } = await service.removeSearchWord(await ctx.db(), await adminId(ctx), id);
  await ctx.invalidate(tags);
  return reply(OkResponseSchema, { ok: true });
}
