import {
  type AdminChangeListQuery,
  type AdminListingChange,
  LISTING_EDIT_FIELDS,
  type ListingChange,
  type ListingEdit,
  type ListingFields,
  type OwnedListing,
} from '../../../common/schemas/claims.ts';
import { DAY_KEYS } from '../../../common/schemas/hours.ts';
import { type CalloutFee, feeColumns, feeOfColumns } from '../../../common/schemas/roadside.ts';
import { paged } from '../../_lib/paging.ts';
import { AppError } from '../../_lib/errors.ts';
import type { Mailer } from '../../_lib/mail.ts';
import { enforceRateLimits } from '../../_lib/rate-limit.ts';
import { changeDecisionEmail } from '../../emails/claims.ts';
import { deriveArea } from '../../imports/lagos-areas.ts';
import { CacheTags, listingChangeTags } from '../../site/cache-tags.ts';
import type { BlobStore } from '../../_lib/blobs.ts';
import * as ownerPhotos from '../../photos/owners/owners.service.ts';
import { listingUrl, ownerDashboardUrl } from '../../site/urls.ts';
import * as repository from '../claims.repository.ts';
import type { ChangeRow, ChangeViewRow } from '../claims.repository.ts';
import * as registrations from '../../registrations/registrations.repository.ts';
import {
  CHANGES_PER_HOUR,
  type Db,
  MAX_OWNED_LISTINGS,
  NOT_FOUND,
  notify,
  state,
} from '../claims.service.ts';

/** Owner edits (issue 16, ADR 018, 073): an owner's listings, the edits they send, and the admin's decision on each. */

// Owner edits ------------------------------------------------------------------------------------

/** Opening hours in weekday order, so equal hours compare equal as JSON. */
function orderedHours(hours: unknown): Record<string, string> | null {
  if (!hours || typeof hours !== 'object') return null;
  const out: Record<string, string> = {};
  for (const day of DAY_KEYS) {
    const value = (hours as Record<string, unknown>)[day];
    if (typeof value === 'string') out[day] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The editable fields of a listing as they are live. */
function liveFields(row: {
  description: string | null;
  services: string | null;
  phone: string | null;
  whatsapp: string | null;
  website: string | null;
  address: string | null;
  area: string | null;
  opening_hours: unknown;
  contact_visibility: 'public' | 'registered_users_only';
  open_24_hours: boolean;
  comes_to_you: boolean;
  coverage_areas: string[];
  callout_fee_min: number | null;
  callout_fee_max: number | null;
}): Required<ListingFields> {
  return {
    description: row.description,
    services: row.services,
    phone: row.phone,
    whatsapp: row.whatsapp,
    website: row.website,
    address: row.address,
    area: row.area,
    opening_hours: orderedHours(row.opening_hours),
    contact_visibility: row.contact_visibility,
    open_24_hours: row.open_24_hours,
    comes_to_you: row.comes_to_you,
    coverage_areas: row.coverage_areas,
    callout_fee: feeOfColumns(row),
  };
}

function changeView(row: ChangeRow): ListingChange {
  return {
    id: row.id,
    listing_id: row.business_registration_id,
    status: row.status,
    changes: row.changes as ListingFields,
    before: row.before as ListingFields,
    reason: row.reason,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}

const NO_PHOTOS: ownerPhotos.ChangePhotos = { current: [], added: [], removed: [] };

function adminChangeView(
  row: ChangeViewRow,
  photoChanges?: ownerPhotos.ChangePhotos,
): AdminListingChange {
  const current = liveFields({
    description: row.l_description,
    services: row.l_services,
    phone: row.l_phone,
    whatsapp: row.l_whatsapp,
    website: row.l_website,
    address: row.l_address,
    area: row.l_area,
    opening_hours: row.l_opening_hours,
    contact_visibility: row.l_contact_visibility,
    open_24_hours: row.l_open_24_hours,
    comes_to_you: row.l_comes_to_you,
    coverage_areas: row.l_coverage_areas,
    callout_fee_min: row.l_callout_fee_min,
    callout_fee_max: row.l_callout_fee_max,
  });
  const changed = Object.keys(row.changes as object) as (keyof ListingFields)[];
  return {
    ...changeView(row),
    listing_name: row.listing_name,
    listing_slug: row.listing_slug,
    owner_name: row.owner_name,
    owner_email: row.owner_email,
    current: Object.fromEntries(changed.map((key) => [key, current[key]])),
    photos: photoChanges ?? NO_PHOTOS,
  };
}

/** Admin views of `rows` with their photos before/after (one query for the page). */
async function adminChangeViews(db: Db, rows: ChangeViewRow[]): Promise<AdminListingChange[]> {
  const byChange = await ownerPhotos.photosOfChanges(
    db,
    rows.map((row) => ({
      id: row.id,
      listing_id: row.business_registration_id,
      status: row.status,
    })),
  );
  return rows.map((row) => adminChangeView(row, byChange.get(row.id)));
}

/** The caller's listings (at most 100), with their live fields and newest change. */
export async function ownedListings(db: Db, userId: string): Promise<OwnedListing[]> {
  const rows = await registrations.listOwnedBy(db, userId, MAX_OWNED_LISTINGS);
  const changes = await repository.latestChanges(
    db,
    rows.map((r) => r.id),
  );
  const byListing = new Map(changes.map((c) => [c.business_registration_id, c]));
  return rows.map((row) => {
    const change = byListing.get(row.id);
    return {
      id: row.id,
      slug: row.slug,
      business_name: row.business_name,
      status: row.status,
      fields: liveFields(row),
      change: change ? changeView(change) : null,
    };
  });
}

/**
 * The owner sends an edit: the fields that differ from the live listing become the listing's
 * pending change (replacing an older pending one). Nothing is live until an admin approves.
 * @throws AppError NOT_FOUND (not the caller's listing), VALIDATION_FAILED "Nothing has changed.",
 *   RATE_LIMITED.
 */
export async function submitChange(
  db: Db,
  userId: string,
  listingId: string,
  edit: ListingEdit,
): Promise<ListingChange> {
  const listing = await registrations.findForOwner(db, { id: listingId });
  if (!listing || listing.owner_user_id !== userId) throw new AppError('NOT_FOUND', NOT_FOUND);
  await enforceRateLimits(db, [
    { key: `listing-change:user:${userId}`, limit: CHANGES_PER_HOUR, windowSeconds: 3600 },
  ]);
  const live = liveFields(listing);
  const proposed: Required<ListingFields> = {
    ...edit,
    opening_hours: orderedHours(edit.opening_hours),
  };
  const changes: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  for (const key of LISTING_EDIT_FIELDS) {
    if (JSON.stringify(proposed[key]) !== JSON.stringify(live[key])) {
      changes[key] = proposed[key];
      before[key] = live[key];
    }
  }
  if (Object.keys(changes).length === 0)
    throw new AppError('VALIDATION_FAILED', 'Nothing has changed.');
  return changeView(
    await repository.upsertPendingChange(db, { listingId, userId, changes, before }),
  );
}

/** One page of owner changes for the Claims tab, each with the listing's current values. */
export async function listChanges(
  db: Db,
  query: AdminChangeListQuery,
): Promise<{ changes: AdminListingChange[]; total: number }> {
  const filter = { status: query.status, q: query.q };
  const { rows, total } = await paged(
    query,
    (window) => repository.listChanges(db, filter, window),
    () => repository.countChanges(db, filter),
  );
  return { changes: await adminChangeViews(db, rows), total };
}

/**
 * The admin's decision on a pending change: `approve` writes the changed fields to the listing
 * and returns the cache tags to purge; `reject` keeps the listing as it is, with the reason.
 * After the commit the owner is e-mailed the decision (`listing-change-approved` /
 * `listing-change-rejected`, with the reason); a failed e-mail is logged and the decision stands.
 * @throws AppError NOT_FOUND, CONFLICT (not pending, or the listing changed owner meanwhile).
 */
export async function decideChange(
  db: Db,
  mailer: Mailer,
  blobs: BlobStore,
  adminId: string,
  changeId: string,
  decision: 'approve' | 'reject',
  reason: string | null,
): Promise<{ change: AdminListingChange; tags: string[] }> {
  const { tags, photoKeys } = await db.transaction().execute(async (trx) => {
    const change = await repository.lockChange(trx, changeId);
    if (!change) throw new AppError('NOT_FOUND', 'Change not found');
    if (change.status !== 'pending')
      throw new AppError('CONFLICT', 'This change is already decided.');
    if (decision === 'reject') {
      const { keys } = await ownerPhotos.decideChangePhotos(trx, change.id, 'reject');
      await repository.decideChange(trx, change.id, 'rejected', adminId, reason);
      return { tags: [], photoKeys: keys };
    }
    const listing = await registrations.lockForOwner(trx, change.business_registration_id);
    if (!listing) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (listing.owner_user_id !== change.user_id)
      throw new AppError('CONFLICT', 'The listing has a different owner now.');
    const values: Record<string, unknown> = { ...(change.changes as Record<string, unknown>) };
    // An area left empty is worked out from the (new) address, as for admin edits (ADR 020).
    if ('area' in values && values.area === null)
      values.area = deriveArea({ ...listing, ...(values as { address?: string | null }) });
    if ('opening_hours' in values)
      values.opening_hours =
        values.opening_hours === null ? null : JSON.stringify(values.opening_hours);
    // The fee range is one field of the change and two columns of the listing (issue 38.3).
    if ('callout_fee' in values) {
      Object.assign(values, feeColumns(values.callout_fee as CalloutFee | null));
      delete values.callout_fee;
    }
    if (Object.keys(values).length > 0)
      await registrations.applyOwnerChange(trx, listing.id, values);
    const photoChange = await ownerPhotos.decideChangePhotos(trx, change.id, 'approve');
    await repository.decideChange(trx, change.id, 'approved', adminId, reason);
    const after = await registrations.lockForOwner(trx, listing.id);
    const tags = listingChangeTags(state(listing), after ? state(after) : undefined);
    return {
      tags: photoChange.changed ? [...tags, CacheTags.photos(listing.id)] : tags,
      photoKeys: photoChange.keys,
    };
  });
  // After the commit: an orphaned file is harmless, a row pointing at nothing is not (ADR 039).
  await ownerPhotos.finishChangePhotos(blobs, photoKeys);
  const row = (await repository.findChangeView(db, changeId))!;
  await notify(
    mailer,
    changeDecisionEmail(row.owner_email, {
      businessName: row.listing_name,
      ownerName: row.owner_name,
      decision: decision === 'approve' ? 'approved' : 'rejected',
      reason: row.reason,
      listingUrl: listingUrl(row.listing_slug),
      dashboardUrl: ownerDashboardUrl(),
    }),
    { changeId },
  );
  return { change: (await adminChangeViews(db, [row]))[0]!, tags };
}
