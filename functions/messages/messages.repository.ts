import { type Insertable, type Kysely, sql } from 'kysely';
import { SHOWN_RECIPIENTS, type MessageOutcome } from '../../common/schemas/messages.ts';
import { containsPattern } from '../_lib/like.ts';
import { countOf, pageOf, type PageWindow } from '../_lib/paging.ts';
import type { Database, SentMessagesTable } from '../db/database.ts';

/**
 * Queries of admin messaging: the people and businesses one can write to, a page at a time, and
 * sent_messages (SPEC §3). `db` may be a transaction.
 */
type Db = Kysely<Database>;

/**
 * A sent message as the API shows it: the first {@link SHOWN_RECIPIENTS} ids, e-mails and
 * outcomes, and how many recipients it had (a send to every business has tens of thousands).
 */
export interface SentMessageSummary {
  id: string;
  sent_by: string | null;
  recipient_type: 'users' | 'businesses' | 'custom';
  recipients: string[];
  recipient_emails: string[];
  recipient_count: number;
  subject: string;
  message: string;
  sent_at: Date;
  outcomes: MessageOutcome[];
  sent_count: number;
  failed_count: number;
}

const SUMMARY = [
  'id',
  'sent_by',
  'recipient_type',
  sql<string[]>`recipients[1:${sql.lit(SHOWN_RECIPIENTS)}]`.as('recipients'),
  sql<string[]>`recipient_emails[1:${sql.lit(SHOWN_RECIPIENTS)}]`.as('recipient_emails'),
  sql<number>`cardinality(recipient_emails)`.as('recipient_count'),
  'subject',
  'message',
  'sent_at',
  sql<
    MessageOutcome[]
  >`jsonb_path_query_array(outcomes, ${sql.lit(`$[0 to ${SHOWN_RECIPIENTS - 1}]`)})`.as('outcomes'),
  'sent_count',
  'failed_count',
] as const;

const userMatches = (q: string | undefined) =>
  q
    ? sql<boolean>`(lower(coalesce(p.display_name, '')) like ${containsPattern(q)} or lower(u.email) like ${containsPattern(q)})`
    : sql<boolean>`true`;

const userRecipients = (db: Db, q: string | undefined) =>
  db
    .selectFrom('user as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.email', 'p.display_name'])
    .where(userMatches(q));

/** One page of accounts (id, e-mail, display name) whose name or e-mail contains `q`, newest first. */
export function listUserRecipients(db: Db, q: string | undefined, page: PageWindow) {
  return pageOf(
    userRecipients(db, q).orderBy('u.created_at', 'desc').orderBy('u.id', 'desc'),
    page,
  );
}

export function countUserRecipients(db: Db, q: string | undefined): Promise<number> {
  return countOf(userRecipients(db, q));
}

const businessRecipients = (db: Db, q: string | undefined) => {
  const query = db
    .selectFrom('business_registrations')
    .select(['id', 'email', 'business_name', 'business_type', 'status', 'verification_status']);
  return q ? query.where('admin_search_text', 'like', containsPattern(q)) : query;
};

/** One page of listings (any status) matching the company search `q`, by name. */
export function listBusinessRecipients(db: Db, q: string | undefined, page: PageWindow) {
  return pageOf(businessRecipients(db, q).orderBy('business_name').orderBy('id'), page);
}

export function countBusinessRecipients(db: Db, q: string | undefined): Promise<number> {
  return countOf(businessRecipients(db, q));
}

/** Listings with an e-mail address (the size of the "all businesses with an e-mail" set). */
export async function countBusinessesWithEmail(db: Db): Promise<number> {
  const row = await db
    .selectFrom('business_registrations')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('email', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The e-mail of every listing that has one (the "all businesses with an e-mail" set). */
export async function allBusinessEmails(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('business_registrations')
    .select(sql<string>`email::text`.as('email'))
    .where('email', 'is not', null)
    .orderBy('business_name')
    .execute();
  return rows.map((r) => r.email);
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

/** One page of sent messages, newest first. */
export async function listSent(
  db: Db,
  page: { offset: number; limit: number },
): Promise<SentMessageSummary[]> {
  return (await db
    .selectFrom('sent_messages')
    .select(SUMMARY)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute()) as SentMessageSummary[];
}

export async function countSent(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sent_messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertSent(
  db: Db,
  values: Insertable<SentMessagesTable>,
): Promise<SentMessageSummary> {
  return (await db
    .insertInto('sent_messages')
    .values(values)
    .returning(SUMMARY)
    .executeTakeFirstOrThrow()) as SentMessageSummary;
}
