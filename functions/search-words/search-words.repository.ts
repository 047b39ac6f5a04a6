import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** Queries of the admin's search words and their log (issue 35.7, ADR 062). */
type Db = Kysely<Database>;

export type SearchWordKind = 'synonyms' | 'misspelling';

export interface SearchWordRow {
  id: string;
  kind: SearchWordKind;
  terms: string[];
  category: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
}

/** Every addition, oldest first (a few hundred at most: an admin types them one by one). */
export function listWords(db: Db): Promise<SearchWordRow[]> {
  return db
    .selectFrom('search_words as w')
    .leftJoin('user as u', 'u.id', 'w.created_by')
    .select([
      'w.id',
      'w.kind',
      'w.terms',
      'w.category',
      'w.created_by',
      'u.name as created_by_name',
      'w.created_at',
    ])
    .orderBy('w.created_at')
    .orderBy('w.id')
    .execute() as Promise<SearchWordRow[]>;
}

export function findWord(db: Db, id: string) {
  return db
    .selectFrom('search_words')
    .select(['id', 'kind', 'terms', 'category', 'created_by'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Adds one word and logs it, in one transaction. */
export async function insertWord(
  db: Db,
  word: { kind: SearchWordKind; terms: string[]; category: string | null; adminId: string },
): Promise<{ id: string; created_at: Date }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('search_words')
      .values({
        kind: word.kind,
        terms: word.terms,
        category: word.category,
        created_by: word.adminId,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('search_words_log')
      .values({
        word_id: row.id,
        action: 'added',
        kind: word.kind,
        terms: word.terms,
        category: word.category,
        admin_id: word.adminId,
      })
      .execute();
    return row as { id: string; created_at: Date };
  });
}

/**
 * Deletes one word added by `adminId` and logs it; false when there is no such word of theirs
 * (already removed, or another admin's).
 */
export async function deleteOwnWord(db: Db, id: string, adminId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('search_words')
      .where('id', '=', id)
      .where('created_by', '=', adminId)
      .returning(['id', 'kind', 'terms', 'category'])
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .insertInto('search_words_log')
      .values({
        word_id: row.id,
        action: 'removed',
        kind: row.kind,
        terms: row.terms,
        category: row.category,
        admin_id: adminId,
      })
      .execute();
    return true;
  });
}

/** The latest `limit` changes, newest first, with the admin's name. */
export function listLog(db: Db, limit = 50) {
  return db
    .selectFrom('search_words_log as l')
    .leftJoin('user as u', 'u.id', 'l.admin_id')
    .select(['l.id', 'l.action', 'l.kind', 'l.terms', 'u.name as admin_name', 'l.created_at'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The version of the additions: the time and id of the latest change (null before the first).
 * One index-only look-up (`search_words_log_recent`), read before each search so that every
 * process sees a change at its next search.
 */
export async function latestChange(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('search_words_log')
    .select([sql<string>`created_at::text || '/' || id::text`.as('version')])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.version ?? null;
}
