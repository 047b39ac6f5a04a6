import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
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
import type { AutoMatch } from './matching.repository.ts';

/**
 * Queries of service_requests and service_request_notifications (SPEC §3), the admin's paged
 * lists and the businesses a request may be forwarded to (ADR 014). `db` may be a transaction.
 */
type Db = Kysely<Database>;
export type ServiceRequestRow = Omit<
  Selectable<ServiceRequestsTable>,
  'search_text' | 'access_key_hash' | 'access_key_version' | 'contact_methods' | 'user_id'
> & {
  forwarded_count: number;
  quote_count: number;
  accepted_business: string | null;
};
type NewNotification = Insertable<ServiceRequestNotificationsTable>;

export async function insert(db: Db, values: Insertable<ServiceRequestsTable>): Promise<string> {
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
  'area',
  'car_make',
  'car_model',
  'car_year',
  'job',
  'urgency',
  'held_reasons',
  'matched_at',
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
    )
    .select((eb) => [
      eb
        .selectFrom('quotes as q')
        .whereRef('q.service_request_id', '=', 'service_requests.id')
        .where('q.status', '<>', 'declined')
        .select(sql<number>`count(*)::int`.as('c'))
        .as('quote_count'),
      eb
        .selectFrom('quotes as q')
        .innerJoin('business_registrations as b', 'b.id', 'q.listing_id')
        .whereRef('q.service_request_id', '=', 'service_requests.id')
        .where('q.status', '=', 'accepted')
        .select('b.business_name')
        .limit(1)
        .as('accepted_business'),
    ]);
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
  slug: string | null;
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
    .select(['b.id', 'b.business_name', 'b.business_type', 'b.city', 'b.slug'])
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

/** The request reached businesses now (an admin forwarded it; a held request is released). */
export async function markMatched(db: Db, id: string): Promise<void> {
  await db
    .updateTable('service_requests')
    .set({ matched_at: sql`coalesce(matched_at, now())` })
    .where('id', '=', id)
    .execute();
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
// Matching and quotes (issue 36, ADR 079)
// ---------------------------------------------------------------------------------------------

/** Records the matches as the request's businesses (`matched_by` auto, on their leads pages). */
export async function insertAutoMatches(
  db: Db,
  requestId: string,
  matches: readonly AutoMatch[],
): Promise<void> {
  if (matches.length > 0)
    await db
      .insertInto('service_request_notifications')
      .values(
        matches.map((m) => ({
          service_request_id: requestId,
          business_registration_id: m.id,
          email: m.alert_email ?? '',
          status: 'sent' as const,
          error: null,
          matched_by: 'auto' as const,
        })),
      )
      .execute();
  await db
    .updateTable('service_requests')
    .set({ matched_at: sql`now()` })
    .where('id', '=', requestId)
    .execute();
}

/** A lead alert that did not go out: the match stands (it is on the leads page), the error is kept. */
export async function recordAlertFailure(
  db: Db,
  requestId: string,
  listingId: string,
  error: string,
): Promise<void> {
  await db
    .updateTable('service_request_notifications')
    .set({ error })
    .where('service_request_id', '=', requestId)
    .where('business_registration_id', '=', listingId)
    .execute();
}

export async function setAccessKey(
  db: Db,
  id: string,
  hash: string,
  version: number,
): Promise<void> {
  await db
    .updateTable('service_requests')
    .set({ access_key_hash: hash, access_key_version: version })
    .where('id', '=', id)
    .execute();
}

/** Lead `id` marked "Contacted" by `userId` (once: a marked lead is left as it is). */
export async function setLeadContacted(db: Db, id: string, userId: string): Promise<void> {
  await db
    .updateTable('service_request_notifications')
    .set({ contacted_at: sql`now()`, contacted_by: userId })
    .where('id', '=', id)
    .where('contacted_at', 'is', null)
    .execute();
}

/** An admin withdrew request `requestId` from listing `listingId`; false when it had not reached it. */
export async function withdrawLead(db: Db, requestId: string, listingId: string): Promise<boolean> {
  const row = await db
    .updateTable('service_request_notifications')
    .set({ withdrawn_at: sql`now()` })
    .where('service_request_id', '=', requestId)
    .where('business_registration_id', '=', listingId)
    .where('withdrawn_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** An admin lets a held request go to businesses: its hold reasons are cleared. */
export async function releaseHeld(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable('service_requests')
    .set({ held_reasons: [] })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The motorist shared their contact details with listing `listingId` (issue 36.2); once. */
export async function setShared(db: Db, requestId: string, listingId: string): Promise<boolean> {
  const row = await db
    .updateTable('service_request_notifications')
    .set({ shared_at: sql`coalesce(shared_at, now())` })
    .where('service_request_id', '=', requestId)
    .where('business_registration_id', '=', listingId)
    .where('withdrawn_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Request `id` becomes the account's when none sent it signed in (its sender opened it signed in). */
export async function adoptRequest(db: Db, id: string, userId: string): Promise<void> {
  await db
    .updateTable('service_requests')
    .set({ user_id: userId })
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .execute();
}
