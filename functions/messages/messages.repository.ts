import type { Insertable, Kysely, Selectable } from 'kysely';
import type { MessageOutcome } from '../../src/schemas/messages.ts';
import type { Database, SentMessagesTable } from '../db/database.ts';

/**
 * Queries of admin messaging: the people and businesses one can write to, and sent_messages
 * (SPEC §3). `db` may be a transaction.
 */
type Db = Kysely<Database>;
/** A sent_messages row; `outcomes` is the jsonb list only sendMessage writes. */
export type SentMessageRow = Omit<Selectable<SentMessagesTable>, 'outcomes'> & {
  outcomes: MessageOutcome[];
};

/** Every account's id, e-mail and display name, newest first. */
export function listUserRecipients(db: Db) {
  return db
    .selectFrom('user as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.email', 'p.display_name'])
    .orderBy('u.created_at', 'desc')
    .execute();
}

/** Every listing (any status) with its e-mail, by name. */
export function listBusinessRecipients(db: Db) {
  return db
    .selectFrom('business_registrations')
    .select(['id', 'email', 'business_name', 'business_type', 'status', 'verification_status'])
    .orderBy('business_name')
    .execute();
}

/** The e-mails of these accounts (unknown ids are left out). */
export async function userEmails(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db.selectFrom('user').select('email').where('id', 'in', ids).execute();
  return rows.map((r) => r.email);
}

/** The e-mails of these listings (unknown ids and listings without an e-mail are left out). */
export async function businessEmails(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('business_registrations')
    .select('email')
    .where('id', 'in', ids)
    .execute();
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}

/** Sent messages, newest first. */
export async function listSent(db: Db): Promise<SentMessageRow[]> {
  return (await db
    .selectFrom('sent_messages')
    .selectAll()
    .orderBy('sent_at', 'desc')
    .execute()) as SentMessageRow[];
}

export async function insertSent(
  db: Db,
  values: Insertable<SentMessagesTable>,
): Promise<SentMessageRow> {
  return (await db
    .insertInto('sent_messages')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow()) as SentMessageRow;
}
