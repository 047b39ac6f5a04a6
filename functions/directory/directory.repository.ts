import { type Kysely, sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import type { BusinessDirectoryRow, Database } from '../db/database.ts';
import { areaNamesWithin } from '../../common/config/lagos-areas.ts';
import { containsPattern } from '../_lib/like.ts';
import { CURSOR_TIME, decodeCursor, encodeCursor } from '../_lib/cursor.ts';

type Db = Kysely<Database>;

/**
 * Which approved listings a list shows. `categoryKey` (a CATEGORY_PAGES key) reads that page's
 * partial index; `type` is the free SPEC §7 type filter (business_type, services or tags
 * contain it); `location` matches city, state or general location; `area` is an area name of
 * `common/config/lagos-areas.ts`: that area, and for an LGA its neighbourhoods too
 * (`areaNamesWithin`), matched exactly.
 */
export interface DirectoryFilter {
  categoryKey?: string | undefined;
  type?: string | undefined;
  location?: string | undefined;
  area?: string | undefined;
  featuredOnly?: boolean | undefined;
  /**
   * Open now (issue 38.4, ADR 081): only listings open at this minute of the Lagos week
   * (`lagosWeekMinute`), tested on the generated `open_week`.
   */
  openAt?: number | undefined;
}

/**
 * Position after the last row of a page in the Recommended order (ADR 071): featured first in
 * the admin's order (SPEC §7: featured desc, display_order asc), then trust (`quality_score`,
 * ADR 059), newest first, `id` as the tie-breaker. `displayOrder` is the featured position (0 for
 * a listing not featured). `quality` and `createdAt` are the database's exact text forms (a JS
 * number or Date would round a real or microseconds and skip or repeat rows).
 */
export interface ListingCursor {
  featured: boolean;
  displayOrder: number;
  quality: string;
  createdAt: string;
  id: string;
}

/** A directory row plus the exact sort keys of its position (for the next cursor). */
export type DirectoryPageRow = BusinessDirectoryRow & {
  created_at_key: string;
  quality_key: string;
};

/** A list cursor on the wire: `[featured, displayOrder, quality, createdAt, id]`. */
const ListCursorSchema = z.tuple([
  z.boolean(),
  z.number().int(),
  z.string().regex(/^-?\d+(\.\d+)?(e[-+]?\d+)?$/),
  z.string().regex(CURSOR_TIME),
  z.uuid(),
]);

/** Opaque base64url form of a list cursor for API responses. */
export const encodeListCursor = (cursor: ListingCursor): string =>
  encodeCursor([cursor.featured, cursor.displayOrder, cursor.quality, cursor.createdAt, cursor.id]);

/** @throws AppError BAD_REQUEST when the cursor was not made by {@link encodeListCursor}. */
export function decodeListCursor(text: string): ListingCursor {
  const [featured, displayOrder, quality, createdAt, id] = decodeCursor(ListCursorSchema, text);
  return { featured, displayOrder, quality, createdAt, id };
}

export function cursorOf(row: DirectoryPageRow): ListingCursor {
  return {
    featured: row.featured,
    displayOrder: row.featured ? row.display_order : 0,
    quality: row.quality_key,
    createdAt: row.created_at_key,
    id: row.id,
  };
}

function applyFilter<QB extends SelectQueryBuilder<Database, 'business_directory', any>>(
  query: QB,
  filter: DirectoryFilter,
): QB {
  let q = query;
  if (filter.categoryKey) {
    // A literal (the key comes from a fixed list) so the planner can match the partial index.
    q = q.where(sql<boolean>`category_keys @> ${sql.lit(`{${filter.categoryKey}}`)}::text[]`) as QB;
  }
  if (filter.type && filter.type.toLowerCase() !== 'all') {
    q = q.where('type_text', 'like', containsPattern(filter.type)) as QB;
  }
  if (filter.location) q = q.where('location_text', 'like', containsPattern(filter.location)) as QB;
  // Exact stored names (an LGA and its neighbourhoods), so the (area, listing order) index
  // serves it (ADR 020).
  if (filter.area) q = q.where('area', 'in', areaNamesWithin(filter.area)) as QB;
  if (filter.featuredOnly) q = q.where('featured', '=', true) as QB;
  if (filter.openAt !== undefined)
    q = q.where(sql<boolean>`open_week @> ${filter.openAt}::int`) as QB;
  return q;
}

/**
 * How far an "Open now" count reads (ADR 081): open listings are not counted by the database, so
 * their count stops here, and lists past it show this many (the first 42 pages of 24).
 */
export const OPEN_NOW_COUNT_CAP = 1_000;
/** Listings an Open now count first reads in table order, where open ones are many (by day). */
const OPEN_NOW_COUNT_WINDOW = 5_000;

/**
 * The open listings matching `filter`, up to {@link OPEN_NOW_COUNT_CAP} (ADR 081). By day most
 * listings are open: the first {@link OPEN_NOW_COUNT_WINDOW} rows read hold the cap. Otherwise
 * (at night, or a filter with few open) the count reads the open ones through the GiST index of
 * `open_week`, sequential scans off for the statement: the planner's estimate of `@>` is a
 * constant fifth of the rows, so left to itself it scans every listing to count a few.
 */
async function countOpen(db: Db, filter: DirectoryFilter): Promise<number> {
  const { openAt, ...rest } = filter;
  const window = applyFilter(db.selectFrom('business_directory').select('open_week'), rest).limit(
    OPEN_NOW_COUNT_WINDOW,
  );
  const first = await db
    .selectFrom(
      db
        .selectFrom(window.as('w'))
        .select(sql`1`.as('one'))
        .where(sql<boolean>`open_week @> ${openAt}::int`)
        .limit(OPEN_NOW_COUNT_CAP)
        .as('open'),
    )
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(first.count) >= OPEN_NOW_COUNT_CAP) return OPEN_NOW_COUNT_CAP;
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_seqscan', 'off', true)`.execute(trx);
    const open = applyFilter(trx.selectFrom('business_directory').select('id'), filter).limit(
      OPEN_NOW_COUNT_CAP,
    );
    const row = await trx
      .selectFrom(open.as('open'))
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  });
}

/** The featured position as the indexes hold it: minus display_order when featured, else 0. */
const FEATURED_POSITION = sql`(case when featured then -display_order else 0 end)`;

/**
 * The Recommended order as SQL (ADR 071), exactly as `2026_11_28_1801_recommended_by_trust`
 * indexes it, every key descending so one row comparison seeks the index.
 */
const LISTING_ORDER = sql`featured desc, ${FEATURED_POSITION} desc, quality_score desc, created_at desc, id desc`;

/** SPEC §7's order, the review orders' tie-break (their indexes, 2026_11_26_0340_reviews). */
const SPEC_ORDER = sql`featured desc, (-display_order) desc, created_at desc, id desc`;

/**
 * One page of approved listings in listing order: after `cursor` (keyset), or at `offset` for
 * numbered pages. Reads `limit + 1` rows so the caller knows whether another page follows.
 * Offset pages select ids on the (partial) index first and join the rows after, so the rows
 * skipped cost an index entry each, not a heap fetch.
 */
export async function listDirectoryPage(
  db: Db,
  filter: DirectoryFilter,
  page: { cursor?: ListingCursor | undefined; offset?: number | undefined; limit: number },
): Promise<DirectoryPageRow[]> {
  let ids = applyFilter(db.selectFrom('business_directory').select('id'), filter);
  if (page.cursor) {
    const c = page.cursor;
    ids = ids.where(
      sql<boolean>`(featured, ${FEATURED_POSITION}, quality_score, created_at, id) < (${c.featured}, ${-c.displayOrder}, ${c.quality}::real, ${c.createdAt}::timestamptz, ${c.id}::uuid)`,
    );
  }
  const pageIds = ids
    .orderBy(LISTING_ORDER)
    .offset(page.offset ?? 0)
    .limit(page.limit + 1);
  return (await db
    .selectFrom('business_directory')
    .selectAll()
    .select(
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'created_at_key',
      ),
    )
    .select(sql<string>`quality_score::text`.as('quality_key'))
    .where('id', 'in', pageIds)
    .orderBy(LISTING_ORDER)
    .execute()) as DirectoryPageRow[];
}

/**
 * Approved listings of a category page (`categoryKey`; every category when absent) in the stored
 * area names `areas` (every area when absent), summed from `directory_counts` (kept by triggers,
 * ADR 051): a few rows whatever the directory's size.
 */
export async function keptCount(
  db: Db,
  categoryKey: string | undefined,
  areas: readonly string[] | undefined,
): Promise<number> {
  const row = await db
    .selectFrom('directory_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('listings'), eb.lit(0)).as('count'))
    .where('category_key', '=', categoryKey ?? '')
    .where('area', 'in', areas ?? [''])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Number of approved listings matching `filter`. A category page, an area, both or neither are
 * read from `directory_counts` (kept by triggers, ADR 051: a few rows whatever the directory's
 * size); a type, location or featured filter is counted on the listings (an index-only count
 * for a category); Open now too, up to {@link OPEN_NOW_COUNT_CAP}.
 */
export async function countDirectory(db: Db, filter: DirectoryFilter): Promise<number> {
  const typed = filter.type && filter.type.toLowerCase() !== 'all';
  if (filter.openAt !== undefined) return countOpen(db, filter);
  if (!typed && !filter.location && !filter.featuredOnly)
    return keptCount(
      db,
      filter.categoryKey,
      filter.area ? areaNamesWithin(filter.area) : undefined,
    );
  const row = await applyFilter(
    db.selectFrom('business_directory').select((eb) => eb.fn.countAll<string>().as('count')),
    filter,
  ).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The number of approved listings of a category page (or of the whole directory) per stored
 * area name, every area that has any (at most the shipped list's 65 names), unordered. Read from
 * `directory_counts` (ADR 051).
 */
export async function countByArea(
  db: Db,
  categoryKey: string | undefined,
): Promise<{ area: string; count: number }[]> {
  return db
    .selectFrom('directory_counts')
    .select(['area', 'listings as count'])
    .where('category_key', '=', categoryKey ?? '')
    .where('area', '<>', '')
    .where('listings', '>', 0)
    .execute();
}

/** One approved listing by id, or undefined. */
export async function findDirectoryEntry(
  db: Db,
  id: string,
): Promise<BusinessDirectoryRow | undefined> {
  return db.selectFrom('business_directory').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One approved listing by its page slug, or undefined. */
export async function findDirectoryEntryBySlug(
  db: Db,
  slug: string,
): Promise<BusinessDirectoryRow | undefined> {
  return db
    .selectFrom('business_directory')
    .selectAll()
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/**
 * Slugs and last-modified times of approved listings for one sitemap file, oldest first
 * (stable: new listings append to the last file).
 */
export async function listSitemapEntries(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ slug: string; updated_at: Date }[]> {
  return (await db
    .selectFrom('business_directory')
    .select(['slug', 'updated_at'])
    .where('slug', 'is not', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .offset(offset)
    .limit(limit)
    .execute()) as { slug: string; updated_at: Date }[];
}

/** A category page's review orders: the Bayesian score, or the number of published reviews. */
export type RankedOrder = 'top_rated' | 'most_reviewed';

/**
 * Page `offset/limit` of category `categoryKey`'s approved listings (optionally of one `area`,
 * an LGA with its neighbourhoods as the Recommended order) in `order` (issue 24.5, ADR 034),
 * ties and unreviewed listings in SPEC §7's order, as directory rows. Walks the per-category
 * `_rated_idx` / `_reviewed_idx` partial index (2026_11_26_0340_reviews) for the ids, then reads
 * those rows from `business_directory`. `categoryKey` is one of the directory's category keys.
 */
export async function listRankedPage(
  db: Db,
  categoryKey: string,
  order: RankedOrder,
  page: { offset: number; limit: number; area?: string | undefined; openAt?: number | undefined },
): Promise<BusinessDirectoryRow[]> {
  const first = order === 'top_rated' ? sql`review_score desc nulls last` : sql`review_count desc`;
  let ids = db
    .selectFrom('business_registrations')
    .select('id')
    .where('status', '=', 'approved')
    .where(sql<boolean>`category_keys @> ${sql.lit(`{${categoryKey}}`)}::text[]`);
  if (page.area) ids = ids.where('area', 'in', areaNamesWithin(page.area));
  if (page.openAt !== undefined) ids = ids.where(sql<boolean>`open_week @> ${page.openAt}::int`);
  const rows = await ids
    .orderBy(sql`${first}, ${SPEC_ORDER}`)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  if (rows.length === 0) return [];
  const entries = await db
    .selectFrom('business_directory')
    .selectAll()
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const byId = new Map(entries.map((e) => [e.id, e]));
  return rows.flatMap((r) => byId.get(r.id) ?? []);
}
