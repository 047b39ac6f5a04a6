import { type Kysely, type Selectable, sql } from 'kysely';
import { matchesAny } from '../_lib/like.ts';
import { countOf, pageOf, type PageWindow } from '../_lib/paging.ts';
import type {
  BusinessClaimsTable,
  ClaimStatus,
  Database,
  ListingChangesTable,
} from '../db/database.ts';

/** Queries of business_claims and listing_changes (ADR 018). `db` may be a transaction. */
type Db = Kysely<Database>;
export type ClaimRow = Selectable<BusinessClaimsTable>;
export type ChangeRow = Selectable<ListingChangesTable>;

// Claims -----------------------------------------------------------------------------------------

const CLAIM_VIEW = (db: Db) =>
  db
    .selectFrom('business_claims as c')
    .innerJoin('business_registrations as l', 'l.id', 'c.business_registration_id')
    .innerJoin('user as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.business_registration_id',
      'c.user_id',
      'c.method',
      'c.status',
      'c.attempts',
      'c.code_expires_at',
      'c.role',
      'c.phone',
      'c.note',
      'c.decided_at',
      'c.created_at',
      'l.business_name as listing_name',
      'l.slug as listing_slug',
      'u.name as claimant_name',
      'u.email as claimant_email',
    ]);
export type ClaimViewRow = NonNullable<Awaited<ReturnType<typeof findClaimView>>>;

export function findClaimView(db: Db, id: string) {
  return CLAIM_VIEW(db).where('c.id', '=', id).executeTakeFirst();
}

/** The caller's newest claim on a listing, or undefined. */
export function latestClaimOf(db: Db, listingId: string, userId: string) {
  return CLAIM_VIEW(db)
    .where('c.business_registration_id', '=', listingId)
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The claim with its code hash, locked until the transaction ends. */
export function lockClaim(db: Db, id: string) {
  return db
    .selectFrom('business_claims')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Ends the caller's open claim on the listing (a new request replaces it). */
export async function expireOpenClaims(db: Db, listingId: string, userId: string) {
  await db
    .updateTable('business_claims')
    .set({ status: 'expired', updated_at: sql`now()` })
    .where('business_registration_id', '=', listingId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
}

export async function insertClaim(
  db: Db,
  values: {
    business_registration_id: string;
    user_id: string;
    method: 'email' | 'manual';
    code_hash: string | null;
    code_expires_at: Date | null;
    role: string | null;
    phone: string | null;
    note: string | null;
  },
) {
  const row = await db
    .insertInto('business_claims')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setClaimStatus(
  db: Db,
  id: string,
  status: ClaimStatus,
  extra: { attempts?: number; decided_by?: string | null } = {},
) {
  await db
    .updateTable('business_claims')
    .set({
      status,
      ...(extra.attempts !== undefined ? { attempts: extra.attempts } : {}),
      ...(extra.decided_by !== undefined
        ? { decided_by: extra.decided_by, decided_at: sql`now()` }
        : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Other open claims of a listing that now has an owner are rejected.
 * @returns the ids of the claims it closed (their claimants are told, ADR 018).
 */
export async function rejectOtherOpenClaims(
  db: Db,
  listingId: string,
  exceptId: string,
): Promise<string[]> {
  const rows = await db
    .updateTable('business_claims')
    .set({ status: 'rejected', decided_at: sql`now()`, updated_at: sql`now()` })
    .where('business_registration_id', '=', listingId)
    .where('id', '!=', exceptId)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The claimants of the claims `ids`: who to tell, and about which listing. */
export function claimantsOf(db: Db, ids: readonly string[]) {
  return ids.length === 0
    ? Promise.resolve([])
    : CLAIM_VIEW(db)
        .where('c.id', 'in', ids)
        .execute()
        .then((rows) =>
          rows.map((row) => ({
            claimId: row.id,
            email: row.claimant_email,
            name: row.claimant_name,
            businessName: row.listing_name,
          })),
        );
}

export interface ClaimFilter {
  status: ClaimStatus;
  q?: string | undefined;
}

function claimFilter(db: Db, filter: ClaimFilter) {
  let query = CLAIM_VIEW(db).where('c.status', '=', filter.status);
  // Codes decide e-mail claims: only manual ones wait for the admin.
  if (filter.status === 'pending') query = query.where('c.method', '=', 'manual');
  if (filter.q) query = query.where(matchesAny(['l.business_name', 'u.email', 'u.name'], filter.q));
  return query;
}

export function listClaims(db: Db, filter: ClaimFilter, page: PageWindow) {
  return pageOf(
    claimFilter(db, filter).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc'),
    page,
  );
}

export function countClaims(db: Db, filter: ClaimFilter): Promise<number> {
  return countOf(claimFilter(db, filter));
}

// Changes ----------------------------------------------------------------------------------------

/** The newest change of each listing among `listingIds`. */
export function latestChanges(db: Db, listingIds: string[]) {
  if (listingIds.length === 0) return Promise.resolve([] as ChangeRow[]);
  return db
    .selectFrom('listing_changes')
    .selectAll()
    .distinctOn('business_registration_id')
    .where('business_registration_id', 'in', listingIds)
    .orderBy('business_registration_id')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Stores the owner's change as the listing's one pending change (replacing an older one). */
export async function upsertPendingChange(
  db: Db,
  values: { listingId: string; userId: string; changes: unknown; before: unknown },
): Promise<ChangeRow> {
  return db
    .insertInto('listing_changes')
    .values({
      business_registration_id: values.listingId,
      user_id: values.userId,
      changes: JSON.stringify(values.changes),
      before: JSON.stringify(values.before),
    })
    .onConflict((oc) =>
      oc
        .column('business_registration_id')
        .where('status', '=', 'pending')
        .doUpdateSet({
          user_id: values.userId,
          changes: JSON.stringify(values.changes),
          before: JSON.stringify(values.before),
          created_at: sql`now()`,
        }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The listing's pending change, created empty (`changes` `{}`) when it has none, locked until the
 * transaction `db` ends: owners' photos wait in it (ADR 042).
 */
export async function lockOrCreatePendingChange(
  db: Db,
  listingId: string,
  userId: string,
): Promise<ChangeRow> {
  await db
    .insertInto('listing_changes')
    .values({
      business_registration_id: listingId,
      user_id: userId,
      changes: JSON.stringify({}),
      before: JSON.stringify({}),
    })
    .onConflict((oc) =>
      oc.column('business_registration_id').where('status', '=', 'pending').doNothing(),
    )
    .execute();
  return db
    .selectFrom('listing_changes')
    .selectAll()
    .where('business_registration_id', '=', listingId)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes a pending change that proposes nothing any more (no field, no photo added or removed).
 * @returns whether it was deleted.
 */
export async function deletePendingIfEmpty(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('listing_changes')
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where(sql<boolean>`changes = '{}'::jsonb`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('photos')
            .select('photos.id')
            .where((eb) =>
              eb.or([eb('photos.change_id', '=', id), eb('photos.removal_change_id', '=', id)]),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function lockChange(db: Db, id: string) {
  return db
    .selectFrom('listing_changes')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function decideChange(
  db: Db,
  id: string,
  status: 'approved' | 'rejected',
  adminId: string | null,
  reason: string | null,
) {
  await db
    .updateTable('listing_changes')
    .set({ status, decided_by: adminId, decided_at: sql`now()`, reason })
    .where('id', '=', id)
    .execute();
}

const CHANGE_VIEW = (db: Db) =>
  db
    .selectFrom('listing_changes as ch')
    .innerJoin('business_registrations as l', 'l.id', 'ch.business_registration_id')
    .innerJoin('user as u', 'u.id', 'ch.user_id')
    .selectAll('ch')
    .select([
      'l.business_name as listing_name',
      'l.slug as listing_slug',
      'u.name as owner_name',
      'u.email as owner_email',
      'l.description as l_description',
      'l.services as l_services',
      'l.phone as l_phone',
      'l.whatsapp as l_whatsapp',
      'l.website as l_website',
      'l.address as l_address',
      'l.area as l_area',
      'l.opening_hours as l_opening_hours',
      'l.contact_visibility as l_contact_visibility',
      'l.open_24_hours as l_open_24_hours',
      'l.comes_to_you as l_comes_to_you',
      'l.coverage_areas as l_coverage_areas',
      'l.callout_fee_min as l_callout_fee_min',
      'l.callout_fee_max as l_callout_fee_max',
    ]);
export type ChangeViewRow = NonNullable<Awaited<ReturnType<typeof findChangeView>>>;

export function findChangeView(db: Db, id: string) {
  return CHANGE_VIEW(db).where('ch.id', '=', id).executeTakeFirst();
}

export interface ChangeFilter {
  status: 'pending' | 'approved' | 'rejected';
  q?: string | undefined;
}

function changeFilter(db: Db, filter: ChangeFilter) {
  let query = CHANGE_VIEW(db).where('ch.status', '=', filter.status);
  if (filter.q) query = query.where(matchesAny(['l.business_name', 'u.email'], filter.q));
  return query;
}

export function listChanges(db: Db, filter: ChangeFilter, page: PageWindow) {
  return pageOf(
    changeFilter(db, filter).orderBy('ch.created_at', 'desc').orderBy('ch.id', 'desc'),
    page,
  );
}

export function countChanges(db: Db, filter: ChangeFilter): Promise<number> {
  return countOf(changeFilter(db, filter));
}
