import { type Kysely, type Selectable, sql } from 'kysely';
import type { JobSummary, QuotePart } from '../../common/schemas/quotes.ts';
import type { Database, QuotesTable, ServiceRequestsTable } from '../db/database.ts';

/**
 * Queries of Find It quotes (issue 36, ADR 079): the request a private key opens, the quotes a
 * motorist compares, a business's one quote per request, and acceptance. `db` may be a
 * transaction.
 */
type Db = Kysely<Database>;
export type RequestRow = Selectable<ServiceRequestsTable>;
export type QuoteRow = Selectable<QuotesTable>;

/** The job as a business reads it: never the motorist's name, phone or e-mail. */
export function jobSummaryOf(r: RequestRow): JobSummary {
  return {
    services_requested: r.services_requested,
    customer_location: r.customer_location,
    area: r.area,
    car_make: r.car_make,
    car_model: r.car_model,
    car_year: r.car_year,
    job: r.job,
    additional_info: r.additional_info,
    urgency: r.urgency,
    created_at: new Date(r.created_at).toISOString(),
  };
}

export function findRequest(db: Db, id: string): Promise<RequestRow | undefined> {
  return db.selectFrom('service_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The request whose private key hashes to `hash`. */
export async function findRequestIdByKeyHash(db: Db, hash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('service_requests')
    .select('id')
    .where('access_key_hash', '=', hash)
    .executeTakeFirst();
  return row?.id;
}

/** Businesses the request reached (not withdrawn), and how many declined. */
export async function countReached(
  db: Db,
  id: string,
): Promise<{ reached: number; declined: number }> {
  const row = await db
    .selectFrom('service_request_notifications as n')
    .select((eb) => eb.fn.countAll<string>().as('reached'))
    .select(
      sql<string>`count(*) filter (where exists (select 1 from quotes q where q.service_request_id = n.service_request_id and q.listing_id = n.business_registration_id and q.status = 'declined'))`.as(
        'declined',
      ),
    )
    .where('n.service_request_id', '=', id)
    .where('n.status', 'in', ['sending', 'sent'])
    .where('n.withdrawn_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { reached: Number(row.reached), declined: Number(row.declined) };
}

/** A quote with the business that sent it, as the motorist's page needs it. */
export interface ComparedQuoteRow extends QuoteRow {
  /** When the motorist shared their contact details with this business; null if not. */
  shared_at: Date | null;
  business_name: string;
  slug: string | null;
  listing_area: string | null;
  review_count: number;
  review_sum: number;
  verified: boolean;
  verification_checks: string[];
  phone_confirmed_at: Date | null;
  quote_requests_90d: number;
  quote_answered_90d: number;
  quote_answer_minutes: number | null;
  phone: string | null;
  listing_email: string | null;
  owner_email: string | null;
}

/** The request's quotes that are not hidden (declines left out), lowest total first. */
export function listComparedQuotes(db: Db, id: string): Promise<ComparedQuoteRow[]> {
  return db
    .selectFrom('quotes as q')
    .innerJoin('business_registrations as b', 'b.id', 'q.listing_id')
    .selectAll('q')
    .select([
      'b.business_name',
      'b.slug',
      'b.area as listing_area',
      'b.review_count',
      'b.review_sum',
      'b.verified',
      'b.verification_checks',
      'b.phone_confirmed_at',
      'b.quote_requests_90d',
      'b.quote_answered_90d',
      'b.quote_answer_minutes',
      'b.phone',
      sql<string | null>`b.email::text`.as('listing_email'),
      sql<string | null>`(select u.email::text from "user" u where u.id = b.owner_user_id)`.as(
        'owner_email',
      ),
      sql<Date | null>`(select max(n.shared_at) from service_request_notifications n
        where n.service_request_id = q.service_request_id
          and n.business_registration_id = q.listing_id)`.as('shared_at'),
    ])
    .where('q.service_request_id', '=', id)
    .where('q.hidden_at', 'is', null)
    .where('q.status', '<>', 'declined')
    .orderBy('q.total_naira')
    .orderBy('q.created_at')
    .limit(50)
    .execute() as Promise<ComparedQuoteRow[]>;
}

// ---------------------------------------------------------------------------------------------
// The business's side: one lead, its quote
// ---------------------------------------------------------------------------------------------

/** A lead (the row that sent request `service_request_id` to listing `listing_id`) of the owner. */
export interface OwnedLead {
  lead_id: string;
  service_request_id: string;
  listing_id: string;
  business_name: string;
  owner_email: string | null;
  shared_at: Date | null;
  quotes_blocked_at: Date | null;
}

/** Lead `leadId` when it reached a listing `userId` owns and was not withdrawn. */
export function findOwnedLead(
  db: Db,
  leadId: string,
  userId: string,
): Promise<OwnedLead | undefined> {
  return db
    .selectFrom('service_request_notifications as n')
    .innerJoin('business_registrations as b', 'b.id', 'n.business_registration_id')
    .select([
      'n.id as lead_id',
      'n.service_request_id',
      'b.id as listing_id',
      'b.business_name',
      'n.shared_at',
      'b.quotes_blocked_at',
      sql<string | null>`(select u.email::text from "user" u where u.id = b.owner_user_id)`.as(
        'owner_email',
      ),
    ])
    .where('n.id', '=', leadId)
    .where('b.owner_user_id', '=', userId)
    .where('n.status', 'in', ['sending', 'sent'])
    .where('n.withdrawn_at', 'is', null)
    .executeTakeFirst() as Promise<OwnedLead | undefined>;
}

export function findQuote(
  db: Db,
  requestId: string,
  listingId: string,
): Promise<QuoteRow | undefined> {
  return db
    .selectFrom('quotes')
    .selectAll()
    .where('service_request_id', '=', requestId)
    .where('listing_id', '=', listingId)
    .executeTakeFirst();
}

/** What a business's answer writes. */
export interface QuoteValues {
  status: 'quoted' | 'declined';
  labour_naira: number | null;
  parts: readonly QuotePart[];
  total_naira: number | null;
  warranty: string | null;
  available: string | null;
  note: string | null;
  decline_reason: string | null;
}

/**
 * Saves the business's one answer to the request: a first answer inserts, a later one replaces
 * it while it is not accepted (nor turned down after another was accepted).
 * @returns `created`, `updated`, or `closed` (accepted or not chosen: unchanged).
 */
export async function saveQuote(
  db: Db,
  requestId: string,
  listingId: string,
  values: QuoteValues,
): Promise<'created' | 'updated' | 'closed'> {
  const parts = JSON.stringify(
    values.parts.map((p) => ({ name: p.name, grade: p.grade, price_naira: p.priceNaira })),
  );
  const row = { ...values, parts };
  const inserted = await db
    .insertInto('quotes')
    .values({ service_request_id: requestId, listing_id: listingId, ...row })
    .onConflict((oc) => oc.columns(['service_request_id', 'listing_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return 'created';
  const updated = await db
    .updateTable('quotes')
    .set({ ...row, updated_at: sql`now()` })
    .where('service_request_id', '=', requestId)
    .where('listing_id', '=', listingId)
    .where('status', 'in', ['quoted', 'declined'])
    .returning('id')
    .executeTakeFirst();
  return updated ? 'updated' : 'closed';
}

// ---------------------------------------------------------------------------------------------
// Acceptance
// ---------------------------------------------------------------------------------------------

/** Locks the request's quotes until the transaction `db` ends; @returns them. */
export function lockQuotes(db: Db, requestId: string): Promise<QuoteRow[]> {
  return db
    .selectFrom('quotes')
    .selectAll()
    .where('service_request_id', '=', requestId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Accepts `quoteId`, turns the request's other live quotes to `not_chosen`; @returns their ids. */
export async function acceptQuote(db: Db, requestId: string, quoteId: string): Promise<string[]> {
  await db
    .updateTable('quotes')
    .set({ status: 'accepted', accepted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', quoteId)
    .execute();
  const others = await db
    .updateTable('quotes')
    .set({ status: 'not_chosen', updated_at: sql`now()` })
    .where('service_request_id', '=', requestId)
    .where('id', '<>', quoteId)
    .where('status', '=', 'quoted')
    .returning('id')
    .execute();
  return others.map((o) => o.id);
}

/** An admin hides quote `id` from the motorist's page, or shows it again; @returns its request. */
export async function setQuoteHidden(
  db: Db,
  id: string,
  hidden: boolean,
): Promise<string | undefined> {
  const row = await db
    .updateTable('quotes')
    .set({ hidden_at: hidden ? sql`coalesce(hidden_at, now())` : null })
    .where('id', '=', id)
    .returning('service_request_id')
    .executeTakeFirst();
  return row?.service_request_id;
}

/** A business the request reached, with its answer, as the admin's Requests tab shows it. */
export interface ReachedRow {
  lead_id: string;
  listing_id: string;
  business_name: string;
  matched_by: 'auto' | 'admin';
  withdrawn_at: Date | null;
  email_error: string | null;
  quotes_blocked_at: Date | null;
  quote_id: string | null;
}

/** Every business request `id` reached (withdrawn ones too), in the order they were matched. */
export function listReached(db: Db, id: string): Promise<ReachedRow[]> {
  return db
    .selectFrom('service_request_notifications as n')
    .innerJoin('business_registrations as b', 'b.id', 'n.business_registration_id')
    .leftJoin('quotes as q', (join) =>
      join
        .onRef('q.service_request_id', '=', 'n.service_request_id')
        .onRef('q.listing_id', '=', 'b.id'),
    )
    .select([
      'n.id as lead_id',
      'b.id as listing_id',
      'b.business_name',
      'n.matched_by',
      'n.withdrawn_at',
      'n.error as email_error',
      'b.quotes_blocked_at',
      'q.id as quote_id',
    ])
    .where('n.service_request_id', '=', id)
    .where('n.status', 'in', ['sending', 'sent'])
    .orderBy('n.created_at')
    .orderBy('n.id')
    .limit(100)
    .execute() as Promise<ReachedRow[]>;
}

/** The quotes of request `id`, hidden ones too, by id. */
export function listAllQuotes(db: Db, id: string): Promise<QuoteRow[]> {
  return db
    .selectFrom('quotes')
    .selectAll()
    .where('service_request_id', '=', id)
    .limit(100)
    .execute();
}

/** Whether the motorist already shared their contact details with listing `listingId`. */
export async function isShared(db: Db, requestId: string, listingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('service_request_notifications')
    .select('id')
    .where('service_request_id', '=', requestId)
    .where('business_registration_id', '=', listingId)
    .where('shared_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** One of the account's own requests, as its list shows it. */
export interface OwnRequestRow {
  id: string;
  services_requested: string[];
  area: string | null;
  customer_location: string;
  created_at: Date;
  quotes: number;
  accepted_business: string | null;
}

/** The requests account `userId` sent while signed in, newest first (`limit` at most). */
export function listForUser(db: Db, userId: string, limit: number): Promise<OwnRequestRow[]> {
  return db
    .selectFrom('service_requests as r')
    .select(['r.id', 'r.services_requested', 'r.area', 'r.customer_location', 'r.created_at'])
    .select((eb) => [
      eb
        .selectFrom('quotes as q')
        .whereRef('q.service_request_id', '=', 'r.id')
        .where('q.status', '<>', 'declined')
        .where('q.hidden_at', 'is', null)
        .select(sql<number>`count(*)::int`.as('c'))
        .as('quotes'),
      eb
        .selectFrom('quotes as q')
        .innerJoin('business_registrations as b', 'b.id', 'q.listing_id')
        .whereRef('q.service_request_id', '=', 'r.id')
        .where('q.status', '=', 'accepted')
        .select('b.business_name')
        .limit(1)
        .as('accepted_business'),
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute() as Promise<OwnRequestRow[]>;
}

// ---------------------------------------------------------------------------------------------
// After the job (issue 36.7)
// ---------------------------------------------------------------------------------------------

/** An accepted quote due its week-after e-mail, claimed for this run. */
export interface FollowUpRow {
  id: string;
  service_request_id: string;
  listing_id: string;
}

/**
 * Claims up to `limit` accepted quotes accepted before `cutoff` whose follow-up was never sent,
 * oldest first (marked sent now: a run beside another, or a retry, never sends one twice).
 */
export async function claimFollowUps(db: Db, cutoff: Date, limit: number): Promise<FollowUpRow[]> {
  const { rows } = await sql<FollowUpRow>`
    update quotes set follow_up_sent_at = now()
    where id in (
      select id from quotes
      where status = 'accepted' and follow_up_sent_at is null and accepted_at <= ${cutoff}
      order by accepted_at
      limit ${limit}
      for update skip locked
    )
    returning id, service_request_id, listing_id`.execute(db);
  return rows;
}

/** The motorist's answers after the job, on request `requestId`'s accepted quote; its id, if any. */
export async function setFollowUp(
  db: Db,
  requestId: string,
  answers: { job_done: boolean; genuine_answer: 'yes' | 'no' | 'unsure' | null },
): Promise<string | undefined> {
  const row = await db
    .updateTable('quotes')
    .set({ ...answers, followed_up_at: sql`now()` })
    .where('service_request_id', '=', requestId)
    .where('status', '=', 'accepted')
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
