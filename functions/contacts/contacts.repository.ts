import {
  countInbox,
  countInboxByStatus,
  filterInbox,
  type InboxFilter,
  orderInbox,
} from '../db/inbox-queries.ts';
import type { Kysely, Selectable } from 'kysely';
import type { ContactsTable, Database } from '../db/database.ts';

/** Queries of the contacts table (SPEC §3 contacts). `db` may be a transaction. */
type Db = Kysely<Database>;
export type ContactRow = Omit<Selectable<ContactsTable>, 'search_text'>;

const COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'subject',
  'message',
  'status',
  'created_at',
  'handled_at',
  'handled_by',
  'email_status',
] as const;

/** A page of the tab: one status (or both) and the SPEC §5 search. */
export type ContactFilter = InboxFilter;

export async function insert(
  db: Db,
  values: Pick<ContactRow, 'name' | 'email' | 'phone' | 'subject' | 'message'>,
): Promise<string> {
  const row = await db
    .insertInto('contacts')
    .values({ ...values, status: 'pending', handled_at: null, handled_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setEmailStatus(db: Db, id: string, status: 'sent' | 'failed'): Promise<void> {
  await db.updateTable('contacts').set({ email_status: status }).where('id', '=', id).execute();
}

/** One page, newest first; handled messages most recently handled first (Recently Handled). */
export function listPage(
  db: Db,
  filter: ContactFilter,
  page: { offset: number; limit: number },
): Promise<ContactRow[]> {
  const query = filterInbox(db.selectFrom('contacts').select(COLUMNS), filter);
  return orderInbox(query, filter.status).offset(page.offset).limit(page.limit).execute();
}

export function count(db: Db, filter: ContactFilter): Promise<number> {
  return countInbox(db, 'contacts', filter);
}

/** Messages per status (the panel's tiles), in one grouped query. */
export function countByStatus(db: Db): Promise<{ pending: number; handled: number }> {
  return countInboxByStatus(db, 'contacts');
}

/** Marks a pending message handled now by `adminId`; undefined when missing or handled already. */
export function markHandled(
  db: Db,
  id: string,
  adminId: string | null,
): Promise<ContactRow | undefined> {
  return db
    .updateTable('contacts')
    .set({ status: 'handled', handled_at: new Date(), handled_by: adminId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function exists(db: Db, id: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('contacts').select('id').where('id', '=', id).executeTakeFirst(),
  );
}

/** @returns how many rows were deleted (0 or 1). */
export async function remove(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('contacts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every message. @returns how many. */
export async function removeAll(db: Db): Promise<number> {
  const result = await db.deleteFrom('contacts').executeTakeFirst();
  return Number(result.numDeletedRows);
}
