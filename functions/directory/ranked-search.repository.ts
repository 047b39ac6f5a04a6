import { type Kysely, type RawBuilder, sql } from 'kysely';
import { areaNamesWithin } from '../../common/config/lagos-areas.ts';
import type { BusinessDirectoryRow, Database } from '../db/database.ts';
import { containsPattern } from '../_lib/like.ts';
import {
  allBound,
  type AreaStatistics,
  areaShare,
  bitmapRows,
  candidatePlan,
  type FilterShares,
  TRUSTED_SCORE,
  trustedRows,
  walkBudget,
  walkRows,
} from './candidate-plan.ts';
import { type CandidateRead, candidates } from './candidates.repository.ts';
import { CATEGORY_KEY_BY_FILTER } from './search.repository.ts';
import { areaStatistics, commonShare, trustedShare } from './statistics.ts';
import {
  groupPhrases,
  groupTsquery,
  type PhraseWord,
  phrasesTsquery,
  prefixWords,
  type WordGroup,
  withoutSubsumed,
} from './tsquery.ts';

export type { WordGroup } from './tsquery.ts';

type Db = Kysely<Database>;

/**
 * Relevance search on PostgreSQL (issue 35.1 and 35.8; ADR 059 the order, ADR 060 the bounded
 * candidate sets). A listing's words are the stored, weighted `search_vector` (migration
 * 2026_11_28_0401); a query is word groups, each a set of alternatives (synonyms, spellings,
 * corrections) of which one must match.
 *
 * Order: listings holding every group first, then those holding some (never a dead end);
 * within each tier the score {@link RANK_SCORE}: text relevance (`ts_rank`, name and type
 * weighing most, description least) × 10, + 1.5 in the query's area (+ 0.75 a nearby one), +
 * 0.3 × the stored `quality_score` (trust: reviews, Verified, photos, claimed, complete, hours);
 * newest and id only break ties.
 *
 * Bounded work: each tier's candidates are at most {@link RANK_CANDIDATES} listings read in
 * trust order from `search_listings`, the approved listings' searched columns (ADR 089): a walk
 * of a trust-ordered index for a broad word, a bitmap scan of a GIN index for a rarer one, as
 * candidate-plan.ts chooses and candidates.repository.ts reads; so "mechanic" at a quarter of
 * 1,000,000 listings ranks 500 rows, not 250,000. The page's rows come from the listings.
 */

/** The most listings a tier ranks, and the most a search pages through (ADR 060). */
export const RANK_CANDIDATES = 500;

/** ts_rank's weights for D (description), C (area, locality), B (categories, services, tags), A (name, type). */
const RANK_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';

export interface RankedSearchRequest {
  /** The query's word groups (at least one with a word, else nothing is found). */
  groups: readonly WordGroup[];
  /** SPEC §7 type filter (a category page's type reads its keys), `all` or blank: none. */
  type?: string | undefined;
  /** SPEC §7 location filter: city, state, general location or area contains it. */
  location?: string | undefined;
  /** Issue 16.4 area filter: this area (an LGA with its neighbourhoods), exact. */
  area?: string | undefined;
  /** Issue 38.4: open at this minute of the Lagos week (`open_week`, ADR 081). */
  openAt?: number | undefined;
  /** Issue 35.4: the area the query names, favoured (not a filter), and its nearby areas. */
  prefer?: { areas: readonly string[]; nearby: readonly string[] } | undefined;
  /** Issue 35.2: a car make's alternatives: listings naming it first among those holding every word. */
  favour?: WordGroup | undefined;
  /** ADR 088: the words are the area filter's names (an area alone): its listings are walked. */
  areaAlone?: boolean | undefined;
  /** Issue 35.2/35.5: category page keys the words imply, favoured (+0.5). */
  categories?: readonly string[] | undefined;
  /** Rows skipped (the ranked list's position) and page size. */
  offset: number;
  limit: number;
}

export interface RankedSearchPage {
  /** The page's rows in ranked order, at most `limit`. */
  rows: BusinessDirectoryRow[];
  /** Listings holding every group (exact up to {@link RANK_CANDIDATES}, else capped). */
  exact: number;
  /** Listings holding some but not all groups, ranked after them (same cap on the sum). */
  partial: number;
  /** Whether more matches exist than were ranked. */
  capped: boolean;
  /** Indexes of the groups no listing of the page holds (the words left out), when partial. */
  missing: number[];
  /** How each tier's candidates were read (`walk`, `bitmap`, `planner`, or a walk then a bitmap), for `Server-Timing`. */
  plans: CandidateRead[];
}

/**
 * The filters of a search as SQL on `search_listings`: `where` all of them, `walked` the
 * rows a walk reads in trust order (the approved listings, or a category page's: an index each,
 * ADR 087), with the category's key and the area filter's names for the statistics.
 */
function filtersOf(request: RankedSearchRequest): {
  where: RawBuilder<boolean>;
  walked: RawBuilder<boolean>;
  categoryKey: string | null;
  areas: readonly string[];
  /** No filter: the trusted band's index serves the words alone (ADR 089). */
  none: boolean;
} {
  // `search_listings` holds the approved listings only (ADR 089): no status to test.
  const everyListing = sql<boolean>`true`;
  const parts: RawBuilder<boolean>[] = [everyListing];
  let walked = everyListing;
  let categoryKey: string | null = null;
  const type = request.type?.trim().toLowerCase();
  if (type && type !== 'all') {
    categoryKey = CATEGORY_KEY_BY_FILTER.get(type) ?? null;
    if (categoryKey) {
      const category = sql<boolean>`category_keys @> ${sql.lit(`{${categoryKey}}`)}::text[]`;
      walked = category;
      parts.push(category);
    } else parts.push(sql<boolean>`type_text like ${containsPattern(type)}`);
  }
  const location = request.location?.trim().toLowerCase();
  if (location) parts.push(sql<boolean>`location_text like ${containsPattern(location)}`);
  const areas = request.area ? areaNamesWithin(request.area) : [];
  if (areas.length) parts.push(sql<boolean>`area in (${sql.join(areas)})`);
  if (request.openAt !== undefined) parts.push(sql<boolean>`open_week @> ${request.openAt}::int`);
  return {
    where: sql<boolean>`(${sql.join(parts, sql` and `)})`,
    walked,
    categoryKey,
    areas,
    none: parts.length === 1,
  };
}

const tsquery = (text: string) => sql`to_tsquery('simple'::regconfig, ${text})`;

/** A group's matches are taken as at most this many times its most frequent alternative's. */
const SHARED_SYNONYMS = 2;

/** A word `search_lexicon` can hold (ADR 072): 3–40 characters, starting with a letter. */
const LEXICON_WORD = /^[a-z][a-z0-9]{2,39}$/;

/** Words of a prefix counted at most (a short prefix's sum is already an upper bound). */
const PREFIX_WORDS = 64;

/** A prefix the lexicon holds at most this many words under is matched as those words (ADR 088). */
const EXPANDED_WORDS = 12;

/**
 * Upper bounds of the approved listings holding each group (in order; null when a word is not
 * in the lexicon, so no bound is known), from `search_lexicon`'s counts (ADR 072, 076): an
 * alternative holds at most its rarest word's listings (a prefix: the sum over its first
 * {@link PREFIX_WORDS} words), a group at most the sum of its alternatives'. One indexed
 * statement, whatever the directory's size; also returns the groups without the alternatives
 * no listing can match (`pruned`), the approved listings' count as the planner's statistics
 * know it, and the filters' shares.
 */
async function groupBounds(
  db: Db,
  groups: readonly PhraseWord[][][],
  filters: { categoryKey: string | null; areas: readonly string[]; none: boolean },
): Promise<{
  bounds: (number | null)[];
  pruned: PhraseWord[][][];
  expansions: Map<string, string[]>;
  listings: number;
  shares: FilterShares;
}> {
  const words = [...new Map(groups.flat(2).map((w) => [`${w.prefix}:${w.word}`, w])).values()];
  const categoryIndex = filters.categoryKey
    ? `search_listings_category_${filters.categoryKey}_trust_idx`
    : '';
  const { rows } = await sql<{
    key: string;
    listings: number | null;
    words: string[] | null;
    total: number;
    category: number | null;
    area: AreaStatistics | null;
    trusted: number | null;
    common: number | null;
  }>`
    select t.prefix || ':' || t.word as key,
      case when t.prefix then under.listings
      else (select listings from search_lexicon where word = t.word) end as listings,
      under.words,
      (select greatest(reltuples, 0)::int from pg_class
        where oid = 'search_listings'::regclass) as total,
      (select reltuples::int from pg_class where relname = ${categoryIndex}) as category,
      ${filters.areas.length ? areaStatistics(filters.areas) : sql`null`} as area,
      ${filters.none ? trustedShare(TRUSTED_SCORE) : sql`null`} as trusted,
      -- Only a word the lexicon cannot hold reads the statistics (one unnest per such word).
      case when t.word !~ ${LEXICON_WORD.source} then ${commonShare} end as common
    from unnest(${sql.val(words.map((w) => w.word))}::text[],
                ${sql.val(words.map((w) => w.prefix))}::boolean[]) as t(word, prefix)
    left join lateral (
      select sum(p.listings)::int as listings, array_agg(p.word order by p.word) as words
      from (select word, listings from search_lexicon
            where word >= t.word and word < t.word || '{'
            order by word limit ${sql.lit(PREFIX_WORDS)}) p
    ) under on t.prefix`.execute(db);
  const held = new Map(rows.map((r) => [r.key, r.listings]));
  const common = new Map(rows.map((r) => [r.key, r.common]));
  const total = rows[0]?.total ?? 0;
  const held1 = (w: PhraseWord) => {
    const key = `${w.prefix}:${w.word}`;
    // A word the lexicon cannot hold (under 3 letters, or not starting with a letter: "ac",
    // "406") is estimated as the planner does, from the column's statistics; never 0, so never
    // left out. Without statistics it has no bound.
    if (!LEXICON_WORD.test(w.word)) {
      const share = common.get(key);
      return share == null ? null : Math.max(1, Math.ceil(share * total));
    }
    return held.get(key) ?? 0;
  };
  // An alternative with a word no approved listing holds can match none (ADR 087): it is left
  // out of the query, whose cost grows with its alternatives (a group keeps its first).
  const pruned = groups.map((phrases) => {
    const live = phrases.filter((phrase) => !phrase.some((w) => held1(w) === 0));
    return live.length ? live : phrases.slice(0, 1);
  });
  const bounds = pruned.map((phrases) => {
    let sum = 0;
    let max = 0;
    for (const phrase of phrases) {
      const known = phrase.map(held1).filter((n): n is number => n !== null);
      if (known.length === 0) return null;
      const n = Math.min(...known);
      sum += n;
      max = Math.max(max, n);
    }
    // Synonyms mostly share their listings ("car hire" listings also say "rental"): the sum
    // of the alternatives overstates the union several times over (15,000 for 2,500 matches).
    return Math.min(sum, SHARED_SYNONYMS * max);
  });
  const expansions = new Map<string, string[]>();
  for (const row of rows) {
    const word = row.key.slice('true:'.length);
    if (!row.key.startsWith('true:') || !LEXICON_WORD.test(word) || !row.words) continue;
    if (row.words.length >= PREFIX_WORDS || row.words.length > EXPANDED_WORDS) continue;
    expansions.set(word, prefixWords(word, row.words));
  }
  const listings = rows[0]?.total ?? 0;
  const category = rows[0]?.category;
  // A category's index not yet counted (-1) or an empty directory: its share is not known.
  const categoryShare =
    category != null && category >= 0 && listings > 0 ? Math.min(1, category / listings) : 1;
  const area = rows[0]?.area ? areaShare(rows[0].area, filters.areas.length) : 1;
  // Read without filters only: under one the planner pairs the band's index with the filter's
  // and reads more than either alone ("garage" on the Parts page: 32 ms, not 12).
  const trusted = rows[0]?.trusted ?? null;
  return {
    bounds,
    pruned,
    expansions,
    listings,
    // The area filter's walk reads its areas (ADR 087); else a category's or the directory's.
    shares: filters.areas.length
      ? { indexed: area, rest: categoryShare, bitmap: categoryShare, trusted }
      : { indexed: categoryShare, rest: 1, bitmap: categoryShare, trusted },
  };
}

/**
 * One page of the ranked list (see the module comment): the candidates of each tier, then the
 * page ranked among them, read in full from `business_directory` (contact protection stays the
 * mapper's). Two or three statements, each bounded by {@link RANK_CANDIDATES}.
 */
export async function rankedSearchPage(
  db: Db,
  request: RankedSearchRequest,
): Promise<RankedSearchPage> {
  // One transaction: one connection and no BEGIN and COMMIT around each plan's statements.
  return db.isTransaction
    ? rankedPage(db, request)
    : db.transaction().execute((trx) => rankedPage(trx, request));
}

async function rankedPage(db: Db, request: RankedSearchRequest): Promise<RankedSearchPage> {
  const phrases = request.groups.map(groupPhrases);
  const words = phrases.filter((p) => p.length > 0);
  if (words.length === 0)
    return { rows: [], exact: 0, partial: 0, capped: false, missing: [], plans: [] };
  const filters = filtersOf(request);
  const { bounds, pruned, expansions, listings, shares } = await groupBounds(db, words, filters);
  // The request's groups as tsquery text, in order (null for a group without a word).
  const queue = [...pruned];
  const kept = phrases.map((p) => (p.length ? queue.shift()! : []));
  // What matches: each group without the alternatives no listing holds or another covers (the
  // same listings, a query the planner estimates and rechecks far faster); what ranks: every
  // alternative, as before (ts_rank's scale depends on the query's size).
  const groups = kept.map((p) => phrasesTsquery(withoutSubsumed(p), expansions));
  const usable = groups.filter((g): g is string => g !== null);
  const all = usable.join(' & ');
  const any = usable.join(' | ');
  const ranked = phrases
    .map((p) => phrasesTsquery(p))
    .filter((g): g is string => g !== null)
    .join(' | ');
  const known = bounds.every((b) => b !== null) ? (bounds as number[]) : null;
  const plans: CandidateRead[] = [];
  /** One tier's candidates: `matches` the bound of its matches (null: unknown), at most `limit`. */
  const tier = async (words: RawBuilder<boolean>, matches: number | null, limit: number) => {
    const plan =
      request.areaAlone && filters.areas.length
        ? 'walk'
        : candidatePlan(matches, listings, limit, shares);
    const budget = walkBudget(
      matches === null ? Infinity : walkRows(matches, listings, limit, shares),
    );
    const { ids, read } = await candidates(
      db,
      sql<boolean>`${filters.where} and ${words}`,
      limit,
      plan,
      {
        walked: filters.walked,
        areas: filters.areas,
        rows: listings * shares.indexed,
        bitmap: matches === null ? null : bitmapRows(matches, listings, shares),
        matches,
        shares,
        trusted:
          matches === null
            ? null
            : trustedRows(matches, matches * shares.indexed * shares.rest, limit, shares),
        budget,
      },
    );
    plans.push(read);
    return ids;
  };

  const exactIds = await tier(
    sql<boolean>`search_vector @@ ${tsquery(all)}`,
    known && allBound(known),
    RANK_CANDIDATES + 1,
  );
  let capped = exactIds.length > RANK_CANDIDATES;
  const exact = exactIds.slice(0, RANK_CANDIDATES);
  let partialIds: string[] = [];
  if (usable.length > 1 && exact.length < RANK_CANDIDATES) {
    partialIds = await tier(
      sql<boolean>`search_vector @@ ${tsquery(any)} and not (search_vector @@ ${tsquery(all)})`,
      known && known.reduce((a, b) => a + b, 0),
      RANK_CANDIDATES - exact.length + 1,
    );
    capped = partialIds.length > RANK_CANDIDATES - exact.length;
    partialIds = partialIds.slice(0, RANK_CANDIDATES - exact.length);
  }
  const ids = [...exact, ...partialIds];
  if (ids.length === 0 || request.offset >= ids.length)
    return {
      rows: [],
      exact: exact.length,
      partial: partialIds.length,
      capped,
      missing: [],
      plans,
    };

  const prefer = request.prefer;
  const areaBonus =
    prefer && prefer.areas.length
      ? sql`case when b.area in (${sql.join(prefer.areas)}) then 1.5
                 ${prefer.nearby.length ? sql`when b.area in (${sql.join(prefer.nearby)}) then 0.75` : sql``}
                 else 0 end`
      : sql`0`;
  // The make the motorist named is a word they typed: among the listings holding every other
  // word, those naming it come first ("mercedes specialist": a Honda specialist is not one).
  const make = request.favour ? groupTsquery(request.favour) : null;
  const namesMake = make ? sql`(b.search_vector @@ ${tsquery(make)}) desc,` : sql``;
  const categoryBonus = request.categories?.length
    ? sql`case when b.category_keys && ${sql.val([...request.categories])}::text[] then 0.5 else 0 end`
    : sql`0`;
  // The page is ranked on the candidates' `search_listings` rows (the same words, trust, area
  // and categories; the pages the tiers just read, mostly still cached: not 500 listing rows of
  // 2 KB, 5–8 ms of a search at 1,000,000 listings with a 128 MB cache); only its rows are then
  // read in full from the view and tested group by group (the words it holds).
  const { rows } = await sql<BusinessDirectoryRow & { held: string[] }>`
    select d.*, array(
      select i from unnest(${sql.val(groups.map((g) => g ?? ''))}::text[]) with ordinality g(q, i)
      where q <> '' and page.search_vector @@ to_tsquery('simple'::regconfig, q)
    )::text[] as held
    from (
      select b.id, b.search_vector, row_number() over () as position from (
        select b.id, b.search_vector from search_listings b
        where b.id = any(${sql.val(ids)}::uuid[])
        order by (b.search_vector @@ ${tsquery(all)}) desc, ${namesMake}
          10 * ts_rank(${RANK_WEIGHTS}::float4[], b.search_vector, ${tsquery(ranked)})
            + ${areaBonus} + ${categoryBonus} + 0.3 * b.quality_score desc,
          b.created_at desc, b.id desc
        offset ${request.offset}
        limit ${request.limit}) b) page
    join business_directory d on d.id = page.id
    order by page.position`.execute(db);
  const heldByPage = new Set(rows.flatMap((r) => r.held.map(Number)));
  const missing =
    partialIds.length > 0 && exact.length <= request.offset
      ? groups.flatMap((g, i) => (g !== null && !heldByPage.has(i + 1) ? [i] : []))
      : [];
  return {
    rows: rows.map(({ held: _held, ...row }) => row as BusinessDirectoryRow),
    exact: exact.length,
    partial: partialIds.length,
    capped,
    missing,
    plans,
  };
}
