import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, ServiceRequestsTable } from '../db/database.ts';
import { setLeadContacted } from './service-requests.repository.ts';

/**
 * The owner's leads (issue 27.4, ADR 041; issue 36): the Find It requests sent to the listings an
 * account owns, with the business's quote. `db` may be a transaction.
 */
type Db = Kysely<Database>;

// ---------------------------------------------------------------------------------------------
// Lead alerts: the owner's Find It requests (issue 27.4, ADR 041)
// ---------------------------------------------------------------------------------------------

/** A Find It request sent to one of the owner's listings, with the business's quote if any. */
export interface LeadRow extends RequestJobColumns {
  id: string;
  request_id: string;
  listing_id: string;
  business_name: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  additional_info: string | null;
  forwarded_at: Date;
  contacted_at: Date | null;
  shared_at: Date | null;
  quote_status: 'quoted' | 'declined' | 'accepted' | 'not_chosen' | null;
  quote_total_naira: number | null;
}

/** The columns of a request that describe the job (issue 36.1). */
export type RequestJobColumns = Pick<
  Selectable<ServiceRequestsTable>,
  | 'customer_location'
  | 'services_requested'
  | 'area'
  | 'car_make'
  | 'car_model'
  | 'car_year'
  | 'job'
  | 'urgency'
  | 'contact_methods'
  | 'created_at'
>;

const ownerLeads = (db: Db, userId: string) =>
  db
    .selectFrom('service_request_notifications as n')
    .innerJoin('business_registrations as b', 'b.id', 'n.business_registration_id')
    .innerJoin('service_requests as r', 'r.id', 'n.service_request_id')
    .where('b.owner_user_id', '=', userId)
    .where('n.status', 'in', ['sending', 'sent'])
    .where('n.withdrawn_at', 'is', null);

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
        'r.id as request_id',
        'b.id as listing_id',
        'b.business_name',
        'r.customer_name',
        sql<string>`r.customer_email::text`.as('customer_email'),
        'r.customer_phone',
        'r.customer_location',
        'r.services_requested',
        'r.additional_info',
        'r.area',
        'r.car_make',
        'r.car_model',
        'r.car_year',
        'r.job',
        'r.urgency',
        'r.contact_methods',
        'r.created_at',
        'n.created_at as forwarded_at',
        'n.contacted_at',
        'n.shared_at',
      ])
      .select((eb) => [
        eb
          .selectFrom('quotes as q')
          .select('q.status')
          .whereRef('q.service_request_id', '=', 'r.id')
          .whereRef('q.listing_id', '=', 'b.id')
          .as('quote_status'),
        eb
          .selectFrom('quotes as q')
          .select('q.total_naira')
          .whereRef('q.service_request_id', '=', 'r.id')
          .whereRef('q.listing_id', '=', 'b.id')
          .as('quote_total_naira'),
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
  await setLeadContacted(db, id, userId);
  return 'marked';
}
