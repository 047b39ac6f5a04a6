import { type Kysely, sql } from 'kysely';
import { containsPattern } from '../_lib/like.ts';
import { countOf, pageOf, type PageWindow } from '../_lib/paging.ts';
import type { Article, Database, NewArticle } from '../db/database.ts';

/** Queries of the articles table (SPEC §3 articles). `db` may be a transaction. */
type Db = Kysely<Database>;

/** What decides which public pages show an article (cache tags). */
export type ArticleState = Pick<Article, 'id' | 'published'>;

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

/**
 * The admin search (SPEC §2: title, author, category or content contain `q`, any case). Articles
 * are hundreds, not thousands: a scan, no index.
 */
function adminMatches(q: string | undefined) {
  if (!q) return sql<boolean>`true`;
  const pattern = containsPattern(q);
  return sql<boolean>`(lower(title) like ${pattern} or lower(coalesce(author, '')) like ${pattern}
    or lower(category) like ${pattern} or lower(content) like ${pattern})`;
}

const adminList = (db: Db, q: string | undefined) =>
  db.selectFrom('articles').selectAll().where(adminMatches(q));

/** One page of articles, drafts included, newest first, matching the admin search `q`. */
export function listPage(db: Db, q: string | undefined, page: PageWindow): Promise<Article[]> {
  return pageOf(adminList(db, q).orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
}

/** Number of articles (drafts too) matching the admin search `q`. */
export function countAll(db: Db, q: string | undefined): Promise<number> {
  return countOf(adminList(db, q));
}

export function findState(db: Db, id: string): Promise<ArticleState | undefined> {
  return db
    .selectFrom('articles')
    .select(['id', 'published'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** @throws the unique violation of `articles_slug_key` for a taken slug. */
export function insert(db: Db, values: NewArticle): Promise<Article> {
  return db.insertInto('articles').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The updated article, or undefined when there is none with this id. */
export function update(
  db: Db,
  id: string,
  values: Partial<NewArticle>,
): Promise<Article | undefined> {
  return db
    .updateTable('articles')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The deleted article's state, or undefined when there was none. */
export function remove(db: Db, id: string): Promise<ArticleState | undefined> {
  return db
    .deleteFrom('articles')
    .where('id', '=', id)
    .returning(['id', 'published'])
    .executeTakeFirst();
}
