import type { SelectQueryBuilder } from 'kysely';

/**
 * Paging of the admin's lists (issue 39.4, ADR 066): every tab is a numbered page of `limit`
 * rows and the total of its filter. Services turn the page number into a window with
 * {@link pageWindow} and read rows and total with {@link paged}; repositories build one filtered
 * query and take its page with {@link pageOf} and its total with {@link countOf}. The directory's
 * public lists page with keyset cursors instead (functions/_lib/cursor.ts).
 */

/** A 1-based page number and its size (rows), as the admin's list schemas parse them. */
export interface PageQuery {
  page: number;
  limit: number;
}

/** The rows to skip and to take. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** The window of page `page` (1-based) of `limit` rows: `offset = (page - 1) × limit`. */
export function pageWindow(query: PageQuery): PageWindow {
  return { offset: (query.page - 1) * query.limit, limit: query.limit };
}

/**
 * One page of a list and its filter's total, read in parallel: `list` gets the page's window.
 * @returns `{ rows, total }`, `total` being every row of the filter (not only this page's).
 */
export async function paged<T>(
  query: PageQuery,
  list: (window: PageWindow) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const [rows, total] = await Promise.all([list(pageWindow(query)), count()]);
  return { rows, total };
}

/** The rows of `window` of an ordered query. */
export function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  window: PageWindow,
): Promise<O[]> {
  return query.offset(window.offset).limit(window.limit).execute();
}

/** How many rows a filtered query has: its selection (and any order) replaced by `count(*)`. */
export async function countOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = (await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow()) as { count: string };
  return Number(row.count);
}
