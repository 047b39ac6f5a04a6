import type { Kysely, SelectQueryBuilder } from 'kysely';
import { containsPattern } from '../_lib/like.ts';
import type { Database } from './database.ts';

/**
 * The admin's two inboxes share one shape (SPEC §3 contacts and service_requests; ADR 014):
 * a row is `pending` until an admin handles it (`handled_at`), each tab shows one status or both,
 * searched with the SPEC §5 substring search over the table's generated `search_text`. These
 * are the queries both repositories build their pages and tiles from.
 */
export type InboxTable = 'contacts' | 'service_requests';

/** A page of an inbox tab: one status (or both) and the SPEC §5 search. */
export interface InboxFilter {
  status?: 'pending' | 'handled' | undefined;
  q?: string | undefined;
}

/** Narrows `query` to `filter`. */
export function filterInbox<QB extends SelectQueryBuilder<Database, InboxTable, any>>(
  query: QB,
  filter: InboxFilter,
): QB {
  let q = query;
  if (filter.status) q = q.where('status', '=', filter.status) as QB;
  if (filter.q) q = q.where('search_text', 'like', containsPattern(filter.q)) as QB;
  return q;
}

/**
 * Newest first; handled rows most recently handled first (SPEC §2 "Recently Handled"), `id` as
 * the tie-break so pages never overlap.
 */
export function orderInbox<QB extends SelectQueryBuilder<Database, InboxTable, any>>(
  query: QB,
  status: InboxFilter['status'],
): QB {
  return (
    status === 'handled'
      ? query.orderBy('handled_at', 'desc').orderBy('id', 'desc')
      : query.orderBy('created_at', 'desc').orderBy('id', 'desc')
  ) as QB;
}

/** Rows of `table` matching `filter` (the tab's total). */
export async function countInbox(
  db: Kysely<Database>,
  table: InboxTable,
  filter: InboxFilter,
): Promise<number> {
  const row = await filterInbox(
    db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('count')),
    filter,
  ).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Rows of `table` per status (the panel's tiles), in one grouped query. */
export async function countInboxByStatus(
  db: Kysely<Database>,
  table: InboxTable,
): Promise<{ pending: number; handled: number }> {
  const rows = await db
    .selectFrom(table)
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, handled: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
