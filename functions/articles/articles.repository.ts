import type { Kysely } from 'kysely';
import type { Article, Database } from '../db/database.ts';

type Db = Kysely<Database>;

/** Published articles, newest first (SPEC §7 articles). */
export function listPublished(db: Db, limit: number): Promise<Article[]> {
  return db
    .selectFrom('articles')
    .selectAll()
    .where('published', '=', true)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function findPublishedBySlug(db: Db, slug: string): Promise<Article | undefined> {
  return db
    .selectFrom('articles')
    .selectAll()
    .where('published', '=', true)
    .where('slug', '=', slug)
    .executeTakeFirst();
}
