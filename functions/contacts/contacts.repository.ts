import type { Kysely, Selectable } from 'kysely';
import type { ContactsTable, Database } from '../db/database.ts';

/** Queries of the contacts table (SPEC §3 contacts). `db` may be a transaction. */
type Db = Kysely<Database>;
export type ContactRow = Selectable<ContactsTable>;

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

/** Every message, newest first. */
export function listAll(db: Db): Promise<ContactRow[]> {
  return db.selectFrom('contacts').selectAll().orderBy('created_at', 'desc').execute();
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
    .returningAll()
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
