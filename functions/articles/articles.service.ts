import type { Kysely } from 'kysely';
import type { PublicArticle } from '../../src/schemas/articles.ts';
import { AppError } from '../_lib/errors.ts';
import type { Article, Database } from '../db/database.ts';
import * as repository from './articles.repository.ts';

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

export function countPublishedArticles(db: Db): Promise<number> {
  return repository.countPublished(db);
}

/** @throws AppError NOT_FOUND for an unknown or unpublished slug. */
export async function getPublishedArticle(db: Db, slug: string): Promise<PublicArticle> {
  const row = await repository.findPublishedBySlug(db, slug);
  if (!row) throw new AppError('NOT_FOUND', 'Article Not Found');
  return articleRowToPublic(row, true);
}
