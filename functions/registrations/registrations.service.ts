import type { Kysely } from 'kysely';
import {
  businessTypeFor,
  type BusinessRegistrationData,
  type SubmissionResult,
} from '../../common/schemas/forms.ts';
import {
  BULK_FROM,
  canTransition,
  EDITABLE_STATUSES,
  editedTypeAndTags,
  VERIFIABLE_STATUSES,
  type BulkAction,
  type BulkPreviewResponse,
  type BulkSelection,
  type BusinessEdit,
  type RegistrationExportQuery,
  type RegistrationListQuery,
  type WelcomeEmailOutcome,
} from '../../common/schemas/registrations.ts';
import { slugify } from '../../common/schemas/text.ts';
import { paged } from '../_lib/paging.ts';
import { siteUrl } from '../_lib/env.ts';
import { AppError } from '../_lib/errors.ts';
import { guardPublicForm } from '../_lib/forms.ts';
import { adminNotifyAddress, type Mailer } from '../_lib/mail.ts';
import { isUniqueViolation } from '../_lib/pg-errors.ts';
import { deriveArea } from '../imports/lagos-areas.ts';
import type {
  BusinessRegistration,
  BusinessStatus,
  Database,
  VerificationCheck,
} from '../db/database.ts';
import {
  newBusinessNotification,
  welcomeEmail,
  welcomeEmailBatch,
} from '../emails/notifications.ts';
import {
  bulkListingChangeTags,
  CacheTags,
  listingChangeTags,
  type ListingState,
} from '../site/cache-tags.ts';
import { listingUrl } from '../site/urls.ts';
import * as repository from './registrations.repository.ts';
import type { AdminRegistrationRow } from './registrations.repository.ts';

/**
 * Business listings: the public "List Your Business" submission (SPEC §5 write rules, §8) and
 * the admin's moderation (SPEC §2 Admin dashboard, §4 state machine, §5 admin edit, §7).
 */
type Db = Kysely<Database>;

/** SPEC §8 "Business form" duplicate message (the public form and the admin edit alike). */
export const DUPLICATE_EMAIL_MESSAGE = 'A business with this email already exists.';
const EMAIL_KEY = 'business_registrations_email_key';
const emailTaken = () => new AppError('CONFLICT', DUPLICATE_EMAIL_MESSAGE);

/** Registrations per hour per client address. */
const SUBMISSIONS_PER_HOUR = 5;

/**
 * A listing request from /register: rate limit and honeypot, then saved as pending before the
 * admin is notified (a notification failure is only recorded). A honeypot hit answers like a
 * success and saves nothing.
 * @throws AppError CONFLICT for a taken e-mail, RATE_LIMITED past 5 an hour per address.
 */
export async function submitRegistration(
  db: Db,
  mailer: Mailer,
  input: BusinessRegistrationData,
  clientAddress: string,
): Promise<SubmissionResult> {
  if (await guardPublicForm(db, clientAddress, 'registration', input.hp, SUBMISSIONS_PER_HOUR))
    return { id: crypto.randomUUID(), emailStatus: 'sent' };
  const { id } = await createRegistration(db, input);
  const emailStatus = await notifyNewRegistration(db, mailer, id, input);
  return { id, emailStatus };
}

/**
 * A listing request from /register (SPEC §5 write rules): zip_code empty, business_type from the
 * categories, tags = service tags plus categories, status pending, user_id null. The e-mail's
 * uniqueness is decided by the database, so two racing submissions cannot both get in.
 * @throws AppError CONFLICT when a registration with this e-mail exists.
 */
export async function createRegistration(
  db: Db,
  input: BusinessRegistrationData,
): Promise<{ id: string; slug: string }> {
  if (input.email && (await repository.existsWithEmail(db, input.email))) throw emailTaken();
  const base = slugify(input.businessName) || 'business';
  for (let attempt = 0; ; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${crypto.randomUUID().slice(0, 6)}`;
    try {
      return await repository.insert(db, {
        business_name: input.businessName,
        business_type: businessTypeFor(input.serviceCategories),
        business_categories: input.serviceCategories,
        display_name: input.contactName ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        address: input.address ?? null,
        city: input.city ?? null,
        state: input.state ?? null,
        zip_code: '',
        website: input.website ?? null,
        description: input.description,
        services: input.services,
        tags: [...new Set([...input.serviceTags, ...input.serviceCategories])],
        status: 'pending',
        contact_visibility: input.contactVisibility,
        user_id: null,
        user_created: true,
        slug,
      });
    } catch (error) {
      if (isUniqueViolation(error, EMAIL_KEY)) throw emailTaken();
      if (isUniqueViolation(error, 'business_registrations_slug_key') && attempt < 3) continue;
      throw error;
    }
  }
}

/** Sends the new-business notification after the row is saved; a failure is only recorded (SPEC §8). */
export async function notifyNewRegistration(
  db: Db,
  mailer: Mailer,
  id: string,
  input: BusinessRegistrationData,
): Promise<'sent' | 'failed'> {
  const result = await mailer.send(
    newBusinessNotification(
      adminNotifyAddress(),
      {
        business_name: input.businessName,
        business_type: businessTypeFor(input.serviceCategories),
        contact_name: input.contactName ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        city: input.city ?? null,
        state: input.state ?? null,
        description: input.description,
        services: input.services,
        service_categories: input.serviceCategories,
      },
      `${siteUrl()}/admin/`,
    ),
  );
  const status = result.ok ? 'sent' : 'failed';
  await repository.setNotificationStatus(db, id, status);
  return status;
}

/** A registration as the admin API returns it: every column but the generated search ones. */
export type { AdminRegistrationRow } from './registrations.repository.ts';

export function toAdminRegistration(row: BusinessRegistration): AdminRegistrationRow {
  return Object.fromEntries(
    repository.ADMIN_COLUMNS.map((key) => [key, row[key]]),
  ) as AdminRegistrationRow;
}

/**
 * One page of a status tab (or of the featured list) with its search (SPEC §2, §5 "Admin
 * search"), and the number of matches in all.
 */
export async function listRegistrations(
  db: Db,
  query: RegistrationListQuery,
): Promise<{ registrations: AdminRegistrationRow[]; total: number }> {
  const filter = { status: query.status, featured: Boolean(query.featured), q: query.q };
  const { rows: registrations, total } = await paged(
    query,
    (window) => repository.listPage(db, filter, window),
    () => repository.count(db, filter),
  );
  return { registrations, total };
}

/** Registrations per status matching the company search `q`: one grouped query (SPEC §2 counts). */
export function countRegistrationsByStatus(db: Db, q: string | undefined) {
  return repository.countByStatus(db, { q });
}

/** Rows per export query: small enough to hold, large enough to keep the round trips few. */
const EXPORT_PAGE = 1_000;

/**
 * Every registration matching `query` (a status tab's search, or all), newest first, a keyset
 * page at a time: the caller streams each page out before the next is read.
 */
export async function* exportRegistrations(
  db: Db,
  query: RegistrationExportQuery,
): AsyncGenerator<repository.ExportRow[]> {
  const filter = { status: query.status, q: query.q };
  let cursor: repository.ExportCursor | undefined;
  for (;;) {
    const rows = await repository.exportPage(db, filter, cursor, EXPORT_PAGE);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows.at(-1)!;
    cursor = { createdAt: last.created_at_key, id: last.id };
  }
}

/** Number of registrations an export of `query` holds (the count it starts with). */
export function countExport(db: Db, query: RegistrationExportQuery): Promise<number> {
  return repository.count(db, { status: query.status, q: query.q });
}

/** The rows a selection names (ids, or a status tab's search), narrowed to `statuses`. */
function selectionFilter(
  selection: BulkSelection,
  statuses?: readonly BusinessStatus[],
): repository.RegistrationFilter {
  return 'ids' in selection
    ? { ids: selection.ids, statuses }
    : {
        status: selection.match.status,
        q: selection.match.q,
        statuses,
      };
}

/**
 * What a bulk action would do now (the confirmation's number): rows the selection names, rows
 * whose status allows the action (SPEC §4), and the rest, skipped.
 */
export async function previewBulk(
  db: Db,
  action: BulkAction,
  selection: BulkSelection,
): Promise<BulkPreviewResponse> {
  const [matched, willChange] = await Promise.all([
    repository.count(db, selectionFilter(selection)),
    repository.count(db, selectionFilter(selection, BULK_FROM[action])),
  ]);
  return { action, matched, willChange, skipped: matched - willChange };
}

/** One listing a bulk action changed, before and after (after is undefined when deleted). */
export interface BulkChange {
  before: ListingState;
  after: ListingState | undefined;
}

export interface BulkResult {
  action: BulkAction;
  changed: number;
  skipped: number;
  notFound: number;
  changes: BulkChange[];
  /** The pages the whole action changed: one purge (ADR 011). */
  tags: string[];
  /** Approved listings, for the welcome e-mails. */
  approved: repository.BulkChangedRow[];
}

/**
 * Approve, reject or delete every selected listing whose status allows it (SPEC §4: the rules of
 * the single actions), in one transaction with the rows locked; the others are skipped and
 * counted. Nothing changes unless exactly `expected` rows would (the number the confirmation
 * showed), so a selection that grew or shrank since is confirmed again.
 * @throws AppError CONFLICT when the number changed since the confirmation (nothing changes).
 */
export async function runBulk(
  db: Db,
  action: BulkAction,
  selection: BulkSelection,
  expected: number,
): Promise<BulkResult> {
  return db.transaction().execute(async (trx) => {
    const matched = await repository.count(trx, selectionFilter(selection));
    const filter = selectionFilter(selection, BULK_FROM[action]);
    let changes: BulkChange[];
    let approved: repository.BulkChangedRow[] = [];
    if (action === 'delete') {
      const deleted = await repository.removeWhere(trx, filter);
      changes = deleted.map((row) => ({ before: row, after: undefined }));
    } else {
      const rows = await repository.setStatusWhere(
        trx,
        filter,
        action === 'approve' ? 'approved' : 'rejected',
      );
      changes = rows.map((row) => ({
        before: { ...row, status: row.before_status, featured: row.before_featured },
        after: row,
      }));
      if (action === 'approve') approved = rows;
    }
    if (changes.length !== expected) {
      throw new AppError(
        'CONFLICT',
        `The selection changed: ${changes.length} businesses would change now, not ${expected}. Please review and confirm again.`,
      );
    }
    return {
      action,
      changed: changes.length,
      skipped: matched - changes.length,
      notFound: 'ids' in selection ? selection.ids.length - matched : 0,
      changes,
      tags: bulkListingChangeTags(changes),
      approved,
    };
  });
}

/**
 * The welcome e-mails of a bulk approval (SPEC §4 "Approval sends a welcome e-mail"), after the
 * commit: one template with per-business values in SendGrid batches of 1,000 (two requests for
 * 2,000 approvals), so the response waits for a request per thousand, not for 2,000 sends.
 * A failure never undoes an approval; it is counted for the Warning toast.
 */
export async function sendBulkWelcome(
  mailer: Mailer,
  approved: readonly repository.BulkChangedRow[],
): Promise<{ sent: number; failed: number; skipped: number; error?: string }> {
  const withEmail = approved.filter((b): b is repository.BulkChangedRow & { email: string } =>
    Boolean(b.email),
  );
  const skipped = approved.length - withEmail.length;
  if (withEmail.length === 0) return { sent: 0, failed: 0, skipped };
  const { template, recipients } = welcomeEmailBatch(
    withEmail.map((b) => ({
      business_name: b.business_name,
      email: b.email,
      business_type: b.business_type,
      contact_name: b.display_name,
      listingUrl: listingUrl(b.slug),
    })),
  );
  const outcomes = await mailer.sendPersonalized(template, recipients);
  const failed = outcomes.filter((o) => o.status === 'failed');
  return {
    sent: outcomes.length - failed.length,
    failed: failed.length,
    skipped,
    ...(failed[0]?.error ? { error: failed[0].error } : {}),
  };
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
