import type { Kysely } from 'kysely';
import { type SearchWordAddition, mergeVocabulary } from '../../common/search/merge.ts';
import { isVocabularyPhrase } from '../../common/search/understand.ts';
import { SHIPPED_VOCABULARY, type Vocabulary } from '../../common/search/vocabulary.ts';
import { CATEGORY_PAGES, type CategoryPageKey } from '../../common/schemas/categories.ts';
import type {
  SearchWord,
  SearchWordForm,
  SearchWordsResponse,
} from '../../common/schemas/search-words.ts';
import { AppError } from '../_lib/errors.ts';
import type { Database } from '../db/database.ts';
import { CacheTags } from '../site/cache-tags.ts';
import * as repository from './search-words.repository.ts';

/**
 * The admin's search words (issue 35.7, ADR 062): what the "Search words" panel lists, adds and
 * removes, and the vocabulary search understands queries with (the shipped one merged with them).
 */
type Db = Kysely<Database>;

/**
 * The cache tags a change of the search words purges: every cached answer that came from a search
 * (the API's whole-directory answers and every category page, whose search and area variants carry
 * the category's tag; ADR 011, ADR 033).
 */
export const SEARCH_WORDS_TAGS: readonly string[] = [
  CacheTags.directory,
  ...Object.keys(CATEGORY_PAGES).map((key) => CacheTags.category(key)),
];

let cached: { version: string | null; vocabulary: Vocabulary } | undefined;

/**
 * The vocabulary search uses now: the shipped one merged with the admin's additions. Cached in
 * the process and checked against the log's latest change on each call (one index-only read), so
 * a change made in any process applies to the next search everywhere. With no additions it is
 * {@link SHIPPED_VOCABULARY} itself. A database error is the caller's (search fails as it would).
 */
export async function searchVocabulary(db: Db): Promise<Vocabulary> {
  const version = await repository.latestChange(db);
  if (cached && cached.version === version) return cached.vocabulary;
  const rows = version === null ? [] : await repository.listWords(db);
  const vocabulary = mergeVocabulary(SHIPPED_VOCABULARY, rows.map(toAddition));
  cached = { version, vocabulary };
  return vocabulary;
}

/** Drops the cached vocabulary (after a change in this process; tests). */
export function forgetSearchVocabulary(): void {
  cached = undefined;
}

function toAddition(row: repository.SearchWordRow): SearchWordAddition {
  return row.kind === 'synonyms'
    ? {
        id: row.id,
        kind: 'synonyms',
        terms: row.terms,
        category: (row.category as CategoryPageKey | null) ?? null,
      }
    : { id: row.id, kind: 'misspelling', terms: row.terms };
}

function toWord(row: repository.SearchWordRow, adminId: string): SearchWord {
  return {
    id: row.id,
    kind: row.kind,
    terms: row.terms,
    category: row.category,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    mine: row.created_by === adminId,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Every addition (oldest first) and the latest 50 changes, for the panel. */
export async function listSearchWords(db: Db, adminId: string): Promise<SearchWordsResponse> {
  const [rows, log] = await Promise.all([repository.listWords(db), repository.listLog(db)]);
  return {
    words: rows.map((row) => toWord(row, adminId)),
    log: log.map((entry) => ({
      id: entry.id,
      action: entry.action,
      kind: entry.kind,
      terms: entry.terms,
      adminName: entry.admin_name,
      createdAt: new Date(entry.created_at).toISOString(),
    })),
  };
}

/**
 * Adds a synonym group or a misspelling for `adminId` and logs it. 409 CONFLICT when the same
 * group or misspelling exists, or when the "misspelling" is a word the vocabulary already knows
 * as right (teaching "mechanic" → "panel" would break every mechanic search).
 */
export async function addSearchWord(
  db: Db,
  adminId: string,
  form: SearchWordForm,
): Promise<{ word: SearchWord; tags: readonly string[] }> {
  const vocabulary = await searchVocabulary(db);
  const terms = form.kind === 'synonyms' ? form.terms : [form.wrong, form.right];
  if (form.kind === 'misspelling' && isVocabularyPhrase(form.wrong, vocabulary)) {
    throw new AppError('CONFLICT', `Search already knows "${form.wrong}" as a word.`, {
      wrong: [`"${form.wrong}" is a word search knows, not a misspelling`],
    });
  }
  const existing = await repository.listWords(db);
  const same = (a: readonly string[], b: readonly string[]) =>
    form.kind === 'synonyms'
      ? a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|')
      : a[0] === b[0];
  if (existing.some((row) => row.kind === form.kind && same(row.terms, terms))) {
    throw new AppError('CONFLICT', 'Search already has these words.');
  }
  const category = form.kind === 'synonyms' ? form.category : null;
  const row = await repository.insertWord(db, { kind: form.kind, terms, category, adminId });
  forgetSearchVocabulary();
  const word: SearchWord = {
    id: row.id,
    kind: form.kind,
    terms,
    category,
    createdBy: adminId,
    createdByName: null,
    mine: true,
    createdAt: new Date(row.created_at).toISOString(),
  };
  return { word, tags: SEARCH_WORDS_TAGS };
}

/**
 * Removes an addition of `adminId`'s own and logs it. 404 NOT_FOUND for an unknown id; 403
 * FORBIDDEN for another admin's addition.
 */
export async function removeSearchWord(
  db: Db,
  adminId: string,
  id: string,
): Promise<{ tags: readonly string[] }> {
  const row = await repository.findWord(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'This search word no longer exists.');
  if (row.created_by !== adminId) {
    throw new AppError('FORBIDDEN', 'Only the admin who added a search word can remove it.');
  }
  if (!(await repository.deleteOwnWord(db, id, adminId))) {
    throw new AppError('NOT_FOUND', 'This search word no longer exists.');
  }
  forgetSearchVocabulary();
  return { tags: SEARCH_WORDS_TAGS };
}
