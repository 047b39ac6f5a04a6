import type { Kysely } from 'kysely';
import type { Article, Database } from '../db/database.ts';

type Db = Kysely<Database>;

/** Published articles, newest first (SPEC §7 articles), `limit` from `offset`. */
export function listPublished(db: Db, limit: number, offset = 0): Promise<Article[]> {
  return db
    .selectFrom('articles')
    .selectAll()
    .where('published', '=', true)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Number of published articles. */
export async function countPublished(db: Db): Promise<number> {
  const row = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('published', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findPublishedBySlug(db: Db, slug: string): Promise<Article | undefined> {
  return db
    .selectFrom('articles')
    .selectAll()
    .where('published', '=', true)
    .where('slug', '=', slug)
    .executeTakeFirst();
}
