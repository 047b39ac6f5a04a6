import type { Kysely } from 'kysely';
import {
  canTransition,
  EDITABLE_STATUSES,
  editedTypeAndTags,
  VERIFIABLE_STATUSES,
  type BusinessEditSchema,
} from '../../src/schemas/admin.ts';
import type { z } from 'zod';
import { AppError } from '../_lib/errors.ts';
import { siteUrl } from '../_lib/env.ts';
import type { Mailer } from '../_lib/mail.ts';
import type { BusinessRegistration, Database } from '../db/database.ts';
import { welcomeEmail } from '../emails/notifications.ts';

type Db = Kysely<Database>;

/** A registration as the admin API returns it: every column but the generated search ones. */
export type AdminRegistration = Omit<
  BusinessRegistration,
  'search_text' | 'type_text' | 'location_text'
>;

export function toAdminRegistration(row: BusinessRegistration): AdminRegistration {
  const { search_text: _s, type_text: _t, location_text: _l, ...rest } = row;
  return rest;
}

/** Every registration, newest first (SPEC §7). */
export async function listRegistrations(db: Db): Promise<AdminRegistration[]> {
  const rows = await db
    .selectFrom('business_registrations')
    .selectAll()
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toAdminRegistration);
}

/** @throws AppError NOT_FOUND */
export async function getRegistration(db: Db, id: string): Promise<BusinessRegistration> {
  const row = await db
    .selectFrom('business_registrations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Business not found');
  return row;
}

/**
 * Applies a SPEC §4 status change atomically: the row is locked, the transition checked, then
 * updated. Leaving `approved` also clears `featured`.
 * @throws AppError CONFLICT for an illegal transition (nothing changes), NOT_FOUND.
 */
export async function changeStatus(
  db: Db,
  id: string,
  status: 'approved' | 'rejected' | 'suspended',
): Promise<ListingChange> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('business_registrations')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError('NOT_FOUND', 'Business not found');
    if (!canTransition(current.status, status)) {
      throw new AppError('CONFLICT', `A ${current.status} business cannot become ${status}.`);
    }
    const after = await trx
      .updateTable('business_registrations')
      .set({ status, ...(status === 'approved' ? {} : { featured: false }) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { before: current, after };
  });
}

/**
 * SPEC §4: featured on sets display_order to the highest featured order plus one (1 when none);
 * off just clears featured. Only approved businesses can be featured.
 */
export async function setFeatured(db: Db, id: string, featured: boolean): Promise<ListingChange> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('business_registrations')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError('NOT_FOUND', 'Business not found');
    if (featured && current.status !== 'approved')
      throw new AppError('CONFLICT', 'Only approved businesses can be featured.');
    let displayOrder: number | undefined;
    if (featured && !current.featured) {
      const top = await trx
        .selectFrom('business_registrations')
        .select('display_order')
        .where('featured', '=', true)
        .orderBy('display_order', 'desc')
        .limit(1)
        .executeTakeFirst();
      displayOrder = (top?.display_order ?? 0) + 1;
    }
    const after = await trx
      .updateTable('business_registrations')
      .set({ featured, ...(displayOrder === undefined ? {} : { display_order: displayOrder }) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { before: current, after };
  });
}

/** @throws AppError CONFLICT unless approved or suspended (SPEC §4). */
export async function setVerification(
  db: Db,
  id: string,
  verification_status: 'verified' | 'verification_pending' | 'not_verified',
): Promise<ListingChange> {
  const current = await getRegistration(db, id);
  if (!VERIFIABLE_STATUSES.includes(current.status)) {
    throw new AppError(
      'CONFLICT',
      'Verification can only be changed for approved or suspended businesses.',
    );
  }
  const after = await db
    .updateTable('business_registrations')
    .set({ verification_status, verified: verification_status === 'verified' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before: current, after };
}

export async function setRating(db: Db, id: string, star_rating: number): Promise<ListingChange> {
  const before = await getRegistration(db, id);
  const after = await db
    .updateTable('business_registrations')
    .set({ star_rating })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, after };
}

/** SPEC §5 Admin business edit. @throws AppError CONFLICT for pending businesses. */
export async function editRegistration(
  db: Db,
  id: string,
  input: z.output<typeof BusinessEditSchema>,
): Promise<ListingChange> {
  const current = await getRegistration(db, id);
  if (!EDITABLE_STATUSES.includes(current.status))
    throw new AppError('CONFLICT', 'Approve or reject a pending business before editing it.');
  const { business_type, tags } = editedTypeAndTags(
    input.business_categories,
    input.additional_tags,
    current.business_type,
  );
  const after = await db
    .updateTable('business_registrations')
    .set({
      business_name: input.business_name,
      phone: input.phone,
      display_name: input.display_name,
      email: input.email,
      address: input.address,
      city: input.city,
      state: input.state,
      website: input.website,
      description: input.description,
      services: input.services,
      business_categories: input.business_categories,
      business_type,
      tags,
      contact_visibility: input.contact_visibility,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before: current, after };
}

/** @throws AppError CONFLICT for pending businesses (SPEC §4 offers Delete for the others). */
export async function deleteRegistration(db: Db, id: string): Promise<BusinessRegistration> {
  const current = await getRegistration(db, id);
  if (!EDITABLE_STATUSES.includes(current.status))
    throw new AppError('CONFLICT', 'Approve or reject a pending business before deleting it.');
  await db.deleteFrom('business_registrations').where('id', '=', id).execute();
  return current;
}

/** A listing before and after a write (after is undefined when deleted): the cache tags to purge. */
export interface ListingChange {
  before: BusinessRegistration;
  after: BusinessRegistration;
}

/** SPEC §4 "Drag reordering renumbers display_order from 1 in list order", in one transaction. */
export async function reorderFeatured(db: Db, ids: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [index, id] of ids.entries()) {
      const result = await trx
        .updateTable('business_registrations')
        .set({ display_order: index + 1 })
        .where('id', '=', id)
        .where('featured', '=', true)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1)
        throw new AppError('CONFLICT', 'Failed to update business order');
    }
  });
}

/**
 * send-welcome-email (SPEC §7). `skipped` when the business has no e-mail.
 */
export async function sendWelcome(
  mailer: Mailer,
  business: BusinessRegistration,
): Promise<{ status: 'sent' | 'failed' | 'skipped'; error?: string }> {
  if (!business.email) return { status: 'skipped' };
  const result = await mailer.send(
    welcomeEmail(
      {
        business_name: business.business_name,
        email: business.email,
        business_type: business.business_type,
        contact_name: business.display_name,
      },
      `${siteUrl()}/${business.slug ? `business/${business.slug}/` : ''}`,
    ),
  );
  return result.ok ? { status: 'sent' } : { status: 'failed', error: result.error };
}
