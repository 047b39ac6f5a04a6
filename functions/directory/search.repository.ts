import { type Kysely, type RawBuilder, sql } from 'kysely';
import { areaNamesWithin } from '../../common/config/lagos-areas.ts';
import type { SearchTerm } from '../../common/schemas/search.ts';
import type { BusinessDirectoryRow, Database } from '../db/database.ts';
import { containsPattern } from '../_lib/like.ts';
import { CATEGORY_PAGES } from '../../common/schemas/categories.ts';
import { keptCount } from './directory.repository.ts';

type Db = Kysely<Database>;

/**
 * Directory search queries (SPEC §7, issue 11 point 3; ADR 012). Every condition (a query term,
 * the type filter, the location filter) is an OR of case-insensitive substring tests on one
 * generated, lower-cased column; a listing matches when every condition holds. Results are in
 * the spec's order, newest first, `id` breaking ties, and paged with a keyset position.
 *
 * Each condition has two SQL forms with the same answers: `strpos(col, term) > 0`, which no
 * index serves (used while walking the newest listings in order, where it is also the cheaper
 * test), and `col LIKE '%term%'` (a regular expression for a synonym group), which the trigram GIN
 * index over the three search columns serves (used to fetch a rare match set). Which one runs is
 * decided per query from what the first window of newest listings shows, because the planner's
 * estimates for substring patterns are off by 100× either way on correlated words ("dent
 * removal") and anti-correlated ones ("vulcanizer" + type Parts).
 */

/**
 * The bounds of a search's work (ADR 012, ADR 033), one object so the integration suite can
 * shrink them and reach every plan with a few thousand listings:
 * - `window`: newest listings walked first (index-only), before deciding the plan;
 * - `totalCap`: totals are exact up to this; past it `total` is the cap, flagged `capped`, and a
 *   fetch through the trigram index stops after `totalCap + 1` matches;
 * - `countWalkMax`: most listings a count walks (index-only, newest first) before it falls back
 *   to the trigram index; `shortCountWalkMax` when no index can serve it (1–2 letter terms only:
 *   a count cut short there is a lower bound);
 * - `walkMax`: most listings a page may walk past the window (a query too common to fetch whole
 *   through the index, too rare to fill a page in the window); a page cut short there is
 *   returned with what it found and a cursor to go on from (no listing is skipped).
 */
export const SEARCH_LIMITS = {
  window: 1000,
  totalCap: 1000,
  countWalkMax: 30_000,
  shortCountWalkMax: 10_000,
  walkMax: 50_000,
};
/**
 * At or above this share of matches in the window, counting walks instead of using an index:
 * `totalCap + 1` matches are then expected within `countWalkMax` listings (ADR 033: at
 * 1,000,000 listings the trigram scan of a broad word costs 100+ ms, the walk 10–30 ms).
 */
const WALK_COUNT_MIN_SHARE = 0.04;
/**
 * Conditions matching at most this share of the window are fetched through their index, so
 * that the index intersects them and the heap reads only (nearly) true matches (ADR 033: two
 * broad conditions, as "garage" and type Parts, otherwise read 20,000 heap rows at 1,000,000).
 */
const INDEX_MAX_SHARE = 0.5;
/** …and at most this many times the share of the most selective one (ADR 033). */
const INDEX_MAX_RATIO = 10;
/** Past this share of the window for its most selective index condition, a plan is forced. */
const PLANNER_TRUSTED_SHARE = 0.05;
/** Terms shorter than pg_trgm's trigrams cannot use a trigram index. */
const MIN_INDEXABLE_LENGTH = 3;

/** A page position: the last listing shown, `createdAt` as UTC ISO text with microseconds. */
export interface SearchPosition {
  createdAt: string;
  id: string;
}

export interface SearchCriteria {
  /** Parsed query (`parseSearchQuery`); must not be empty. */
  terms: readonly SearchTerm[];
  /** SPEC §7 type filter: business_type, services or a tag contains it; `all` or blank: none. */
  type?: string | undefined;
  /** SPEC §7 location filter: city, state, general_location or area contains it. */
  location?: string | undefined;
  /**
   * Issue 16.4 area filter: the listing's `area` is this name of the shipped list, or for an
   * LGA one of its neighbourhoods (`areaNamesWithin`), exact.
   */
  area?: string | undefined;
  /** Issue 38.4: open at this minute of the Lagos week (`open_week`, ADR 081). */
  openAt?: number | undefined;
}

export interface SearchPageRequest extends SearchCriteria {
  /** Listings strictly after this position in result order; absent for the first page. */
  after?: SearchPosition | undefined;
  /** Page size (1–100). */
  limit: number;
  /** Count the whole match set (first pages); later pages reuse the first page's count. */
  withTotal: boolean;
}

/**
 * How many listings match: exact when `capped` is false; otherwise at least `count` (the cap,
 * `SEARCH_LIMITS.totalCap`, or what a bounded walk found for 1–2 character terms).
 */
export interface Total {
  count: number;
  capped: boolean;
}

/** A lower bound `n`, shown as "n+": never more than the cap. */
const capped = (n: number): Total => ({
  count: Math.min(n, SEARCH_LIMITS.totalCap),
  capped: true,
});

export interface SearchPage {
  rows: BusinessDirectoryRow[];
  /** Position of the last row when more rows follow, else null. */
  next: SearchPosition | null;
  /** Present when `withTotal`. */
  total?: Total;
  /**
   * How the page was found, for `Server-Timing` and `npm run bench:search` (ADR 012, 033): the
   * steps taken, e.g. `walk 1000 · index fetch` or `walk 64 · count walk`.
   */
  plan: string;
}

/** One condition of a search: a query term (with its synonyms), the type or the location filter. */
interface Condition {
  /** Per-row test (strpos, or category_keys containment for a category page's type). */
  filter: RawBuilder<boolean>;
  /** The same test as the trigram GIN index serves it, or null for 1–2 character terms. */
  indexed: RawBuilder<boolean> | null;
  /**
   * The filter an area or category walk reads only listings of (ADR 050): such a walk skips its
   * test (the category's walk index does not hold `category_keys`).
   */
  heldBy?: 'area' | 'category';
  /** A column the walks read besides {@link WALK_COLUMNS} (from the heap: Open now's `open_week`). */
  reads?: 'open_week';
}

/** `text` as a POSIX regular expression matching itself (non-alphanumerics escaped). */
function regexLiteral(text: string): string {
  return text.replace(/[^\p{L}\p{N} ]/gu, (c) => `\\${c}`);
}

function textCondition(
  column: 'search_text' | 'type_text' | 'location_text',
  alternatives: readonly string[],
): Condition {
  const col = sql.ref(column);
  const filter = sql<boolean>`(${sql.join(
    alternatives.map((a) => sql`strpos(${col}, ${a}) > 0`),
    sql` or `,
  )})`;
  const indexable = alternatives.every((a) => a.length >= MIN_INDEXABLE_LENGTH);
  // One alternative: LIKE. Several: one regular expression, so the group joins the other terms
  // in a single GIN scan instead of a BitmapOr the planner may decline (ADR 012).
  const indexed = !indexable
    ? null
    : alternatives.length === 1
      ? sql<boolean>`${col} like ${containsPattern(alternatives[0]!)}`
      : sql<boolean>`${col} ~ ${`(${alternatives.map(regexLiteral).join('|')})`}`;
  return { filter, indexed };
}

/**
 * A category page's type filter, lower-cased, → its key in `category_keys`. The database computes
 * the keys from the same filters (migration 2026_11_23_0001, frozen); `category-keys.test.ts`
 * checks the two agree, so no code outside the migrations imports a migration (issue 25.4).
 */
export const CATEGORY_KEY_BY_FILTER: ReadonlyMap<string, string> = new Map(
  Object.entries(CATEGORY_PAGES).map(([key, page]) => [page.typeFilter.toLowerCase(), key]),
);

/**
 * The conditions of a search: one per term, then the filters. A type filter equal to a category
 * page's type (SPEC §2) is tested row by row on the stored `category_keys`, which holds exactly
 * the pages whose type type_text contains (migration 2026_11_23_0001), a cheaper test.
 */
function conditionsOf(criteria: SearchCriteria): Condition[] {
  const conditions = criteria.terms.map((term) => textCondition('search_text', term));
  const type = criteria.type?.trim().toLowerCase();
  if (type && type !== 'all') {
    const key = CATEGORY_KEY_BY_FILTER.get(type);
    const condition = textCondition('type_text', [type]);
    // The same rows: category_keys holds the pages whose type type_text contains. Written as
    // `= any`, which no index serves: the planner never adds the category's partial index to a
    // bitmap (240,000 rows at 1,000,000, a lossy bitmap), the walk tests it row by row.
    if (key) condition.filter = sql<boolean>`${sql.lit(key)} = any(category_keys)`;
    if (key) condition.heldBy = 'category';
    conditions.push(condition);
  }
  const location = criteria.location?.trim().toLowerCase();
  if (location) conditions.push(textCondition('location_text', [location]));
  if (criteria.area) {
    // Exact names (an LGA and its neighbourhoods), on the walk index's included `area`
    // (2026_11_23_0059) or the area btree.
    const names = areaNamesWithin(criteria.area);
    const test = sql<boolean>`area in (${sql.join(names)})`;
    conditions.push({ filter: test, indexed: test, heldBy: 'area' });
  }
  if (criteria.openAt !== undefined) {
    // The walks then read `open_week` from the heap, still at most their window (ADR 081).
    const test = sql<boolean>`open_week @> ${criteria.openAt}::int`;
    conditions.push({ filter: test, indexed: test, reads: 'open_week' });
  }
  return conditions;
}

/**
 * Where the walks read listings in result order (ADR 050): every listing (the covering walk index
 * of 2026_11_23_0059), or only those of the area filter (an LGA: each of its neighbourhoods,
 * merged) or of the type filter's category, each on a covering index in the same order
 * (2026_11_27_0070). A filter's own index holds its matches densely: "garage" in Shomolu is one
 * listing in 16 there and one in 1,000 of the whole directory at 1,000,000 listings.
 */
interface WalkSource {
  /** Area names (exact) when walking an area's listings. */
  areas?: readonly string[];
  /** A category key when walking a category's listings. */
  category?: string;
}

/** Every listing: the walk index of 2026_11_23_0059. */
const EVERY_LISTING: WalkSource = {};

/** The smallest source the filters allow: the area (a few percent), else the category. */
function walkSourceOf(criteria: SearchCriteria): WalkSource {
  if (criteria.area) return { areas: areaNamesWithin(criteria.area) };
  const type = criteria.type?.trim().toLowerCase();
  const category = type ? CATEGORY_KEY_BY_FILTER.get(type) : undefined;
  return category ? { category } : {};
}

/** `walk` for every listing, `area walk` / `category walk` for a filter's own index. */
const sourceLabel = (source: WalkSource) =>
  source.areas ? 'area walk' : source.category ? 'category walk' : 'walk';

const WALK_COLUMNS = sql`id, created_at, search_text, type_text, location_text, category_keys, area`;

/**
 * The first `limit` listings of `source` after `after`, in result order, with the columns the
 * walks test ({@link WALK_COLUMNS}), read from the source's covering index. Several area names
 * are each read in order and merged.
 */
function newestOf(
  source: WalkSource,
  after: SearchPosition | undefined,
  limit: number,
  conditions: readonly Condition[],
) {
  const columns = conditions.some((c) => c.reads) ? sql`${WALK_COLUMNS}, open_week` : WALK_COLUMNS;
  const ordered = (where: RawBuilder<boolean>) => sql`
    select ${columns} from business_directory
    where ${where} and ${afterPosition(after)}
    order by created_at desc, id desc
    limit ${limit}`;
  if (source.category)
    return ordered(sql<boolean>`category_keys @> ${sql.lit(`{${source.category}}`)}::text[]`);
  if (!source.areas) return ordered(sql<boolean>`true`);
  if (source.areas.length === 1) return ordered(sql<boolean>`area = ${source.areas[0]}`);
  return sql`
    select * from (${sql.join(
      source.areas.map((name) => sql`(${ordered(sql<boolean>`area = ${name}`)})`),
      sql` union all `,
    )}) merged
    order by created_at desc, id desc
    limit ${limit}`;
}

const KEY = sql<string>`to_char(walked.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function afterPosition(after: SearchPosition | undefined): RawBuilder<boolean> {
  return after
    ? sql<boolean>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql<boolean>`true`;
}

const and = (parts: RawBuilder<boolean>[]) =>
  parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : sql<boolean>`true`;

/** A listing found, in full, with its position key (UTC ISO created_at with microseconds). */
type Hit = BusinessDirectoryRow & { key: string };

interface WalkRow extends Partial<BusinessDirectoryRow> {
  id: string;
  key: string;
  /** 1-based position of the row among the listings walked. */
  ord: number;
  /** Whether the row matches every condition (the last row of a full window may not). */
  m: boolean;
  /** Rows matching each condition alone among the first `ord` walked. */
  c: number[];
}

const flag = (i: number) => sql.id(`b${i}`);

/** A condition's test on a listing walked from `source`: none when the source holds it. */
const walkTest = (source: WalkSource) => (c: Condition) =>
  (c.heldBy === 'area' && source.areas) || (c.heldBy === 'category' && source.category)
    ? sql<boolean>`true`
    : c.filter;

/**
 * Walks at most `window` listings after `after` in result order on the covering index
 * (index-only, no heap reads), each condition evaluated once per row, and stops after the
 * `limit + 1`-th match. Returns the matches in full, and when the walk ran through the whole
 * window its last row too (its id, key, `ord` and `c` only), whose running counts `c` say how
 * selective each condition is (for {@link indexPlan}) and whose key is where a walk goes on.
 */
async function walkNewest(
  db: Db,
  source: WalkSource,
  conditions: Condition[],
  after: SearchPosition | undefined,
  limit: number,
  window: number,
  counts = true,
): Promise<WalkRow[]> {
  const running = sql`over (order by created_at desc, id desc rows unbounded preceding)`;
  // Without the per-condition counts, `m` is one AND that stops at the first false test.
  const flags = counts
    ? sql.join(conditions.map((c, i) => sql`${walkTest(source)(c)} as ${flag(i)}`))
    : sql`${and(conditions.map(walkTest(source)))} as m`;
  const m = counts ? and(conditions.map((_, i) => sql<boolean>`${flag(i)}`)) : sql`m`;
  const c = counts
    ? sql`array[${sql.join(conditions.map((_, i) => sql`count(*) filter (where ${flag(i)}) ${running}`))}]::int[]`
    : sql`'{}'::int[]`;
  const { rows } = await sql<WalkRow>`
    select listing.*, walked.id, ${KEY.as('key')}, ord, m, c
    from (
      select id, created_at, ord::int, m, c
      from (
      select id, created_at, ${m} as m, row_number() ${running} as ord, ${c} as c
      from (
        select id, created_at, ${flags}
        from (${newestOf(source, after, window, conditions)}) newest
        order by created_at desc, id desc
        offset 0
      ) flagged
      ) walked
      where m or ord = ${window}
      limit ${limit + 2}
    ) walked
    left join business_directory listing on m and listing.id = walked.id
    order by ord`.execute(db);
  return rows;
}

/**
 * The conditions to fetch through their indexes (measured, ADR 012, ADR 033): the most selective
 * indexable one, and every other that matched at most {@link INDEX_MAX_SHARE} of the walked
 * window and at most {@link INDEX_MAX_RATIO} times the most selective one's share (GIN scans of
 * such terms intersect cheaply, while a word in every listing, like "lagos", costs more to scan
 * than to check); the rest are checked on the fetched rows. Terms of 1–2 characters
 * have no trigrams: with nothing indexable there is no fetch (the page is walked, ADR 033).
 */
function indexPlan(conditions: Condition[], stats: WalkRow | undefined): IndexPlan {
  const size = Math.max(stats?.ord ?? 0, 1);
  const indexable = conditions
    .map((condition, i) => ({ condition, share: (stats?.c[i] ?? 0) / size }))
    .filter((c) => c.condition.indexed)
    .sort((a, b) => a.share - b.share);
  // A condition joins the most selective one in the index scan when it is not too broad in
  // itself, nor much broader than that one: scanning its posting lists must cost less than
  // checking it on the few heap rows the most selective condition leaves (ADR 033: "mechanic"
  // with area Badagry read 408,000 postings at 1,000,000 listings to save 2,700 heap rows).
  const broadest = Math.min(
    INDEX_MAX_SHARE,
    INDEX_MAX_RATIO * Math.max(indexable[0]?.share ?? 0, 1 / size),
  );
  const chosen = new Set(
    indexable.filter((c, i) => i === 0 || c.share <= broadest).map((c) => c.condition),
  );
  return {
    where: and(conditions.map((c) => (chosen.has(c) ? c.indexed! : c.filter))),
    force: indexable.length > 0 && indexable[0]!.share > PLANNER_TRUSTED_SHARE,
  };
}

interface IndexPlan {
  where: RawBuilder<boolean>;
  /**
   * Whether to rule out sequential and ordered scans for the fetch: when even the most selective
   * indexed condition matched over {@link PLANNER_TRUSTED_SHARE} of the window, the planner's
   * estimate may favour scanning everything (measured 3–10× slower here). Below it the planner
   * picks the bitmap scan by itself, and the fetch saves three round trips.
   */
  force: boolean;
}

/** Planner settings a search may switch off for one statement (ADR 033, 076). */
export type ScanSetting =
  'enable_seqscan' | 'enable_indexscan' | 'enable_indexonlyscan' | 'enable_bitmapscan';

/**
 * Runs `query` in a transaction with the planner's `off` scans switched off (SET LOCAL, so only
 * for it); with none, as it is.
 */
export async function withScansOff<T>(
  db: Db,
  off: readonly ScanSetting[],
  query: (db: Db) => Promise<T>,
): Promise<T> {
  if (off.length === 0) return query(db);
  // JIT compilation is off too: a plan with a scan switched off is costed far above
  // `jit_above_cost`, and compiling it took 90 ms of a 96 ms walk at 1,000,000 listings
  // (ADR 088). So are parallel workers: a bitmap scan of 25,000 rows took 55 ms with two and
  // 38 ms without (ADR 089), the workers' start and merge costing more than they share. Both
  // stay off for the rest of a caller's transaction.
  const set = (value: 'on' | 'off') =>
    sql`select ${sql.join(
      [
        ...off.map((name) => [name, value]),
        ...(value === 'off'
          ? [
              ['jit', 'off'],
              ['max_parallel_workers_per_gather', '0'],
            ]
          : []),
      ].map(([name, setting]) => sql`set_config(${name}, ${setting}, true)`),
    )}`;
  // Inside a caller's transaction (one connection for a whole search, ADR 088): switched off
  // for `query`, then on again. Not after a failure: the transaction is then aborted, and a
  // statement sent to it would hide the error behind "current transaction is aborted".
  if (db.isTransaction) {
    await set('off').execute(db);
    const result = await query(db);
    await set('on').execute(db);
    return result;
  }
  return db.transaction().execute(async (trx) => {
    await set('off').execute(trx);
    return query(trx);
  });
}

/** Runs `query` with only bitmap scans allowed when `force`, in a transaction (SET LOCAL). */
const withPlan = <T>(db: Db, force: boolean, query: (db: Db) => Promise<T>): Promise<T> =>
  withScansOff(
    db,
    force ? ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'] : [],
    query,
  );

/**
 * The matches after `after` through the indexes, at most `totalCap + 1` of them, sorted: the
 * first `limit + 1` and how many were fetched (`total`). Used when the newest window held fewer
 * than a page. When `total` is at most the cap these are all the matches, so the page and the
 * count are exact; past it they are an arbitrary `totalCap + 1` (the heap is read in physical
 * order), so the caller takes only the count from them (ADR 033: the work is bounded by the cap,
 * not by the size of the match set, which at 1,000,000 listings is 15,000 rows for an area).
 */
async function fetchThroughIndex(
  db: Db,
  conditions: Condition[],
  stats: WalkRow | undefined,
  after: SearchPosition | undefined,
  limit: number,
): Promise<(Hit & { total: number })[]> {
  const plan = indexPlan(conditions, stats);
  // A LIMIT makes a sequential scan look cheap to the planner: always rule it out.
  return withPlan(db, true, async (trx) => {
    const { rows } = await sql<Hit & { total: number }>`
      select listing.*, ${KEY.as('key')}, total
      from (
        select id, created_at, (count(*) over ())::int as total
        from (
          select id, created_at
          from business_directory
          where ${plan.where} and ${afterPosition(after)}
          limit ${SEARCH_LIMITS.totalCap + 1}
        ) matches
        order by created_at desc, id desc
        limit ${limit + 1}
      ) walked
      join business_directory listing on listing.id = walked.id
      order by walked.created_at desc, walked.id desc`.execute(trx);
    return rows;
  });
}

/**
 * Matches counted by walking at most `max` listings newest first on the covering index
 * (index-only), stopping after `totalCap + 1` (broad queries get there within a few thousand
 * rows). A count cut short by `max` is a lower bound, flagged `capped` and `truncated`.
 */
async function countByWalking(
  db: Db,
  source: WalkSource,
  conditions: Condition[],
  max: number,
): Promise<Total & { truncated: boolean }> {
  const cap = SEARCH_LIMITS.totalCap;
  const { rows } = await sql<{ n: number; truncated: boolean }>`
    select (count(*) filter (where m))::int as n, coalesce(bool_or(ord = ${max}), false) as truncated
    from (
      select m, ord
      from (
        select ${and(conditions.map(walkTest(source)))} as m, row_number() over () as ord
        from (${newestOf(source, undefined, max, conditions)}) listings
      ) tested
      where m or ord = ${max}
      limit ${cap + 2}
    ) counted`.execute(db);
  const { n, truncated } = rows[0]!;
  return { ...(n > cap || truncated ? capped(n) : { count: n, capped: false }), truncated };
}

/** Matches counted up to `totalCap + 1` through the indexes (moderately rare queries). */
async function countThroughIndex(
  db: Db,
  conditions: Condition[],
  stats: WalkRow | undefined,
): Promise<Total> {
  const plan = indexPlan(conditions, stats);
  // A LIMIT makes a sequential scan look cheap to the planner: always rule it out.
  return withPlan(db, true, async (trx) => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from (
        select 1 from business_directory
        where ${plan.where}
        limit ${SEARCH_LIMITS.totalCap + 1}
      ) capped`.execute(trx);
    const n = rows[0]!.n;
    return n > SEARCH_LIMITS.totalCap ? capped(n) : { count: n, capped: false };
  });
}

/**
 * The total of a query, `density` being the share of its matches among the listings of `source`
 * read so far: counted by walking the source newest first when the matches are dense there
 * (within `countWalkMax`, ADR 033) or the source is an area of at most `countWalkMax` listings
 * (ADR 050), else, or when that walk is cut short, through the indexes up to `totalCap + 1` (planned from the first window's
 * `stats`). With no term of 3+ letters (no index can serve it) the walk's count is kept, a lower
 * bound when cut short. Appends the steps to `plan`.
 */
async function countMatches(
  db: Db,
  source: WalkSource,
  conditions: Condition[],
  stats: WalkRow | undefined,
  density: number,
  plan: string[],
): Promise<Total> {
  const indexable = conditions.some((c) => c.indexed);
  const walkable =
    density >= WALK_COUNT_MIN_SHARE ||
    (source.areas !== undefined &&
      (await keptCount(db, undefined, source.areas)) <= SEARCH_LIMITS.countWalkMax);
  if (!indexable || walkable) {
    plan.push(`count ${sourceLabel(source)}`);
    const { truncated, ...counted } = await countByWalking(
      db,
      source,
      conditions,
      indexable ? SEARCH_LIMITS.countWalkMax : SEARCH_LIMITS.shortCountWalkMax,
    );
    // A term common among the newest listings and rare before them: count it exactly.
    if (!truncated || !indexable) return counted;
  }
  plan.push(`count index${forcedLabel(conditions, stats)}`);
  return countThroughIndex(db, conditions, stats);
}

/** How many of the window's listings (`stats`) hold the filter `source` walks (all: every one). */
function sourceRows(source: WalkSource, conditions: Condition[], stats: WalkRow): number {
  const held = source.areas ? 'area' : source.category ? 'category' : undefined;
  const i = held ? conditions.findIndex((c) => c.heldBy === held) : -1;
  return i < 0 ? stats.ord : (stats.c[i] ?? 0);
}

/**
 * Whether a query whose window (`stats`) held no page walks its filter's own listings (ADR 050):
 * an area's, unless a word of 3+ letters matched none of the window (a rare word: its fetch
 * through the trigram index is cheap and exact, while the area may be an LGA of 100,000+
 * listings); a category's when its words are too common to fetch (the fetch would be forced).
 */
function walksOwnListings(source: WalkSource, conditions: Condition[], stats: WalkRow): boolean {
  if (source.areas)
    return !conditions.some((c, i) => c.indexed && !c.heldBy && (stats.c[i] ?? 0) === 0);
  return source.category !== undefined && indexPlan(conditions, stats).force;
}

/**
 * Whether `matches` of the newest `window` listings predict more than twice `totalCap` matches
 * over every approved listing (`directory_counts`, ADR 051): at 1,000,000 listings three do, at
 * 100,000 none can (a page is 20). A prediction only decides what runs at the same time.
 */
async function overCapLikely(db: Db, matches: number, window: number): Promise<boolean> {
  if (matches === 0) return false;
  const listings = await keptCount(db, undefined, undefined);
  return (matches / window) * listings > 2 * SEARCH_LIMITS.totalCap;
}

/**
 * One page of search results in the spec's order (created_at desc, id desc) after `after`, and
 * on request the total: exact up to `SEARCH_LIMITS.totalCap`, else the cap flagged `capped`.
 * Only the page's rows are read in full. Plan per query (ADR 012, ADR 033, ADR 050), every step
 * bounded whatever the size of the directory:
 * 1. walk the newest `window` listings; a page found there is done (a broad query);
 * 2. the walk reached the oldest listing: these are all the matches;
 * 3. with an area filter, or a category's type filter and words too common to fetch, walk that
 *    area's or category's own listings ({@link walksOwnListings}), at most `walkMax`, until the
 *    page is full;
 * 4. else fetch the matches through the trigram index, at most `totalCap + 1`: when that is all
 *    of them, the page and the total are exact (a rare query);
 * 5. else (more matches than the cap, or no term of 3+ letters to use the index) walk on past the
 *    window until the page is full or `walkMax` listings more were read.
 * A page cut short by `walkMax` holds the matches found and a cursor after the last listing read.
 * Totals: {@link countMatches}.
 */
export async function searchPage(db: Db, request: SearchPageRequest): Promise<SearchPage> {
  if (request.terms.length === 0) throw new Error('searchPage needs at least one term');
  const { window, totalCap, walkMax } = SEARCH_LIMITS;
  const { limit, withTotal } = request;
  const source = walkSourceOf(request);
  const conditions = conditionsOf(request);
  const walked = await walkNewest(db, EVERY_LISTING, conditions, request.after, limit, window);
  const matches = walked.filter((r) => r.m) as Hit[];
  const last = walked.at(-1);
  const plan = [`walk ${last?.ord ?? 0}`];
  let hits: Hit[] = matches;
  let total: SearchPage['total'];
  /** Where a page cut short by `walkMax` goes on (the last listing read). */
  let resume: SearchPosition | null = null;
  /** Walks `from` on from `after` until the page is full: the matches and the rows read. */
  const walkOn = async (from: WalkSource, after: SearchPosition | undefined, found: Hit[]) => {
    const on = await walkNewest(db, from, conditions, after, limit - found.length, walkMax, false);
    const end = on.at(-1);
    const all = [...found, ...(on.filter((r) => r.m) as Hit[])];
    const cut = all.length <= limit && end?.ord === walkMax;
    return {
      hits: all,
      read: end?.ord ?? 0,
      resume: cut ? { createdAt: end.key, id: end.id } : null,
    };
  };
  if (matches.length > limit) {
    // A page within the window: a broad query.
    if (withTotal) {
      const density = matches.length / Math.max(sourceRows(source, conditions, last!), 1);
      total = await countMatches(db, source, conditions, last, density, plan);
    }
  } else if (last?.ord !== window) {
    // The walk reached the oldest listing: these are all the matches.
    if (withTotal) total = { count: matches.length, capped: false };
  } else if (walksOwnListings(source, conditions, last)) {
    // The filter's own listings hold the matches densely (ADR 050).
    const own = await walkOn(source, request.after, []);
    ({ hits, resume } = own);
    const read = own.read;
    plan.push(`${sourceLabel(source)} ${read}`);
    if (withTotal)
      total =
        hits.length <= limit && read < walkMax
          ? { count: hits.length, capped: false }
          : await countMatches(db, source, conditions, last, hits.length / read, plan);
  } else {
    const indexable = conditions.some((c) => c.indexed);
    const from = { createdAt: last.key, id: last.id };
    // Matches in the window that predict more than twice the cap over the whole directory
    // (ADR 050): the walk on will be needed, so it runs beside the fetch, not after it.
    const walking =
      indexable && (await overCapLikely(db, matches.length, window))
        ? walkOn(EVERY_LISTING, from, matches)
        : undefined;
    let fetched: (Hit & { total: number })[] | undefined;
    if (indexable) {
      plan.push(`index fetch${forcedLabel(conditions, last)}`);
      // Both settle before going on (a failure of either fails the search, none is left unheard).
      [fetched] = await Promise.all([
        fetchThroughIndex(db, conditions, last, request.after, limit),
        walking,
      ]);
    }
    const fetchedAll = fetched !== undefined && (fetched[0]?.total ?? 0) <= totalCap;
    if (fetchedAll) {
      hits = fetched!;
      if (withTotal) total = { count: fetched![0]?.total ?? 0, capped: false };
    } else {
      const on = await (walking ?? walkOn(EVERY_LISTING, from, matches));
      ({ hits, resume } = on);
      plan.push(`walk on ${on.read}${walking ? ' (beside)' : ''}`);
      if (withTotal)
        total = fetched
          ? capped(totalCap + 1)
          : await countMatches(db, EVERY_LISTING, conditions, last, 0, plan);
    }
  }

  const page = hits.slice(0, limit);
  const end = page.at(-1);
  return {
    rows: page.map(({ key: _key, ...row }) => row as BusinessDirectoryRow),
    next: hits.length > limit && end ? { createdAt: end.key, id: end.id } : resume,
    ...(total ? { total } : {}),
    plan: plan.join(' · '),
  };
}

/** ` (forced)` when the index fetch rules out other scans ({@link IndexPlan.force}). */
const forcedLabel = (conditions: Condition[], stats: WalkRow | undefined) =>
  indexPlan(conditions, stats).force ? ' (forced)' : '';
