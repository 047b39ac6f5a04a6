import { type Kysely, type Selectable, sql } from 'kysely';
import {
  countInbox,
  countInboxByStatus,
  filterInbox,
  type InboxFilter,
  orderInbox,
} from '../db/inbox-queries.ts';
import type {
  Database,
  ServiceRequestNotificationsTable,
  ServiceRequestsTable,
} from '../db/database.ts';

/**
 * Queries of service_requests and service_request_notifications (SPEC §3), the admin's paged
 * lists and the businesses a request may be forwarded to (ADR 014). `db` may be a transaction.
 */
type Db = Kysely<Database>;
export type ServiceRequestRow = Omit<Selectable<ServiceRequestsTable>, 'search_text'> & {
  forwarded_count: number;
};
type NewNotification = Omit<
  ServiceRequestNotificationsTable,
  'id' | 'created_at' | 'contacted_at' | 'contacted_by'
>;

export async function insert(
  db: Db,
  values: Pick<
    Selectable<ServiceRequestsTable>,
    | 'customer_name'
    | 'customer_email'
    | 'customer_phone'
    | 'customer_location'
    | 'services_requested'
    | 'additional_info'
  >,
): Promise<string> {
  const row = await db
    .insertInto('service_requests')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setEmailStatus(db: Db, id: string, status: 'sent' | 'failed'): Promise<void> {
  await db
    .updateTable('service_requests')
    .set({ email_status: status })
    .where('id', '=', id)
    .execute();
}

/** A page of the tab: one status (or both) and the SPEC §5 search. */
export type RequestFilter = InboxFilter;

const COLUMNS = [
  'id',
  'customer_name',
  'customer_email',
  'customer_phone',
  'customer_location',
  'services_requested',
  'additional_info',
  'status',
  'created_at',
  'handled_at',
  'email_status',
] as const;

function withForwardedCount(db: Db) {
  return db
    .selectFrom('service_requests')
    .select(COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('service_request_notifications as n')
        .whereRef('n.service_request_id', '=', 'service_requests.id')
        .where('n.status', '=', 'sent')
        .select(sql<number>`count(*)::int`.as('c'))
        .as('forwarded_count'),
    );
}

/**
 * One page, newest first; handled requests most recently handled first (SPEC §2 "Recently
 * Handled").
 */
export function listPage(
  db: Db,
  filter: RequestFilter,
  page: { offset: number; limit: number },
): Promise<ServiceRequestRow[]> {
  const query = filterInbox(withForwardedCount(db), filter);
  return orderInbox(query, filter.status)
    .offset(page.offset)
    .limit(page.limit)
    .execute() as Promise<ServiceRequestRow[]>;
}

export function count(db: Db, filter: RequestFilter): Promise<number> {
  return countInbox(db, 'service_requests', filter);
}

/** Requests per status (the panel's tiles), in one grouped query. */
export function countByStatus(db: Db): Promise<{ pending: number; handled: number }> {
  return countInboxByStatus(db, 'service_requests');
}

export function findById(db: Db, id: string): Promise<ServiceRequestRow | undefined> {
  return withForwardedCount(db).where('id', '=', id).executeTakeFirst() as Promise<
    ServiceRequestRow | undefined
  >;
}

/** Locks one request until the transaction `db` ends (forwarding is one at a time per request). */
export async function lock(
  db: Db,
  id: string,
): Promise<Selectable<ServiceRequestsTable> | undefined> {
  return db
    .selectFrom('service_requests')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A business a request may be forwarded to, with its relevance and whether it was e-mailed. */
export interface MatchRow {
  id: string;
  business_name: string;
  business_type: string;
  email: string;
  city: string | null;
  matched_services: number;
  forwarded: boolean;
  /** When the listing's owner marked this request "Contacted" (issue 27.4); null if not. */
  contacted_at: Date | null;
  /** The e-mail of the listing's owner account (ADR 018), who gets a lead alert; null if unclaimed. */
  owner_email: string | null;
}

/**
 * Approved businesses with an e-mail whose categories or tags include a requested service, most
 * relevant first: most requested services offered, featured, best rated, newest. `ids` narrows
 * to those listings (forwarding re-checks that each chosen business still matches).
 */
export function findMatches(
  db: Db,
  requestId: string,
  services: readonly string[],
  options: { limit: number; ids?: readonly string[] },
): Promise<MatchRow[]> {
  const wanted = sql.val([...services]);
  let query = db
    .selectFrom('business_registrations as b')
    .select(['b.id', 'b.business_name', 'b.business_type', 'b.city'])
    .select(sql<string>`b.email::text`.as('email'))
    .select(
      sql<number>`(select count(*)::int from unnest(${wanted}::text[]) s where s = any(b.business_categories) or s = any(b.tags))`.as(
        'matched_services',
      ),
    )
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('service_request_notifications as n')
            .select('n.id')
            .where('n.service_request_id', '=', requestId)
            .whereRef('n.business_registration_id', '=', 'b.id')
            .where('n.status', 'in', ['sending', 'sent']),
        )
        .as('forwarded'),
    )
    .select((eb) =>
      eb
        .selectFrom('service_request_notifications as n')
        .select((n) => n.fn.max('n.contacted_at').as('contacted_at'))
        .where('n.service_request_id', '=', requestId)
        .whereRef('n.business_registration_id', '=', 'b.id')
        .as('contacted_at'),
    )
    .select((eb) =>
      eb
        .selectFrom('user as u')
        .select(sql<string>`u.email::text`.as('email'))
        .whereRef('u.id', '=', 'b.owner_user_id')
        .as('owner_email'),
    )
    .where('b.status', '=', 'approved')
    .where('b.email', 'is not', null)
    .where((eb) =>
      eb.or([
        sql<boolean>`b.business_categories && ${wanted}::text[]`,
        sql<boolean>`b.tags && ${wanted}::text[]`,
      ]),
    );
  if (options.ids) query = query.where('b.id', 'in', [...options.ids]);
  return query
    .orderBy('matched_services', 'desc')
    .orderBy('b.featured', 'desc')
    .orderBy('b.star_rating', 'desc')
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id')
    .limit(options.limit)
    .execute() as Promise<MatchRow[]>;
}

/** Number of businesses matching the services (see {@link findMatches}). */
export async function countMatches(db: Db, services: readonly string[]): Promise<number> {
  const wanted = sql.val([...services]);
  const row = await db
    .selectFrom('business_registrations as b')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('b.status', '=', 'approved')
    .where('b.email', 'is not', null)
    .where((eb) =>
      eb.or([
        sql<boolean>`b.business_categories && ${wanted}::text[]`,
        sql<boolean>`b.tags && ${wanted}::text[]`,
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Businesses e-mailed (or being e-mailed) about one request. */
export async function countForwarded(db: Db, requestId: string): Promise<number> {
  const row = await db
    .selectFrom('service_request_notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('service_request_id', '=', requestId)
    .where('status', 'in', ['sending', 'sent'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Records notifications; @returns their ids, in order. */
export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('service_request_notifications')
    .values(rows)
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

export async function finishNotification(
  db: Db,
  id: string,
  outcome: { status: 'sent' | 'failed'; error: string | null },
): Promise<void> {
  await db.updateTable('service_request_notifications').set(outcome).where('id', '=', id).execute();
}

/** Marks a pending request handled now; undefined when it is missing or handled already. */
export async function markHandled(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .updateTable('service_requests')
    .set({ status: 'handled', handled_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function exists(db: Db, id: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('service_requests').select('id').where('id', '=', id).executeTakeFirst(),
  );
}

/** @returns how many rows were deleted (0 or 1). */
export async function remove(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('service_requests').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every request. @returns how many. */
export async function removeAll(db: Db): Promise<number> {
  const result = await db.deleteFrom('service_requests').executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---------------------------------------------------------------------------------------------
// Lead alerts: the owner's Find It requests (issue 27.4, ADR 041)
// ---------------------------------------------------------------------------------------------

/** A Find It request forwarded to one of the owner's listings. */
export interface LeadRow {
  id: string;
  business_id: string;
  business_name: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_location: string;
  services_requested: string[];
  additional_info: string | null;
  forwarded_at: Date;
  contacted_at: Date | null;
}

const ownerLeads = (db: Db, userId: string) =>
  db
    .selectFrom('service_request_notifications as n')
    .innerJoin('business_registrations as b', 'b.id', 'n.business_registration_id')
    .innerJoin('service_requests as r', 'r.id', 'n.service_request_id')
    .where('b.owner_user_id', '=', userId)
    .where('n.status', 'in', ['sending', 'sent']);

/** Page `offset/limit` of the leads of every listing `userId` owns, newest first, and their number. */
export async function listOwnerLeads(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ leads: LeadRow[]; total: number }> {
  const [leads, count] = await Promise.all([
    ownerLeads(db, userId)
      .select([
        'n.id',
        'b.id as business_id',
        'b.business_name',
        'r.customer_name',
        sql<string>`r.customer_email::text`.as('customer_email'),
        'r.customer_phone',
        'r.customer_location',
        'r.services_requested',
        'r.additional_info',
        'n.created_at as forwarded_at',
        'n.contacted_at',
      ])
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    ownerLeads(db, userId)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { leads: leads as LeadRow[], total: Number(count.count) };
}

/**
 * Marks lead `id` "Contacted" by `userId`, once, if it was forwarded to a listing `userId` owns.
 * @returns `marked`, `already` (marked before: unchanged) or `missing` (no such lead of theirs).
 */
export async function markLeadContacted(
  db: Db,
  id: string,
  userId: string,
): Promise<'marked' | 'already' | 'missing'> {
  const lead = await ownerLeads(db, userId)
    .select(['n.id', 'n.contacted_at'])
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!lead) return 'missing';
  if (lead.contacted_at) return 'already';
  await db
    .updateTable('service_request_notifications')
    .set({ contacted_at: sql`now()`, contacted_by: userId })
    .where('id', '=', id)
    .where('contacted_at', 'is', null)
    .execute();
  return 'marked';
}
