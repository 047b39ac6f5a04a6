import type { Kysely } from 'kysely';
import type {
  AdminArticleListQuery,
  ArticleForm,
  PublicArticle,
} from '../../common/schemas/articles.ts';
import { paged, pageWindow } from '../_lib/paging.ts';
import { AppError } from '../_lib/errors.ts';
import { isUniqueViolation } from '../_lib/pg-errors.ts';
import type { Article, Database } from '../db/database.ts';
import * as repository from './articles.repository.ts';
import { articleChangeTags } from '../site/cache-tags.ts';

/** Articles (SPEC §2 News & Tips and the admin Articles tab, §5 Article form, §7). */
type Db = Kysely<Database>;

/** Row → public article; `withContent` false drops the body for list responses. */
export function articleRowToPublic(row: Article, withContent: boolean): PublicArticle {
  const article: PublicArticle = {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    author: row.author,
    category: row.category,
    read_time: row.read_time,
    featured: row.featured,
    image_url: row.image_url,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
  if (withContent) article.content = row.content;
  return article;
}

/** Published articles, newest first: `limit` of them from `offset`. */
export async function listPublishedArticles(
  db: Db,
  limit: number,
  withContent = false,
  offset = 0,
): Promise<PublicArticle[]> {
  return (await repository.listPublished(db, limit, offset)).map((row) =>
    articleRowToPublic(row, withContent),
  );
}

/** Page `page` (1-based) of `limit` published articles without bodies, and how many there are. */
export async function listPublishedPage(
  db: Db,
  page: number,
  limit: number,
): Promise<{ articles: PublicArticle[]; total: number }> {
  const [articles, total] = await Promise.all([
    listPublishedArticles(db, limit, false, pageWindow({ page, limit }).offset),
    repository.countPublished(db),
  ]);
  return { articles, total };
}

export function countPublishedArticles(db: Db): Promise<number> {
  return repository.countPublished(db);
}

/** @throws AppError NOT_FOUND for an unknown or unpublished slug. */
export async function getPublishedArticle(db: Db, slug: string): Promise<PublicArticle> {
  const row = await repository.findPublishedBySlug(db, slug);
  if (!row) throw new AppError('NOT_FOUND', 'Article Not Found');
  return articleRowToPublic(row, true);
}

/** One page of articles for the admin, drafts included, newest first, with the search `q`. */
export async function listAllArticles(
  db: Db,
  query: AdminArticleListQuery,
): Promise<{ articles: Article[]; total: number }> {
  const { rows: articles, total } = await paged(
    query,
    (window) => repository.listPage(db, query.q, window),
    () => repository.countAll(db, query.q),
  );
  return { articles, total };
}

/** Articles (drafts too) matching the admin search `q` (the Articles tab count). */
export function countArticles(db: Db, q: string | undefined): Promise<number> {
  return repository.countAll(db, q);
}

const slugTaken = () =>
  new AppError('CONFLICT', 'An article with this slug already exists.', {
    slug: ['An article with this slug already exists.'],
  });

/** Runs a write, turning a taken slug (unique violation) into 409. */
async function withUniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/**
 * @returns the new article and the tags of the pages it appears on (when published).
 * @throws AppError CONFLICT when the slug is taken.
 */
export async function createArticle(
  db: Db,
  input: ArticleForm,
): Promise<{ article: Article; tags: string[] }> {
  const article = await withUniqueSlug(() => repository.insert(db, input));
  return { article, tags: articleChangeTags(undefined, article) };
}

/**
 * Saves the Article form over an existing article.
 * @returns the saved article and the tags of the pages it was or is on.
 * @throws AppError NOT_FOUND, CONFLICT when the slug is taken (nothing changes).
 */
export async function updateArticle(
  db: Db,
  id: string,
  input: ArticleForm,
): Promise<{ article: Article; tags: string[] }> {
  const before = await repository.findState(db, id);
  if (!before) throw new AppError('NOT_FOUND', 'Article not found');
  const after = await withUniqueSlug(() => repository.update(db, id, input));
  if (!after) throw new AppError('NOT_FOUND', 'Article not found');
  return { article: after, tags: articleChangeTags(before, after) };
}

/** @returns the tags of the pages the article was on. @throws AppError NOT_FOUND. */
export async function deleteArticle(db: Db, id: string): Promise<{ tags: string[] }> {
  const deleted = await repository.remove(db, id);
  if (!deleted) throw new AppError('NOT_FOUND', 'Article not found');
  return { tags: articleChangeTags(deleted, undefined) };
}
