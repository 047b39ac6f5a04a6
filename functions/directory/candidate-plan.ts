/**
 * How ranked search reads a tier's candidates (issue 35.8; ADR 060, 076, 087): the cost model
 * that chooses between walking a trust-ordered index and a bitmap scan of the GIN index, from
 * the lexicon's bound of the matches and the share of the directory the filters keep. Pure
 * functions; the SQL is ranked-search.repository.ts.
 */

/**
 * How a tier's candidates are read (ADR 076): `walk` the trust-ordered index testing each row
 * until enough match (cheap when many listings match), `bitmap` every match through the GIN
 * index and sort them (cheap when few do), or leave it to the planner when the lexicon cannot
 * bound the matches (a word it does not hold: 1–2 letters, digits).
 */
export type CandidatePlan = 'walk' | 'bitmap' | 'planner';

/**
 * How much of the directory a search's filters keep (ADR 087), as the statistics know it:
 * `indexed`, the share the walk's own index holds (a category page's type filter has a
 * trust-ordered index per category), and `rest`, the share of those rows the other filters keep
 * (the area filter, from the column's statistics). 1 when a filter's share is unknown.
 */
export interface FilterShares {
  indexed: number;
  rest: number;
  /** The share of a tier's matches a bitmap scan reads: a category's GIN index holds its own. */
  bitmap?: number;
  /** The trusted band's share of the listings ({@link TRUSTED_SCORE}); unknown: no band. */
  trusted?: number | null;
}

/**
 * The rows a bitmap scan reads for a tier of at most `matches` among `listings`: under a
 * category page's type filter its own GIN index holds only the category's listings (ADR 087),
 * and it never reads more than the walked rows (the planner scans an area's index instead).
 */
export function bitmapRows(
  matches: number,
  listings: number,
  shares: FilterShares = NO_FILTER,
): number {
  const walked = Math.max(listings, matches) * shares.indexed;
  return Math.min(matches * (shares.bitmap ?? shares.indexed), walked);
}

const NO_FILTER: FilterShares = { indexed: 1, rest: 1 };

/**
 * The rows a walk reads for `limit` candidates when `matches` of `listings` approved listings
 * hold the words: each row of the walked index holds them with chance `matches / listings ×
 * rest`, and the walk ends at the end of its index (`listings × indexed` rows).
 */
export function walkRows(
  matches: number,
  listings: number,
  limit: number,
  shares: FilterShares = NO_FILTER,
): number {
  const size = Math.max(listings, matches);
  const held = (Math.max(matches, 1) / Math.max(size, 1)) * shares.rest;
  return Math.min(size * shares.indexed, limit / held);
}

/**
 * The plan for a tier whose matches are at most `matches` among `listings` approved listings: a
 * walk reads {@link walkRows} rows, a bitmap scan {@link bitmapRows}, so the bitmap wins while
 * `matches < walkRows` (without filters: `matches² < limit × listings`, 10,000 matches at
 * 100,000 listings, 31,600 at 1,000,000); filters that keep few listings make the walk longer
 * and the bitmap the better choice. `matches` is an upper bound, so a walk is sometimes chosen
 * where a bitmap would have done: the walk then stops at its budget and what it found chooses
 * how the tier is finished ({@link walkBudget}, {@link nextWalk}).
 */
export function candidatePlan(
  matches: number | null,
  listings: number,
  limit: number,
  shares: FilterShares = NO_FILTER,
): CandidatePlan {
  if (matches === null) return 'planner';
  if (matches <= limit) return 'bitmap';
  const full = bitmapRows(matches, listings, shares);
  const band = trustedRows(matches, matches * shares.indexed * shares.rest, limit, shares);
  const bitmap = Math.min(full, band ?? Infinity);
  return bitmap < BITMAP_SHARE * walkRows(matches, listings, limit, shares) ? 'bitmap' : 'walk';
}

/**
 * The trusted band (ADR 089): listings whose trust (`quality_score`) is at least this much (a
 * Verified and complete listing; one with a photo, its owner and opening hours; or well
 * reviewed) have a GIN index of their own (`search_listings_trusted_words_idx`). When the band
 * holds a tier's `limit` matches, they are that tier's first `limit` in trust order (every
 * listing outside the band ranks after every one in it), so a bitmap scan of the band's matches
 * alone answers the tier: "windscreen" at 1,000,000 listings reads 8,251 rows, not 24,905.
 */
export const TRUSTED_SCORE = 2;

/** How many times a tier's `limit` the band is expected to hold before it is tried first. */
const TRUSTED_MARGIN = 1.5;

/**
 * The rows a bitmap scan of the trusted band reads for a tier of about `matches` listings
 * (`hits` of them under the filters), or null when the band is not expected to hold `limit` of
 * them (or its share is unknown): then the whole tier's bitmap scan is read.
 */
export function trustedRows(
  matches: number,
  hits: number,
  limit: number,
  shares: FilterShares,
): number | null {
  const trusted = shares.trusted;
  if (!trusted || hits * trusted < TRUSTED_MARGIN * limit) return null;
  return matches * Math.min(trusted, shares.bitmap ?? shares.indexed);
}

/**
 * The rows a walk first reads (ADR 087): twice what it was expected to read, between
 * {@link FIRST_WALK_MIN} and {@link FIRST_WALK_MAX}. The bound behind the expectation can be far
 * above the real matches ("foreign used parts": 9,600 bounded, 850 real; "breakdown" on the
 * Mechanic page: the words are rare among mechanics), so the first walk is a short one and what
 * it finds decides the rest ({@link nextWalk}).
 */
export function walkBudget(expectedRows: number): number {
  return Math.min(FIRST_WALK_MAX, Math.max(FIRST_WALK_MIN, Math.ceil(2 * expectedRows)));
}

/**
 * A walk stops at `limit` matches, so its budget only costs when matches are sparse: 1,000–3,000
 * rows, about 3–8 ms at 100,000 listings (2.7 µs a row). The first walk is a probe: a longer one
 * goes on after it when the rate it saw asks for one (ADR 088; 2,000–6,000 rows before it).
 */
const FIRST_WALK_MIN = 1000;
const FIRST_WALK_MAX = 3000;

/**
 * After a first walk of `read` rows found `found` (< `limit`) candidates: the rows a second walk
 * reads to find `limit` at the rate seen (with a margin), or null when the bitmap scan reads
 * fewer (a walk row costing {@link BITMAP_SHARE} of a bitmap row). The bitmap reads at most
 * `bitmap` rows; when the walked index has its own GIN index (`ratedRows` rows), the rate seen
 * also estimates them, often far below the lexicon's bound (the words are correlated with the
 * category). Null `bitmap`: no bound, no second walk.
 */
export function nextWalk(
  found: number,
  read: number,
  limit: number,
  bitmap: number | null,
  ratedRows: number | null,
): number | null {
  if (found === 0 || bitmap === null) return null;
  const rows = Math.ceil((1.3 * limit * read) / found);
  const estimate = ratedRows === null ? bitmap : Math.min(bitmap, (found / read) * ratedRows);
  return rows * BITMAP_SHARE < estimate ? rows : null;
}

/**
 * A walk row's cost as a share of a bitmap row's: measured at 100,000 listings on 2026-11-29
 * (ADR 088), a walk row 2.7 µs, a bitmap row 2.5–3.4 µs (more with a phrase to recheck on the
 * heap). It was 0.6 while prefixes made the GIN scan read every entry under them (ADR 087).
 */
const BITMAP_SHARE = 0.85;

/** What `pg_stats` knows of the `area` column for a list of area names (ADR 087). */
export interface AreaStatistics {
  /** The summed frequency of the names among the column's most common values, and how many were. */
  named: number;
  namedCount: number;
  /**
   * The summed frequency of all the most common values, their count, nulls, and the distinct
   * values (a count: statistics.ts turns ANALYZE's negative share of the rows into one).
   */
  common: number;
  commonCount: number;
  nulls: number;
  distinct: number;
}

/**
 * The share of listings in `count` areas: the named ones' frequencies, and for the others the
 * average of the values outside the most common (Postgres' own estimate for `=`), at least 0.1%.
 */
export function areaShare(stats: AreaStatistics, count: number): number {
  const rest = Math.max(0, 1 - stats.common - stats.nulls);
  const others = Math.max(1, stats.distinct - stats.commonCount);
  const share = stats.named + (count - stats.namedCount) * (rest / others);
  return Math.min(1, Math.max(0.001, share));
}

/**
 * The listings holding every group: at most the smallest group's bound. Not the groups taken as
 * independent (`b1 × b2 / listings`, ADR 076): a query's words go together ("dent removal":
 * the listings saying "removal" say "dent"), and that estimate chose a bitmap scan of 9,461 rows
 * where a walk found the candidates in 5,000; a first walk now finds the real rate (ADR 088).
 */
export function allBound(bounds: readonly number[]): number {
  return Math.min(...bounds);
}

/** The most walks a tier reads before the bitmap scan finishes it (ADR 088). */
export const MAX_WALKS = 4;

/** The fewest rows a walk that goes on after another reads (ADR 088). */
export const CONTINUED_WALK_MIN = 1000;

/** A listing's place in trust order: the walk's last row, after which a longer walk goes on. */
export interface TrustKey {
  quality_score: number;
  created_at: string;
  id: string;
}
