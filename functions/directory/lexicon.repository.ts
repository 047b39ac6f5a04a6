import { type Kysely, sql } from 'kysely';
import { type LexiconWord, pickLexiconWord } from '../../common/search/lexicon.ts';
import { allowedEdits } from '../../common/search/understand.ts';
import type { Database } from '../db/database.ts';

type Db = Kysely<Database>;

/** Candidates read per word from the trigram index, nearest first (ADR 072). */
export const LEXICON_CANDIDATES = 24;

/** At most this many words are looked up per search (the understood query's term limit). */
export const LEXICON_MAX_WORDS = 8;

/**
 * A word the lexicon can hold: a–z and digits, starting with a letter, 4–40 characters. (So
 * `q.typed || '{'` bounds its prefix range: '{' sorts after every a–z and digit in "C".)
 */
const LOOKUP_WORD = /^[a-z][a-z0-9]{3,39}$/;

/**
 * The directory's word for each of `words` (issue 35.3, ADR 072): up to
 * {@link LEXICON_MAX_WORDS} normalised query words of 4+ letters → the word itself when approved
 * listings hold it or a word it begins, else the most frequent lexicon word within the edit
 * budget (one edit for 4–7 letters, two from 8), else absent. One statement: per word, a prefix
 * probe on the primary key and the {@link LEXICON_CANDIDATES} trigram-nearest words of a
 * near length (GiST KNN), so the work is bounded whatever the directory's size.
 */
export async function lexiconCorrections(
  db: Db,
  words: readonly string[],
): Promise<Map<string, string>> {
  const asked = [...new Set(words)].filter((w) => LOOKUP_WORD.test(w)).slice(0, LEXICON_MAX_WORDS);
  const answers = new Map<string, string>();
  if (asked.length === 0) return answers;
  const { rows } = await sql<{ typed: string; word: string; listings: number }>`
    select q.typed, c.word, c.listings
    from unnest(${sql.val(asked)}::text[]) as q(typed)
    cross join lateral (
      (select word, listings from search_lexicon
        where word >= q.typed and word < q.typed || '{' order by word limit 1)
      union all
      (select word, listings from search_lexicon
        where char_length(word) between char_length(q.typed) - 2 and char_length(q.typed) + 2
        order by word <-> q.typed limit ${sql.lit(LEXICON_CANDIDATES)})
    ) as c`.execute(db);
  const byWord = new Map<string, LexiconWord[]>();
  for (const row of rows) {
    const list = byWord.get(row.typed) ?? [];
    list.push({ word: row.word, listings: Number(row.listings) });
    byWord.set(row.typed, list);
  }
  for (const typed of asked) {
    if (allowedEdits(typed.length) === 0) continue;
    const picked = pickLexiconWord(typed, byWord.get(typed) ?? []);
    if (picked !== undefined) answers.set(typed, picked);
  }
  return answers;
}
