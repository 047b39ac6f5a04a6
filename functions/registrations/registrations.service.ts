import type { Kysely } from 'kysely';
import { feeColumns } from '../../common/schemas/roadside.ts';
import {
  canTransition,
  EDITABLE_STATUSES,
  editedTypeAndTags,
  VERIFIABLE_STATUSES,
  type BusinessEdit,
  type WelcomeEmailOutcome,
} from '../../common/schemas/registrations.ts';
import { AppError } from '../_lib/errors.ts';
import type { Mailer } from '../_lib/mail.ts';
import { isUniqueViolation } from '../_lib/pg-errors.ts';
import { deriveArea } from '../imports/lagos-areas.ts';
import type { BusinessRegistration, Database, VerificationCheck } from '../db/database.ts';
import { welcomeEmail } from '../emails/notifications.ts';
import { CacheTags, listingChangeTags } from '../site/cache-tags.ts';
import { listingUrl } from '../site/urls.ts';
import * as repository from './registrations.repository.ts';
import type { AdminRegistrationRow } from './registrations.repository.ts';

/**
 * Business listings: the public "List Your Business" submission (SPEC §5 write rules, §8) and
 * the admin's moderation (SPEC §2 Admin dashboard, §4 state machine, §5 admin edit, §7).
 *
 * Rooms (ADR 073): this file holds one registration's admin actions (status, featured, checks,
 * rating, edit, delete, welcome mail) and what the rooms share; `submission/` is the public form
 * (and the admin's create), `admin/` the tabs' lists, counts and bulk actions, `export/` the CSV.
 */
export type Db = Kysely<Database>;

/** SPEC §8 "Business form" duplicate message (the public form and the admin edit alike). */
export const DUPLICATE_EMAIL_MESSAGE = 'A business with this email already exists.';
export const EMAIL_KEY = 'business_registrations_email_key';
export const emailTaken = () => new AppError('CONFLICT', DUPLICATE_EMAIL_MESSAGE);

/** A registration as the admin API returns it: every column but the generated search ones. */
export type { AdminRegistrationRow } from './registrations.repository.ts';

export function toAdminRegistration(row: BusinessRegistration): AdminRegistrationRow {
  return Object.fromEntries(
    repository.ADMIN_COLUMNS.map((key) => [key, row[key]]),
  ) as AdminRegistrationRow;
}

/** @throws AppError NOT_FOUND */
export async function getRegistration(db: Db, id: string): Promise<BusinessRegistration> {
  const row = await repository.findById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Business not found');
  return row;
}

/**
 * A registration before and after an admin write, and the cache tags of every page that showed
 * it before or shows it now (ADR 011): the handler answers with `after` and purges `tags` once
 * the write has committed. Tags are computed here, in the service, never in a handler.
 */
export interface RegistrationWrite {
  before: BusinessRegistration;
  after: BusinessRegistration;
  tags: string[];
}

/** The {@link RegistrationWrite} of a row written from `before` to `after`. */
export function registrationWrite(
  before: BusinessRegistration,
  after: BusinessRegistration,
): RegistrationWrite {
  return { before, after, tags: listingChangeTags(before, after) };
}

/** Locks the row in the transaction `trx`. @throws AppError NOT_FOUND */
export async function lockRegistration(trx: Db, id: string): Promise<BusinessRegistration> {
  const row = await repository.findById(trx, id, { forUpdate: true });
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
): Promise<RegistrationWrite> {
  return db.transaction().execute(async (trx) => {
    const before = await lockRegistration(trx, id);
    return registrationWrite(before, await changeLockedStatus(trx, before, status));
  });
}

/**
 * {@link changeStatus} inside the caller's transaction `trx`, on a row it has locked
 * ({@link lockRegistration}). @returns the row after. @throws AppError CONFLICT for an illegal
 * transition.
 */
export async function changeLockedStatus(
  trx: Db,
  before: BusinessRegistration,
  status: 'approved' | 'rejected' | 'suspended',
): Promise<BusinessRegistration> {
  if (!canTransition(before.status, status)) {
    throw new AppError('CONFLICT', `A ${before.status} business cannot become ${status}.`);
  }
  return repository.update(trx, before.id, {
    status,
    ...(status === 'approved' ? {} : { featured: false }),
  });
}

/**
 * SPEC §4: featured on sets display_order to the highest featured order plus one (1 when none);
 * off just clears featured. Only approved businesses can be featured.
 * @throws AppError CONFLICT for a business that is not approved, NOT_FOUND.
 */
export async function setFeatured(
  db: Db,
  id: string,
  featured: boolean,
): Promise<RegistrationWrite> {
  return db.transaction().execute(async (trx) => {
    const before = await lockRegistration(trx, id);
    if (featured && before.status !== 'approved')
      throw new AppError('CONFLICT', 'Only approved businesses can be featured.');
    const displayOrder =
      featured && !before.featured
        ? ((await repository.maxFeaturedOrder(trx)) ?? 0) + 1
        : undefined;
    const after = await repository.update(trx, id, {
      featured,
      ...(displayOrder === undefined ? {} : { display_order: displayOrder }),
    });
    return registrationWrite(before, after);
  });
}

/** @throws AppError CONFLICT unless approved or suspended (SPEC §4), NOT_FOUND. */
export async function setVerification(
  db: Db,
  id: string,
  verification_status: 'verified' | 'verification_pending' | 'not_verified',
  /** Issue 24.6: the checks that passed and the admin who recorded them (when verified). */
  record: { checks: VerificationCheck[]; adminId: string | null } = { checks: [], adminId: null },
): Promise<RegistrationWrite> {
  const before = await getRegistration(db, id);
  if (!VERIFIABLE_STATUSES.includes(before.status)) {
    throw new AppError(
      'CONFLICT',
      'Verification can only be changed for approved or suspended businesses.',
    );
  }
  const verified = verification_status === 'verified';
  const after = await repository.update(db, id, {
    verification_status,
    verified,
    verification_checks: verified ? [...new Set(record.checks)] : [],
    verified_at: verified ? new Date() : null,
    verified_by: verified ? record.adminId : null,
  });
  return registrationWrite(before, after);
}

/** SPEC §4 star rating. @throws AppError NOT_FOUND. */
export async function setRating(
  db: Db,
  id: string,
  star_rating: number,
): Promise<RegistrationWrite> {
  const before = await getRegistration(db, id);
  const after = await repository.update(db, id, { star_rating });
  return registrationWrite(before, after);
}

/**
 * The area after an admin edit (issue 16.4, ADR 020): the one chosen; derived again when the
 * admin asks ('') or, when the edit does not name one, when the address or city changed.
 */
export function editedArea(
  before: Pick<
    BusinessRegistration,
    'area' | 'address' | 'city' | 'general_location' | 'latitude' | 'longitude'
  >,
  input: Pick<BusinessEdit, 'area' | 'address' | 'city'>,
): string | null {
  if (input.area) return input.area;
  const moved = input.address !== before.address || input.city !== before.city;
  if (input.area === undefined && !moved) return before.area;
  return deriveArea({ ...before, address: input.address, city: input.city });
}

/**
 * SPEC §5 Admin business edit.
 * @throws AppError CONFLICT for pending businesses, or with the SPEC §8 duplicate message when
 * another listing has this e-mail (nothing changes); NOT_FOUND.
 */
export async function editRegistration(
  db: Db,
  id: string,
  input: BusinessEdit,
): Promise<RegistrationWrite> {
  const before = await getRegistration(db, id);
  if (!EDITABLE_STATUSES.includes(before.status))
    throw new AppError('CONFLICT', 'Approve or reject a pending business before editing it.');
  const { business_type, tags } = editedTypeAndTags(
    input.business_categories,
    input.additional_tags,
    before.business_type,
  );
  try {
    const after = await repository.update(db, id, {
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
      area: editedArea(before, input),
      ...(input.roadside
        ? {
            open_24_hours: input.roadside.open_24_hours,
            comes_to_you: input.roadside.comes_to_you,
            coverage_areas: input.roadside.coverage_areas,
            ...feeColumns(input.roadside.callout_fee),
          }
        : {}),
    });
    return registrationWrite(before, after);
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_KEY)) throw emailTaken();
    throw error;
  }
}

/**
 * @returns the deleted registration and the tags of the pages that showed it.
 * @throws AppError CONFLICT for pending businesses (SPEC §4 offers Delete for the others), NOT_FOUND.
 */
export async function deleteRegistration(
  db: Db,
  id: string,
): Promise<{ deleted: BusinessRegistration; tags: string[] }> {
  const current = await getRegistration(db, id);
  if (!EDITABLE_STATUSES.includes(current.status))
    throw new AppError('CONFLICT', 'Approve or reject a pending business before deleting it.');
  await repository.remove(db, id);
  return { deleted: current, tags: listingChangeTags(current, undefined) };
}

/**
 * SPEC §4 "Drag reordering renumbers display_order from 1 in list order", in one transaction.
 * @throws AppError CONFLICT when an id is unknown or not featured (nothing changes).
 */
export async function reorderFeatured(db: Db, ids: string[]): Promise<{ tags: string[] }> {
  await db.transaction().execute(async (trx) => {
    for (const [index, id] of ids.entries()) {
      if (!(await repository.setFeaturedOrder(trx, id, index + 1)))
        throw new AppError('CONFLICT', 'Failed to update business order');
    }
  });
  return { tags: [CacheTags.home, CacheTags.featured] };
}

/** send-welcome-email (SPEC §7). `skipped` when the business has no e-mail. */
export async function sendWelcome(
  mailer: Mailer,
  business: BusinessRegistration,
): Promise<WelcomeEmailOutcome> {
  if (!business.email) return { status: 'skipped' };
  const result = await mailer.send(
    welcomeEmail(
      {
        business_name: business.business_name,
        email: business.email,
        business_type: business.business_type,
        contact_name: business.display_name,
      },
      listingUrl(business.slug),
    ),
  );
  return result.ok ? { status: 'sent' } : { status: 'failed', error: result.error };
}

/**
 * Test Welcome Email (SPEC §4): approved businesses with an e-mail only.
 * @throws AppError CONFLICT otherwise, NOT_FOUND.
 */
export async function testWelcome(
  db: Db,
  mailer: Mailer,
  id: string,
): Promise<WelcomeEmailOutcome> {
  const registration = await getRegistration(db, id);
  if (registration.status !== 'approved')
    throw new AppError('CONFLICT', 'Test Welcome Email is only for approved businesses.');
  if (!registration.email) throw new AppError('CONFLICT', 'This business has no email address.');
  return sendWelcome(mailer, registration);
}
