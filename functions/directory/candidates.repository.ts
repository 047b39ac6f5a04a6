import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import {
  type CandidatePlan,
  CONTINUED_WALK_MIN,
  type FilterShares,
  MAX_WALKS,
  nextWalk,
  TRUSTED_SCORE,
  trustedRows,
  type TrustKey,
} from './candidate-plan.ts';
import { type ScanSetting, withScansOff } from './search.repository.ts';

type Db = Kysely<Database>;

/**
 * How ranked search reads one tier's candidates from `search_listings` (issue 35.8; ADR 076,
 * 087, 088, 089): walks of a trust-ordered index, bitmap scans of a GIN index (the trusted
 * band's first when it holds the tier), each with the planner's other scans switched off. The
 * choice of plan is candidate-plan.ts; the tiers and the ranking, ranked-search.repository.ts.
 */

/** The scans each plan switches off: a bitmap the index and sequential scans, a walk the bitmap and sequential ones. */
const SCANS_OFF: Record<CandidatePlan, ScanSetting[]> = {
  walk: ['enable_bitmapscan', 'enable_seqscan'],
  bitmap: ['enable_indexscan', 'enable_seqscan'],
  planner: [],
};

/**
 * How a tier's candidates were read: a plan, or walks and then a bitmap scan (ADR 087), which
 * may first read the trusted band alone (ADR 089).
 */
export type CandidateRead =
  | 'walk'
  | 'walk, walk'
  | `${'' | 'walk, then '}${'' | 'trusted, then '}${'bitmap' | 'planner'}`
  | `${'' | 'walk, then '}trusted`;

/**
 * At most `limit` ids matching `where`, in trust order (the candidates of one tier), read by
 * `plan` (SET LOCAL in a transaction when it is not the planner's own). A walk reads at most
 * `budget` rows of `walked` (the approved listings, or a category's: its trust-ordered index);
 * when they hold fewer than `limit` and more rows remain, the rate it saw chooses a longer walk
 * or the bitmap scan of the tier's `bitmap` rows ({@link nextWalk}). A bitmap scan first reads
 * the trusted band alone when it is expected to hold `limit` ({@link trustedRows}): its first
 * `limit` are then the tier's.
 */
export async function candidates(
  db: Db,
  where: RawBuilder<boolean>,
  limit: number,
  plan: CandidatePlan,
  walk: Walk & { budget: number },
): Promise<{ ids: string[]; read: CandidateRead }> {
  // The trusted band's rows when it is expected to hold the tier's `limit` (ADR 089): from the
  // bound, then from the rate a walk saw.
  let band = walk.trusted;
  // Without a bound (a word the lexicon cannot hold: "ac"), a first walk still answers a
  // broad query; a narrow one is left to the planner after it.
  if (plan === 'walk' || plan === 'planner') {
    const first = await walkIds(db, where, limit, walk, walk.budget);
    if (first.complete) return { ids: first.ids, read: 'walk' };
    // A category's walk reads what its GIN index holds, so the rate seen estimates the bitmap's
    // rows; an area's bitmap scan may read the whole area, so only the bound counts.
    const rated = walk.areas.length ? null : walk.rows;
    let { ids, last } = first;
    let read = walk.budget;
    if (rated !== null && walk.matches !== null) {
      const seen = (ids.length / read) * rated;
      band = trustedRows(Math.min(walk.matches, seen), seen, limit, walk.shares);
    }
    const bitmap = walk.bitmap === null ? null : Math.min(walk.bitmap, band ?? Infinity);
    // While the rate seen says a walk reads fewer rows than the bitmap scan, the next walk goes
    // on after the last one's last row for the candidates still lacking (ADR 088); under the
    // area filter (one walk per area, no single last row) one longer walk reads them again.
    for (let walks = 1; walks < MAX_WALKS; walks += 1) {
      const needed = last ? limit - ids.length : limit;
      const rows = nextWalk(ids.length, read, needed, bitmap, rated);
      if (rows === null) break;
      if (!last) {
        const again = await walkIds(db, where, limit, walk, rows);
        if (again.complete) return { ids: again.ids, read: 'walk, walk' };
        break;
      }
      // At least CONTINUED_WALK_MIN rows: a few candidates short, a walk sized by the rate alone
      // often falls short again.
      const size = Math.max(rows, CONTINUED_WALK_MIN);
      const next = await walkIds(db, where, needed, walk, size, last);
      ids = [...ids, ...next.ids];
      if (next.complete) return { ids, read: 'walk, walk' };
      read += size;
      last = next.last;
    }
  }
  const scan = plan === 'walk' ? 'bitmap' : plan;
  const before = plan === 'bitmap' ? '' : 'walk, then ';
  const bitmapIds = (matching: RawBuilder<boolean>) =>
    withScansOff(db, SCANS_OFF[scan], async (db) =>
      (
        await sql<{ id: string }>`
          select id from search_listings
          where ${matching}
          order by quality_score desc, created_at desc, id desc
          limit ${limit}`.execute(db)
      ).rows.map((r) => r.id),
    );
  // The band's first `limit` are the tier's first (every listing outside it ranks after them);
  // fewer, and the whole tier is read.
  if (band !== null && scan === 'bitmap') {
    const top = await bitmapIds(
      sql<boolean>`${where} and quality_score >= ${sql.lit(TRUSTED_SCORE)}`,
    );
    if (top.length >= limit) return { ids: top, read: `${before}trusted` };
  }
  const found = await bitmapIds(where);
  const tried = band !== null && scan === 'bitmap' ? 'trusted, then ' : '';
  return { ids: found, read: `${before}${tried}${scan}` };
}

/**
 * What a walk reads: `walked` in trust order (the approved listings, or a category's: their
 * trust-ordered indexes), or under the area filter each of its `areas` in trust order, merged
 * (`search_listings_area_trust_idx`); `rows` about how many that holds, `bitmap` about
 * how many rows the bitmap scan would read instead (the tier's bound, or null: unknown).
 */
export interface Walk {
  walked: RawBuilder<boolean>;
  areas: readonly string[];
  rows: number;
  bitmap: number | null;
  /** The tier's bound (null: unknown) and the filters' shares, for the trusted band. */
  matches: number | null;
  shares: FilterShares;
  /** The rows a bitmap scan of the trusted band reads, when the bound says it holds the tier. */
  trusted: number | null;
}

/**
 * The first `budget` rows of the walk in trust order (of each area, under the area filter), after
 * `after` when given, and those of them matching `where` (at most `limit`; the walk stops there):
 * `complete` when they are the tier's answer, i.e. `limit` were found or the walk read every row
 * it walks; `last`, the key of the walk's last row, when it fell short (ADR 088). Not complete
 * is always safe: the tier is then read on.
 */
async function walkIds(
  db: Db,
  where: RawBuilder<boolean>,
  limit: number,
  { walked, areas }: Walk,
  budget: number,
  after?: TrustKey,
): Promise<{ ids: string[]; complete: boolean; last: TrustKey | null }> {
  const trustOrder = sql`order by quality_score desc, created_at desc, id desc`;
  const columns = sql`id, quality_score, created_at, category_keys, type_text, location_text,
    area, open_week, search_vector`;
  const from = after
    ? sql`${walked} and (quality_score, created_at, id) <
        (${after.quality_score}::real, ${after.created_at}::timestamptz, ${after.id}::uuid)`
    : walked;
  const read = (selected: RawBuilder<unknown>) =>
    areas.length
      ? sql.join(
          areas.map(
            (area) => sql`(select ${selected} from search_listings
              where ${walked} and area = ${area} ${trustOrder} limit ${budget})`,
          ),
          sql` union all `,
        )
      : sql`select ${selected} from search_listings where ${from} ${trustOrder}
          limit ${budget}`;
  return withScansOff(db, SCANS_OFF.walk, async (db) => {
    const { rows } = await sql<{ id: string }>`
      select id from (${read(columns)}) w
      where ${where} ${trustOrder}
      limit ${limit}`.execute(db);
    const ids = rows.map((r) => r.id);
    if (ids.length >= limit) return { ids, complete: true, last: null };
    // Under the area filter a short walk is never taken as complete: the bitmap scan finishes it.
    if (areas.length) return { ids, complete: false, last: null };
    // The walk's last row (read from the index alone), after which a longer walk goes on; none
    // when the walk read its whole index.
    const { rows: ends } = await sql<{ quality_score: number; at: string; id: string }>`
      select quality_score, created_at::text as at, id from search_listings
      where ${from} ${trustOrder} offset ${budget - 1} limit 1`.execute(db);
    const last = ends[0]
      ? { quality_score: ends[0].quality_score, created_at: ends[0].at, id: ends[0].id }
      : null;
    return { ids, complete: last === null, last };
  });
}
