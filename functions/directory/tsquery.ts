/**
 * A query's word groups as PostgreSQL tsquery text (issue 35; ADR 059, 087, 088): each group's
 * alternatives OR-ed, phrases with `<->`, a long last word as a prefix, or as the words the
 * lexicon lists under it. Pure functions; ranked-search.repository.ts runs the queries.
 */

/**
 * One alternative of a word group: `text` (words), `wholeWord` when it must match whole (else its
 * last word of 4+ letters matches as a prefix). A plain string is an alternative of the latter kind.
 */
export type WordAlternative = string | { text: string; wholeWord: boolean };

/** A query's word group: the alternatives of one word, any of which may match. */
export type WordGroup = readonly WordAlternative[];

/** The words of `text` as tsquery lexemes: lower-cased letters and digits, nothing else. */
function lexemes(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((word) => word.slice(0, 60));
}

/**
 * A word group as tsquery text: its alternatives OR-ed, a several-word alternative as a phrase
 * (`panel <-> beater`), the last word of an alternative of 4+ letters as a prefix (`tyre:*`
 * finds "tyres"). Only letters, digits and tsquery operators: safe for `to_tsquery`. Null when
 * nothing of the group is a word (punctuation, emoji).
 */
export function groupTsquery(group: WordGroup): string | null {
  return phrasesTsquery(groupPhrases(group));
}

/**
 * A group's phrases as tsquery text (see {@link groupTsquery}); null for none. A prefix the
 * lexicon spells out (`expansions`, ADR 088) is written as its words (`(panel | panels)`), which
 * the GIN index finds by its entries rather than by scanning every entry under the prefix.
 */
export function phrasesTsquery(
  phrases: readonly PhraseWord[][],
  expansions?: ReadonlyMap<string, readonly string[]>,
): string | null {
  const term = ({ word, prefix }: PhraseWord) => {
    if (!prefix) return word;
    const words = expansions?.get(word);
    if (!words) return `${word}:*`;
    return words.length === 1 ? words[0]! : `(${words.join(' | ')})`;
  };
  const alternatives = new Set(phrases.map((phrase) => phrase.map(term).join(' <-> ')));
  return alternatives.size ? `(${[...alternatives].join(' | ')})` : null;
}

/**
 * A group's phrases without those another alternative of one word already matches wherever
 * they match (ADR 087): `tow <-> service:*` beside `tow`, `breakdown <-> service:*` or
 * `breakdowns` beside `breakdown:*`. The group matches the same listings.
 */
export function withoutSubsumed(phrases: readonly PhraseWord[][]): PhraseWord[][] {
  const key = (phrase: readonly PhraseWord[]) =>
    phrase.map((w) => `${w.word}${w.prefix ? ':*' : ''}`).join(' ');
  const unique = [...new Map(phrases.map((p) => [key(p), p])).values()];
  const singles = unique.filter((p) => p.length === 1).map((p) => p[0]!);
  const covers = (single: PhraseWord, word: PhraseWord) =>
    single.prefix ? word.word.startsWith(single.word) : !word.prefix && word.word === single.word;
  return unique.filter(
    (phrase) =>
      !singles.some(
        (single) =>
          !(phrase.length === 1 && phrase[0] === single) &&
          phrase.some((word) => covers(single, word)),
      ),
  );
}

/** A word of a phrase: matched whole, or as a prefix (`tyre:*`). */
export interface PhraseWord {
  word: string;
  prefix: boolean;
}

/** A group's alternatives as phrases of words (see {@link groupTsquery}); none without a word. */
export function groupPhrases(group: WordGroup): PhraseWord[][] {
  const phrases: PhraseWord[][] = [];
  for (const alternative of group) {
    const { text, wholeWord } =
      typeof alternative === 'string' ? { text: alternative, wholeWord: false } : alternative;
    const words = lexemes(text);
    if (words.length === 0) continue;
    phrases.push(
      words.map((word, i) => ({
        word,
        prefix: !wholeWord && i === words.length - 1 && word.length >= 4,
      })),
    );
  }
  return phrases;
}

/**
 * The words a prefix is matched as when the lexicon lists them all (ADR 088): the prefix itself
 * and each word under it, and a word ending in "s" also without it. The lexicon drops an
 * apostrophe ("Tunde's": `tundes`) where a listing's `search_vector` splits at it (`tunde`), so
 * the prefix `tund` still finds "Tunde's".
 */
export function prefixWords(prefix: string, words: readonly string[]): string[] {
  const all = [prefix];
  for (const word of words) {
    all.push(word);
    const stem = word.slice(0, -1);
    if (word.endsWith('s') && stem.length > prefix.length && stem.startsWith(prefix))
      all.push(stem);
  }
  return [...new Set(all)];
}
