import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { containsPattern } from '../_lib/like.ts';
import { deriveArea } from '../imports/lagos-areas.ts';
import { ROADSIDE_COLUMNS } from '../../common/schemas/roadside.ts';
import type {
  BusinessRegistration,
  BusinessRegistrationUpdate,
  RegistrationStatus,
  Database,
  NewBusinessRegistration,
} from '../db/database.ts';

/** Queries of business_registrations (SPEC §3). `db` may be a transaction. */
type Db = Kysely<Database>;

/** Every column the admin API returns: all but the generated search columns. */
export const ADMIN_COLUMNS = [
  'id',
  'business_name',
  'business_type',
  'display_name',
  'business_categories',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
  'general_location',
  'website',
  'description',
  'services',
  'tags',
  'status',
  'featured',
  'verified',
  'display_order',
  'verification_status',
  'star_rating',
  'contact_visibility',
  'user_id',
  'user_created',
  'created_at',
  'updated_at',
  'slug',
  'latitude',
  'longitude',
  'opening_hours',
  'whatsapp',
  'source',
  'source_id',
  'owner_user_id',
  'notification_status',
  'is_sample',
  'area',
  'category_keys',
  'verification_checks',
  'verified_at',
  ...ROADSIDE_COLUMNS,
] as const satisfies readonly (keyof BusinessRegistration)[];

export type AdminRegistrationRow = Pick<BusinessRegistration, (typeof ADMIN_COLUMNS)[number]>;

/**
 * Which registrations an admin list, count, export or bulk action covers. `q` is the company
 * search (SPEC §5: name, type, city or services contain it, any case; the trigram-indexed
 * `admin_search_text`); `statuses` narrows to the statuses an action applies to.
 */
export interface RegistrationFilter {
  ids?: readonly string[] | undefined;
  status?: RegistrationStatus | undefined;
  statuses?: readonly RegistrationStatus[] | undefined;
  featured?: boolean | undefined;
  q?: string | undefined;
}

export function applyFilter<QB extends SelectQueryBuilder<Database, 'business_registrations', any>>(
  query: QB,
  filter: RegistrationFilter,
): QB {
  let q = query;
  if (filter.ids) q = q.where('id', 'in', [...filter.ids]) as QB;
  if (filter.status) q = q.where('status', '=', filter.status) as QB;
  if (filter.statuses) q = q.where('status', 'in', [...filter.statuses]) as QB;
  if (filter.featured) q = q.where('featured', '=', true) as QB;
  if (filter.q) q = q.where('admin_search_text', 'like', containsPattern(filter.q)) as QB;
  return q;
}

/**
 * One page of registrations matching `filter`: newest first (SPEC §7), or by display_order for
 * the featured list. The ids of the page are read on the (status, created_at) index first and
 * the rows joined after, so a deep page skips index entries, not heap rows.
 */
export async function listPage(
  db: Db,
  filter: RegistrationFilter,
  page: { offset: number; limit: number },
): Promise<AdminRegistrationRow[]> {
  const ordered = <QB extends SelectQueryBuilder<Database, 'business_registrations', any>>(
    query: QB,
  ): QB =>
    (filter.featured
      ? query.orderBy('display_order', 'asc').orderBy('id', 'asc')
      : query.orderBy('created_at', 'desc').orderBy('id', 'desc')) as QB;
  const ids = ordered(applyFilter(db.selectFrom('business_registrations').select('id'), filter))
    .offset(page.offset)
    .limit(page.limit);
  return ordered(
    db.selectFrom('business_registrations').select(ADMIN_COLUMNS).where('id', 'in', ids),
  ).execute();
}

/** Number of registrations matching `filter`. */
export async function count(db: Db, filter: RegistrationFilter): Promise<number> {
  const row = await applyFilter(
    db.selectFrom('business_registrations').select((eb) => eb.fn.countAll<string>().as('count')),
    filter,
  ).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Registrations per status matching `filter`, in one grouped query (absent statuses are 0). */
export async function countByStatus(
  db: Db,
  filter: RegistrationFilter,
): Promise<Record<RegistrationStatus, number>> {
  const rows = await applyFilter(
    db
      .selectFrom('business_registrations')
      .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('status'),
    filter,
  ).execute();
  const counts: Record<RegistrationStatus, number> = {
    pending: 0,
    approved: 0,
    suspended: 0,
    rejected: 0,
  };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** What a bulk action changed in one row: the state the cache tags and the e-mails need. */
export interface BulkChangedRow {
  id: string;
  status: RegistrationStatus;
  featured: boolean;
  slug: string | null;
  category_keys: string[];
  area: string | null;
  email: string | null;
  business_name: string;
  business_type: string;
  display_name: string | null;
  before_status: RegistrationStatus;
  before_featured: boolean;
}

/**
 * Sets `status` on every row matching `filter` (which names the statuses the transition is
 * legal from) in one statement, locking the rows; leaving `approved` clears featured (SPEC §4).
 * @returns each changed row with its status and featured flag before.
 */
export async function setStatusWhere(
  db: Db,
  filter: RegistrationFilter,
  status: 'approved' | 'rejected',
): Promise<BulkChangedRow[]> {
  const target = applyFilter(
    db
      .selectFrom('business_registrations')
      .select(['id', 'status as before_status', 'featured as before_featured']),
    filter,
  ).forUpdate();
  return (await db
    .with('target', () => target)
    .updateTable('business_registrations as r')
    .from('target as t')
    .set({
      status,
      ...(status === 'approved' ? {} : { featured: false }),
    })
    .whereRef('r.id', '=', 't.id')
    .returning([
      'r.id',
      'r.status',
      'r.featured',
      'r.slug',
      'r.category_keys',
      'r.area',
      'r.email',
      'r.business_name',
      'r.business_type',
      'r.display_name',
      't.before_status',
      't.before_featured',
    ])
    .execute()) as BulkChangedRow[];
}

/** Deletes every row matching `filter`. @returns each deleted row's public-page state. */
export async function removeWhere(db: Db, filter: RegistrationFilter) {
  const ids = applyFilter(db.selectFrom('business_registrations').select('id'), filter);
  return db
    .deleteFrom('business_registrations')
    .where('id', 'in', ids)
    .returning(['id', 'status', 'featured', 'slug', 'category_keys', 'area'])
    .execute();
}

export async function existsWithEmail(db: Db, email: string): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('business_registrations')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst(),
  );
}

/**
 * @throws the unique violation of `business_registrations_email_key` (e-mail taken) or
 * `business_registrations_slug_key` (slug taken).
 */
export async function insert(
  db: Db,
  values: NewBusinessRegistration,
): Promise<{ id: string; slug: string }> {
  return (await db
    .insertInto('business_registrations')
    .values({ ...values, area: values.area ?? deriveArea(values) })
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow()) as { id: string; slug: string };
}

export async function setNotificationStatus(
  db: Db,
  id: string,
  status: 'sent' | 'failed',
): Promise<void> {
  await db
    .updateTable('business_registrations')
    .set({ notification_status: status })
    .where('id', '=', id)
    .execute();
}

/** One registration; `forUpdate` locks its row until the transaction `db` ends. */
export function findById(
  db: Db,
  id: string,
  { forUpdate = false } = {},
): Promise<BusinessRegistration | undefined> {
  const query = db.selectFrom('business_registrations').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * @returns the updated row.
 * @throws NoResultError when the row is gone; the unique violation of
 * `business_registrations_email_key` when the new e-mail is taken.
 */
export function update(
  db: Db,
  id: string,
  values: BusinessRegistrationUpdate,
): Promise<BusinessRegistration> {
  return db
    .updateTable('business_registrations')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The highest display_order among featured listings, undefined when none is featured. */
export async function maxFeaturedOrder(db: Db): Promise<number | undefined> {
  const top = await db
    .selectFrom('business_registrations')
    .select('display_order')
    .where('featured', '=', true)
    .orderBy('display_order', 'desc')
    .limit(1)
    .executeTakeFirst();
  return top?.display_order;
}

/** Sets a featured listing's display_order; false when the id is unknown or not featured. */
export async function setFeaturedOrder(db: Db, id: string, order: number): Promise<boolean> {
  const result = await db
    .updateTable('business_registrations')
    .set({ display_order: order })
    .where('id', '=', id)
    .where('featured', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function remove(db: Db, id: string): Promise<void> {
  await db.deleteFrom('business_registrations').where('id', '=', id).execute();
}

// Owners (claims and owner changes, ADR 018) --------------------------------------------------

/**
 * The columns a claim or an owner's change reads and writes (ADR 018; ListingState of
 * cache-tags.ts too).
 */
const OWNER_VIEW_COLUMNS = [
  'id',
  'slug',
  'business_name',
  'email',
  'status',
  'featured',
  'category_keys',
  'owner_user_id',
  'description',
  'services',
  'phone',
  'whatsapp',
  'website',
  'address',
  'area',
  'opening_hours',
  'contact_visibility',
  'city',
  'general_location',
  'latitude',
  'longitude',
  ...ROADSIDE_COLUMNS,
] as const;

/** A registration as a claim sees it, by id or slug. */
export async function findForOwner(db: Db, key: { id?: string; slug?: string }) {
  let query = db.selectFrom('business_registrations').select(OWNER_VIEW_COLUMNS);
  if (key.id) query = query.where('id', '=', key.id);
  else if (key.slug) query = query.where('slug', '=', key.slug);
  else return undefined;
  return query.executeTakeFirst();
}
export type OwnerViewRow = NonNullable<Awaited<ReturnType<typeof findForOwner>>>;

/** The listing, locked until the transaction ends. */
/** {@link findForOwner} by id, the row locked in the transaction `db`. */
export function lockForOwner(db: Db, id: string) {
  return db
    .selectFrom('business_registrations')
    .select(OWNER_VIEW_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Sets the owner when the listing has none. @returns whether it was set. */
export async function setOwnerIfUnclaimed(db: Db, listingId: string, userId: string) {
  const result = await db
    .updateTable('business_registrations')
    .set({ owner_user_id: userId, updated_at: sql`now()` })
    .where('id', '=', listingId)
    .where('owner_user_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The registrations an account owns, by name. */
export function listOwnedBy(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('business_registrations')
    .select(OWNER_VIEW_COLUMNS)
    .where('owner_user_id', '=', userId)
    .orderBy('business_name')
    .limit(limit)
    .execute();
}

/** Applies an owner's change the admin approved (ADR 018). */
export async function applyOwnerChange(db: Db, id: string, values: Record<string, unknown>) {
  await db
    .updateTable('business_registrations')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Records that the owner confirmed the listing's phone (issue 37.5, ADR 075), when the listing
 * still has `phone` (as stored); null when it changed meanwhile.
 */
export async function setPhoneConfirmed(db: Db, id: string, phone: string): Promise<Date | null> {
  const row = await db
    .updateTable('business_registrations')
    .set({ phone_confirmed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('phone', '=', phone)
    .returning('phone_confirmed_at')
    .executeTakeFirst();
  return row?.phone_confirmed_at ? new Date(row.phone_confirmed_at) : null;
}

/** An admin blocks listing `id` from quoting, or lets it quote again (issue 36.8); false if missing. */
export async function setQuotesBlocked(db: Db, id: string, blocked: boolean): Promise<boolean> {
  const row = await db
    .updateTable('business_registrations')
    .set({ quotes_blocked_at: blocked ? sql<Date>`coalesce(quotes_blocked_at, now())` : null })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A listing whose response time changed: the state its cache tags are computed from. */
export interface ResponseChanged {
  id: string;
  status: RegistrationStatus;
  featured: boolean;
  slug: string | null;
  category_keys: string[];
  area: string | null;
}

/**
 * Recomputes the response time of `ids` (issue 36.5): over the last 90 days, the Find It requests
 * that reached each (not withdrawn), those it answered (a quote or a decline), and the median
 * minutes to its first answer. Reads each listing's requests of the window on
 * `service_request_notifications_listing`. @returns the listings whose figures changed.
 */
export async function refreshQuoteResponse(
  db: Db,
  ids: readonly string[],
): Promise<ResponseChanged[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ResponseChanged>`
    update business_registrations b
    set quote_requests_90d = s.requests, quote_answered_90d = s.answered,
        quote_answer_minutes = s.minutes
    from (
      select l.id, count(n.id)::int as requests, count(q.id)::int as answered,
             round(percentile_cont(0.5) within group (
               order by extract(epoch from (q.created_at - n.created_at)) / 60))::int as minutes
      from unnest(${sql.val([...new Set(ids)])}::uuid[]) as l(id)
      left join service_request_notifications n
        on n.business_registration_id = l.id and n.status in ('sending', 'sent')
       and n.withdrawn_at is null and n.created_at > now() - interval '90 days'
      left join quotes q on q.service_request_id = n.service_request_id and q.listing_id = l.id
      group by l.id
    ) s
    where b.id = s.id
      and (b.quote_requests_90d, b.quote_answered_90d, b.quote_answer_minutes)
          is distinct from (s.requests, s.answered, s.minutes)
    returning b.id, b.status, b.featured, b.slug, b.category_keys, b.area`.execute(db);
  return rows;
}

// Imports (bulk import and CSV, ADR 009) -------------------------------------------------------

/**
 * Inserts an imported listing unless its (source, source_id) exists.
 * @returns the new id, or undefined when it was imported before.
 * @throws the database error of a refused row (e.g. the e-mail's unique violation).
 */
export async function insertImported(
  db: Db,
  values: NewBusinessRegistration,
): Promise<string | undefined> {
  const row = await db
    .insertInto('business_registrations')
    .values({ ...values, area: values.area ?? deriveArea(values) })
    .onConflict((oc) => oc.columns(['source', 'source_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

// Areas (ADR 020) ------------------------------------------------------------------------------

/**
 * Sets the area of each listing of `changes` (at most a few thousand: one statement), writing
 * only the rows whose area differs (`npm run db:areas`).
 */
export async function setAreas(
  db: Db,
  changes: readonly { id: string; area: string | null }[],
): Promise<void> {
  if (changes.length === 0) return;
  const values = changes.map((c) => sql`(${c.id}::uuid, ${c.area}::text)`);
  await sql`
    update business_registrations b set area = v.area
    from (values ${sql.join(values)}) as v(id, area)
    where b.id = v.id and b.area is distinct from v.area`.execute(db);
}
