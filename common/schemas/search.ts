import { z } from 'zod';
import {
  AreaParamSchema,
  DIRECTORY_PAGE_SIZE,
  type DirectoryPage,
  MAX_PAGE_SIZE,
} from './directory.ts';

/**
 * Directory search (SPEC §7 "Search", issue 11 point 3): the query language shared by the
 * search island and the function layer, and the `GET /api/directory/search` parameters.
 */

/** Synonym groups of SPEC §7: a term naming one member also searches the others. */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['car sales', 'dealership'],
  ['car repair', 'auto repair', 'mechanic'],
  ['car parts', 'spare parts'],
  ['body work', 'panel beating'],
  ['breakdown', 'towing', 'recovery'],
  ['workshop', 'garage'],
  ['windscreen', 'windshield', 'glass'],
];

/** Members made of several words ("spare parts"), longest first: recognised as one term. */
const PHRASES = SEARCH_SYNONYMS.flat()
  .filter((member) => member.includes(' '))
  .map((member) => member.split(' '))
  .sort((a, b) => b.length - a.length);

/** The most terms a query keeps (words past it are ignored); each term is one SQL condition. */
export const MAX_SEARCH_TERMS = 12;

/**
 * One term of a parsed query: a listing matches it when any alternative is a case-insensitive
 * substring of one of its search fields. Alternatives are lower-cased and never contain one
 * another (the longer one would be redundant in the OR).
 */
export type SearchTerm = readonly string[];

/** `a` is implied by `b` when every alternative of `b` contains some alternative of `a`. */
function implies(b: SearchTerm, a: SearchTerm): boolean {
  return b.every((y) => a.some((x) => y.includes(x)));
}

/**
 * Parses a search query into terms that must ALL match (SPEC §7 search with the word rule of
 * issue 11): lower-cased, split on whitespace and commas; a run of words forming a multi-word
 * synonym ("spare parts", "panel beating", "car repair") is one term; every term that contains
 * a synonym-group member is expanded with the whole group. Terms implied by another term are
 * dropped ("tyre tyres" keeps "tyres"), so are duplicates; at most {@link MAX_SEARCH_TERMS}.
 *
 * `parseSearchQuery('Panel beating Surulere')` →
 * `[['panel beating', 'body work'], ['surulere']]`; a blank query gives `[]` (SPEC §5: clears
 * results). `%`, `_` and `\` are ordinary characters here: escaping is the repository's job.
 */
export function parseSearchQuery(query: string): SearchTerm[] {
  const words = query
    .toLowerCase()
    .split(/[\s,]+/u)
    .filter(Boolean);
  const raw: string[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = PHRASES.find((p) => p.every((word, k) => words[i + k] === word));
    const length = phrase?.length ?? 1;
    raw.push(words.slice(i, i + length).join(' '));
    i += length;
  }

  const terms: SearchTerm[] = [];
  for (const word of raw) {
    const alternatives = new Set([word]);
    for (const group of SEARCH_SYNONYMS) {
      if (group.some((member) => word.includes(member))) group.forEach((m) => alternatives.add(m));
    }
    const all = [...alternatives];
    terms.push(all.filter((a) => !all.some((b) => b !== a && a.includes(b))));
  }

  const kept = terms.filter(
    (term, i) =>
      !terms.some(
        (other, j) => j !== i && implies(other, term) && (!implies(term, other) || j < i),
      ),
  );
  return kept.slice(0, MAX_SEARCH_TERMS);
}

/** Postgres text cannot hold NUL characters: they are dropped from query parameters. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((value) => value.replaceAll('\u0000', ''));

/** The orders of a search (issue 35.1): ranked by relevance, or the spec's newest first. */
export const SEARCH_SORTS = ['relevance', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * `GET /api/directory/search` parameters (SPEC §7 Search). `type=all` means no type filter;
 * `cursor` is the opaque `nextCursor` of the previous page; `limit` 1–100, default 24.
 */
export const DirectorySearchQuerySchema = z.object({
  q: text(200),
  type: text(100).optional(),
  location: text(100).optional(),
  /** Issue 16.4: a Lagos area slug (`ikeja`) or name; 422 for one not in the list. */
  area: AreaParamSchema.optional(),
  /**
   * Issue 35.1: `relevance` (the default, ADR 059) or `newest`, the spec's order (SPEC §7).
   */
  sort: z.enum(SEARCH_SORTS, 'Unknown sort').default('relevance'),
  /** Issue 38.4 (ADR 081): only the listings open now, in Lagos time. */
  open: z.enum(['now'], 'Unknown open filter').optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, `Must be at most ${MAX_PAGE_SIZE}`)
    .default(DIRECTORY_PAGE_SIZE),
});
export type DirectorySearchQuery = z.output<typeof DirectorySearchQuerySchema>;

/**
 * `GET /api/directory/search` answer: one page of contact-protected listings, newest first.
 * `total` counts every match: exact, or when `totalIsCapped` a lower bound (show "1,000+").
 * `nextCursor` asks for the next page; null on the last one.
 */
export interface DirectorySearchResponse extends DirectoryPage {
  totalIsCapped: boolean;
  /**
   * Issue 35.6: how many of `total` hold every word of the query (the rest hold some and follow
   * them); 0 with a `total` above 0 is "No exact match".
   */
  exactTotal?: number;
  /** Issue 35.6: the words no listing of this page of partial matches holds (left out). */
  missingWords?: string[];
  /** Issue 35.3: the corrected query ("Showing results for mechanic"), null when none was made. */
  showingResultsFor?: string | null;
  /**
   * Issue 35.4: the Lagos area the query named (favoured, not a filter), null when none;
   * `without` is the query without it (the search that clears it), null when the area was the
   * whole query.
   */
  queryArea?: { name: string; slug: string; without: string | null } | null;
}
