import type { Kysely } from 'kysely';
import { lagosWeekMinute } from '../../common/schemas/hours.ts';
import { z } from 'zod';
import {
  type DirectorySearchQuery,
  type DirectorySearchResponse,
  parseSearchQuery,
  type SearchTerm,
} from '../../common/schemas/search.ts';
import type { Database } from '../db/database.ts';
import { CURSOR_TIME, decodeCursor, encodeCursor } from '../_lib/cursor.ts';
import { finishListings } from './finish.ts';
import { understandQuery, understandQueryWithLexicon } from '../../common/search/understand.ts';
import { searchVocabulary } from '../search-words/search-words.service.ts';
import { lexiconCorrections } from './lexicon.repository.ts';
import { RANK_CANDIDATES, rankedSearchPage, type WordGroup } from './ranked-search.repository.ts';
import { searchPage, type SearchPosition, type Total } from './search.repository.ts';

type Db = Kysely<Database>;

/** Issue 38.4 (ADR 081): the minute of the Lagos week a search with `open=now` is open at. */
const openAtOf = (query: DirectorySearchQuery): number | undefined =>
  query.open === 'now' ? lagosWeekMinute(new Date()) : undefined;
type Found = DirectorySearchResponse & { plan: string };

/**
 * What a search `nextCursor` carries ({@link encodeCursor}): the last listing shown (`c`:
 * created_at as UTC ISO text with microseconds, `i`: id) and the first page's total (`t`, `x`:
 * capped), so later pages neither recount nor change the number shown.
 */
const NewestCursorSchema = z.object({
  c: z.string().regex(CURSOR_TIME),
  i: z.uuid(),
  t: z.number().int().min(0),
  x: z.boolean(),
});
type NewestCursor = z.output<typeof NewestCursorSchema>;

const encodeNewestCursor = (position: SearchPosition, total: Total): string =>
  encodeCursor<NewestCursor>({
    c: position.createdAt,
    i: position.id,
    t: total.count,
    x: total.capped,
  });

/**
 * The spec's search (SPEC §7, the "Newest" sort): every word of `q` as a substring (synonyms
 * expanded), newest first, through the bounded walks of ADR 012, 033 and 050. `total` is exact
 * unless `totalIsCapped`; later pages repeat the first page's total.
 * @throws AppError BAD_REQUEST for a cursor not made by this sort.
 */
async function searchNewest(
  db: Db,
  query: DirectorySearchQuery,
  terms: SearchTerm[],
): Promise<Found> {
  const cursor = query.cursor ? decodeCursor(NewestCursorSchema, query.cursor) : undefined;
  const page = await searchPage(db, {
    terms,
    type: query.type,
    location: query.location,
    area: query.area,
    openAt: openAtOf(query),
    limit: query.limit,
    after: cursor ? { createdAt: cursor.c, id: cursor.i } : undefined,
    withTotal: !cursor,
  });
  const total = page.total ?? { count: cursor!.t, capped: cursor!.x };
  return {
    businesses: await finishListings(db, page.rows),
    total: total.count,
    totalIsCapped: total.capped,
    nextCursor: page.next ? encodeNewestCursor(page.next, total) : null,
    plan: page.plan,
  };
}

/**
 * What a search `nextCursor` carries ({@link encodeCursor}): the position in the ranked list
 * (`o`, rows already shown) and the first page's counts (`e` exact, `p` partial, `x` capped), so
 * later pages neither recount nor change the numbers shown. The ranked list is bounded
 * (`RANK_CANDIDATES` per tier, ADR 060), so an offset is cheap and stable for a few minutes.
 */
const RankedCursorSchema = z.object({
  o: z
    .number()
    .int()
    .min(1)
    .max(2 * RANK_CANDIDATES),
  e: z.number().int().min(0),
  p: z.number().int().min(0),
  x: z.boolean(),
});
type SearchCursor = z.output<typeof RankedCursorSchema>;

/**
 * Milliseconds spent in each named step since the previous mark, for the plan of
 * `Server-Timing` (issue 35.8: the bench's slowest queries say where their time went):
 * `words 0.3 · lexicon 2.1 · rank 14.0 · rows 1.2 ms`.
 */
function stepTimer() {
  let last = performance.now();
  const spent: string[] = [];
  return {
    mark(step: string) {
      const now = performance.now();
      spent.push(`${step} ${(now - last).toFixed(1)}`);
      last = now;
    },
    toString: () => `${spent.join(' · ')} ms`,
  };
}

/**
 * Relevance search, one page (issue 35; ADR 059, ADR 060): the query as `understandQuery` reads
 * it (Lagos words, spellings, corrections, complaints; typos of the directory's own words through
 * its lexicon, ADR 072; a named area favoured with its
 * neighbours, a car make and the implied categories favoured), listings holding every word first and then those holding some (never a
 * dead end), each ranked by text relevance, the query's area and stored trust; optional type,
 * location and area filters; contact-protected rows with covers. A blank query finds nothing
 * (SPEC §5: it clears the results). `total` counts every listing shown (exact and partial
 * matches), `exactTotal` those holding every word, `missingWords` the words none of a page of
 * partial matches holds, `showingResultsFor` the corrected query, `queryArea` the area named; `totalIsCapped` when more matched than are ranked. `plan` names the
 * steps taken (for `Server-Timing`, not part of the API's body).
 * @throws AppError BAD_REQUEST for a cursor not made by this API.
 */
async function searchRanked(db: Db, query: DirectorySearchQuery): Promise<Found> {
  const cursor = query.cursor ? decodeCursor(RankedCursorSchema, query.cursor) : undefined;
  const steps = stepTimer();
  // The shipped vocabulary with what admins taught it (issue 35.7, ADR 062); words it does not
  // know are checked against the directory's own (ADR 072).
  const vocabulary = await searchVocabulary(db);
  steps.mark('words');
  const understood = await understandQueryWithLexicon(
    query.q,
    (unknown) => lexiconCorrections(db, unknown),
    { vocabulary },
  );
  steps.mark('lexicon');
  const words: { typed: string; group: WordGroup }[] = understood.terms.map((t) => ({
    typed: t.typed,
    group: t.alternatives,
  }));
  // A make or an area alone is what was asked for: it becomes the word. An area alone is also
  // the area filter (ADR 088): its listings, read through the area's own trust order, each
  // found by its area's name ("lagos mainland" lists Yaba's listings too).
  if (words.length === 0 && understood.make)
    words.push({ typed: understood.make.matched, group: understood.make.alternatives });
  const areaAlone = words.length === 0 && understood.area ? understood.area : null;
  if (areaAlone)
    words.push({
      typed: areaAlone.matched,
      group: [areaAlone.matched, ...areaAlone.within].map((text) => ({ text, wholeWord: true })),
    });
  const none = { businesses: [], total: 0, totalIsCapped: false, nextCursor: null };
  if (words.length === 0) return { ...none, exactTotal: 0, missingWords: [], plan: 'none' };
  const offset = cursor?.o ?? 0;
  const page = await rankedSearchPage(db, {
    groups: words.map((w) => w.group),
    type: query.type,
    location: query.location,
    area: query.area ?? areaAlone?.name,
    areaAlone: !query.area && areaAlone !== null,
    openAt: openAtOf(query),
    prefer: understood.area
      ? { areas: understood.area.within, nearby: understood.area.neighbours }
      : undefined,
    favour: understood.terms.length && understood.make ? understood.make.alternatives : undefined,
    categories: understood.categories,
    offset,
    limit: query.limit,
  });
  const counts = cursor ? { e: cursor.e, p: cursor.p, x: cursor.x } : undefined;
  const exact = counts?.e ?? page.exact;
  const partial = counts?.p ?? page.partial;
  const capped = counts?.x ?? page.capped;
  steps.mark('rank');
  const shown = offset + page.rows.length;
  const businesses = await finishListings(db, page.rows);
  steps.mark('rows');
  return {
    businesses,
    total: exact + partial,
    totalIsCapped: capped,
    exactTotal: exact,
    missingWords: page.missing.map((i) => words[i]!.typed),
    showingResultsFor: understood.showingResultsFor,
    queryArea: understood.area
      ? {
          name: understood.area.name,
          slug: understood.area.slug,
          without: withoutArea(understood),
        }
      : null,
    nextCursor:
      page.rows.length === query.limit && shown < exact + partial
        ? encodeCursor<SearchCursor>({ o: shown, e: exact, p: partial, x: capped })
        : null,
    plan: `ranked ${exact}${partial ? ` + ${partial} partial` : ''} (${page.plans.join(' + ')}) · ${steps.toString()}`,
  };
}

/**
 * The query without the area it named and the stop words around it (issue 35.4: the page's way
 * to clear the area): `mechanik in surulere` → `mechanic` (corrected words, as searched), `null`
 * when the area was all the query asked for (`surulere`).
 */
function withoutArea(understood: ReturnType<typeof understandQuery>): string | null {
  const words = (understood.showingResultsFor ?? understood.normalised).split(' ');
  const area = understood.area?.matched.split(' ') ?? [];
  const at = words.findIndex((_, i) => area.every((w, k) => words[i + k] === w));
  if (at >= 0) words.splice(at, area.length);
  const stop = new Set(understood.stopWords);
  const kept = words.filter((w) => w && !stop.has(w));
  return kept.length > 0 ? kept.join(' ') : null;
}

/**
 * Directory search, one page (`GET /api/directory/search`, the home, category and no-script
 * search pages): ranked by relevance (the default, issue 35) or, with `sort=newest`, the spec's
 * newest-first substring search. A blank query finds nothing (SPEC §5: it clears the results).
 * @throws AppError BAD_REQUEST for a cursor not made by the same sort.
 */
export async function searchBusinesses(db: Db, query: DirectorySearchQuery): Promise<Found> {
  const terms = parseSearchQuery(query.q);
  if (terms.length === 0)
    return { businesses: [], total: 0, totalIsCapped: false, nextCursor: null, plan: 'none' };
  return query.sort === 'newest' ? searchNewest(db, query, terms) : searchRanked(db, query);
}
