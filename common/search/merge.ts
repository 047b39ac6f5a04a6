import type { CategoryPageKey } from '../schemas/categories.ts';
import type { Vocabulary } from './vocabulary.ts';

/**
 * An admin's addition to the search vocabulary (issue 35.7, ADR 062), as stored in
 * `search_words`: a synonym group (its members, optionally the category page it implies) or a
 * misspelling (`[wrong, right]`).
 */
export type SearchWordAddition =
  | { id: string; kind: 'synonyms'; terms: readonly string[]; category: CategoryPageKey | null }
  | { id: string; kind: 'misspelling'; terms: readonly [string, string] | readonly string[] };

/**
 * The shipped vocabulary with an admin's additions: each synonym group is added as a group of its
 * own (key `admin-<id>`; a member shared with a shipped group joins the two when a query names
 * it), each misspelling after the shipped ones. Returns `base` itself when there is nothing to
 * add, so `understandQuery`'s per-vocabulary cache keeps working.
 */
export function mergeVocabulary(
  base: Vocabulary,
  additions: readonly SearchWordAddition[],
): Vocabulary {
  if (additions.length === 0) return base;
  const groups = [...base.groups];
  const misspellings = [...base.misspellings];
  for (const addition of additions) {
    if (addition.kind === 'synonyms') {
      groups.push({
        key: `admin-${addition.id}`,
        terms: addition.terms,
        ...(addition.category ? { categories: [addition.category] } : {}),
      });
    } else {
      const [wrong, right] = addition.terms;
      if (wrong && right) misspellings.push({ wrong, right });
    }
  }
  return { ...base, groups, misspellings };
}
