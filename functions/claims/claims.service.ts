import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../common/schemas/auth.ts';
import {
  type AdminClaim,
  type AdminClaimListQuery,
  type AdminChangeListQuery,
  type AdminListingChange,
  type Claim,
  CLAIM_CODE_ATTEMPTS,
  CLAIM_CODE_MINUTES,
  type ClaimTargetResponse,
  LISTING_EDIT_FIELDS,
  type ListingChange,
  type ListingEdit,
  type ListingFields,
  type OwnedListing,
} from '../../common/schemas/claims.ts';
import { DAY_KEYS } from '../../common/schemas/hours.ts';
import { paged } from '../_lib/paging.ts';
import { AppError } from '../_lib/errors.ts';
import { log } from '../_lib/log.ts';
import { adminNotifyAddress, type Mailer, type MailMessage } from '../_lib/mail.ts';
import { addressBucket, enforceRateLimits } from '../_lib/rate-limit.ts';
import type { Database } from '../db/database.ts';
import {
  changeDecisionEmail,
  claimCodeEmail,
  claimClosedEmail,
  claimDecisionEmail,
  claimReviewNotification,
} from '../emails/claims.ts';
import { deriveArea } from '../imports/lagos-areas.ts';
import { CacheTags, listingChangeTags, type ListingState } from '../site/cache-tags.ts';
import type { BlobStore } from '../_lib/blobs.ts';
import * as photos from '../photos/photos.service.ts';
import { listingUrl, ownerDashboardUrl } from '../site/urls.ts';
import * as repository from './claims.repository.ts';
import type { ChangeRow, ChangeViewRow, ClaimViewRow } from './claims.repository.ts';
import * as registrations from '../registrations/registrations.repository.ts';
import type { OwnerViewRow } from '../registrations/registrations.repository.ts';

/**
 * Claim this business and the owner dashboard (issue 16 points 1 and 2, ADR 018).
 *
 * Claim states: `pending` → `verified` (right code, e-mail claims) | `approved` / `rejected`
 * (admin, manual claims) | `expired` (15 minutes passed, or replaced by a new request) | `locked`
 * (5 wrong codes). Only a verified or approved claim sets `owner_user_id`, and only on a listing
 * without an owner. Changes: `pending` → `approved` (applied to the listing, cache purged) |
 * `rejected`.
 */
type Db = Kysely<Database>;

/** Claim requests per hour: per account, per client address, and codes sent per listing. */
export const CLAIM_REQUESTS_PER_HOUR = { account: 5, address: 20, listing: 5 } as const;
/** Code attempts per hour across claims (besides the 5 per claim). */
export const CODE_ATTEMPTS_PER_HOUR = { account: 20, address: 40 } as const;
/** Owner edits sent per hour per account. */
export const CHANGES_PER_HOUR = 30;
/** Most listings one owner dashboard shows. */
export const MAX_OWNED_LISTINGS = 100;

export const ALREADY_CLAIMED = 'This business has already been claimed.';
const NOT_FOUND = 'Listing not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

/** `salt:hash` of a code (scrypt, random salt): a leaked row does not give the code away. */
export async function hashCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${(await scryptAsync(code, salt, 32)).toString('hex')}`;
}

export async function codeMatches(code: string, stored: string): Promise<boolean> {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const actual = await scryptAsync(code, Buffer.from(salt, 'hex'), 32);
  const expected = Buffer.from(hash, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A uniformly random 6-digit code, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const state = (row: OwnerViewRow): ListingState => ({
  id: row.id,
  status: row.status,
  featured: row.featured,
  slug: row.slug,
  category_keys: row.category_keys,
  area: row.area,
});

function claimView(row: ClaimViewRow, now = Date.now()): Claim {
  const expires = row.code_expires_at ? new Date(row.code_expires_at) : null;
  // A pending e-mail claim past its time reads as expired, before any request stores it.
  const status =
    row.status === 'pending' && row.method === 'email' && expires && expires.getTime() <= now
      ? 'expired'
      : row.status;
  return {
    id: row.id,
    listing_id: row.business_registration_id,
    listing_name: row.listing_name,
    listing_slug: row.listing_slug,
    method: row.method,
    status,
    attempts_left: Math.max(0, CLAIM_CODE_ATTEMPTS - row.attempts),
    code_expires_at: expires ? expires.toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

function adminClaimView(row: ClaimViewRow): AdminClaim {
  return {
    ...claimView(row),
    claimant_name: row.claimant_name,
    claimant_email: row.claimant_email,
    role: row.role,
    phone: row.phone,
    note: row.note,
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}

async function approvedListing(db: Db, key: string): Promise<OwnerViewRow> {
  const listing = await registrations.findForOwner(
    db,
    UUID.test(key) ? { id: key } : { slug: key },
  );
  if (!listing || listing.status !== 'approved') throw new AppError('NOT_FOUND', NOT_FOUND);
  return listing;
}

/**
 * What the claim page shows for `key` (slug or id): the listing's name, whether it is claimed,
 * how a claim is decided, and the caller's newest claim on it. Never the listing's e-mail.
 * @throws AppError NOT_FOUND when no approved listing has that slug or id.
 */
export async function claimTarget(
  db: Db,
  user: SessionUser,
  key: string,
): Promise<ClaimTargetResponse> {
  const listing = await approvedListing(db, key);
  const latest = await repository.latestClaimOf(db, listing.id, user.id);
  return {
    listing: {
      id: listing.id,
      slug: listing.slug,
      business_name: listing.business_name,
      claimed: listing.owner_user_id !== null,
      owned_by_you: listing.owner_user_id === user.id,
      method: listing.email ? 'email' : 'manual',
    },
    claim: latest ? claimView(latest) : null,
  };
}

/**
 * A signed-in user asks to claim a listing. With an e-mail on the listing, a new 6-digit code
 * (15 minutes, 5 attempts, stored hashed) goes to that address and any open claim of the same
 * user on the listing is replaced; without one, the claim waits for the admin with the evidence
 * (`role` and `phone` required) and the admin is notified. The claim is stored before any e-mail
 * is sent; a failed e-mail is logged (the user can ask for a new code).
 * @throws AppError NOT_FOUND (no approved listing), CONFLICT "This business has already been
 *   claimed." / an open manual claim exists, VALIDATION_FAILED (evidence missing), RATE_LIMITED.
 */
export async function requestClaim(
  db: Db,
  mailer: Mailer,
  user: SessionUser,
  input: { listing: string; role: string | null; phone: string | null; note: string | null },
  clientAddress: string,
): Promise<Claim> {
  const listing = await approvedListing(db, input.listing);
  if (listing.owner_user_id !== null) throw new AppError('CONFLICT', ALREADY_CLAIMED);
  const manual = !listing.email;
  if (manual) {
    const fields: Record<string, string[]> = {};
    if (!input.role) fields.role = ['Please tell us your role at the business'];
    if (!input.phone) fields.phone = ['Please give a phone number we can call'];
    if (Object.keys(fields).length > 0)
      throw new AppError('VALIDATION_FAILED', Object.values(fields)[0]![0]!, fields);
    const open = await repository.latestClaimOf(db, listing.id, user.id);
    if (open?.status === 'pending')
      throw new AppError('CONFLICT', 'Your claim is already waiting for our team.');
  }
  await enforceRateLimits(db, [
    {
      key: `claim:user:${user.id}`,
      limit: CLAIM_REQUESTS_PER_HOUR.account,
      windowSeconds: 3600,
    },
    {
      key: `claim:ip:${addressBucket(clientAddress)}`,
      limit: CLAIM_REQUESTS_PER_HOUR.address,
      windowSeconds: 3600,
    },
    {
      key: `claim:listing:${listing.id}`,
      limit: CLAIM_REQUESTS_PER_HOUR.listing,
      windowSeconds: 3600,
    },
  ]);
  const code = manual ? null : newCode();
  const id = await db.transaction().execute(async (trx) => {
    await repository.expireOpenClaims(trx, listing.id, user.id);
    return repository.insertClaim(trx, {
      business_registration_id: listing.id,
      user_id: user.id,
      method: manual ? 'manual' : 'email',
      code_hash: code ? await hashCode(code) : null,
      code_expires_at: code ? new Date(Date.now() + CLAIM_CODE_MINUTES * 60_000) : null,
      role: input.role,
      phone: input.phone,
      note: input.note,
    });
  });
  const message = code
    ? claimCodeEmail(listing.email!, {
        businessName: listing.business_name,
        claimantName: user.shownName,
        code,
        minutes: CLAIM_CODE_MINUTES,
      })
    : claimReviewNotification(adminNotifyAddress(), {
        businessName: listing.business_name,
        claimantName: user.shownName,
        claimantEmail: user.email,
        role: input.role,
        phone: input.phone,
        note: input.note,
      });
  await notify(mailer, message, { claimId: id });
  return claimView((await repository.findClaimView(db, id))!);
}

const CODE_EXPIRED = 'This code has expired. Please ask for a new code.';
const CODE_LOCKED = 'Too many wrong codes. Please ask for a new code.';

/**
 * Checks the code of the caller's e-mail claim. Right → the claim is `verified`, the listing gets
 * the caller as owner (other open claims on it are rejected, and their claimants e-mailed after
 * the commit) and the cache tags of the listing are returned for purging. Wrong → one attempt
 * used (the fifth locks the claim), 422.
 * @throws AppError NOT_FOUND (not the caller's claim), CONFLICT (not pending, expired, locked,
 *   or the listing got an owner meanwhile), VALIDATION_FAILED (wrong code), RATE_LIMITED.
 */
export async function verifyClaim(
  db: Db,
  mailer: Mailer,
  user: SessionUser,
  claimId: string,
  code: string,
  clientAddress: string,
): Promise<{ claim: Claim; tags: string[] }> {
  await enforceRateLimits(db, [
    {
      key: `claim-code:user:${user.id}`,
      limit: CODE_ATTEMPTS_PER_HOUR.account,
      windowSeconds: 3600,
    },
    {
      key: `claim-code:ip:${addressBucket(clientAddress)}`,
      limit: CODE_ATTEMPTS_PER_HOUR.address,
      windowSeconds: 3600,
    },
  ]);
  const outcome = await db.transaction().execute(async (trx) => {
    const claim = await repository.lockClaim(trx, claimId);
    if (!claim || claim.user_id !== user.id)
      return { error: new AppError('NOT_FOUND', 'Claim not found') };
    if (claim.method !== 'email' || !claim.code_hash)
      return { error: new AppError('CONFLICT', 'This claim is decided by our team.') };
    if (claim.status === 'locked') return { error: new AppError('CONFLICT', CODE_LOCKED) };
    if (claim.status === 'expired') return { error: new AppError('CONFLICT', CODE_EXPIRED) };
    if (claim.status !== 'pending')
      return { error: new AppError('CONFLICT', 'This claim is already decided.') };
    if (claim.code_expires_at && new Date(claim.code_expires_at).getTime() <= Date.now()) {
      await repository.setClaimStatus(trx, claim.id, 'expired');
      return { error: new AppError('CONFLICT', CODE_EXPIRED) };
    }
    if (!(await codeMatches(code, claim.code_hash))) {
      const attempts = claim.attempts + 1;
      const left = CLAIM_CODE_ATTEMPTS - attempts;
      await repository.setClaimStatus(trx, claim.id, left <= 0 ? 'locked' : 'pending', {
        attempts,
      });
      const message =
        left <= 0
          ? CODE_LOCKED
          : `That code is not right. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`;
      return { error: new AppError('VALIDATION_FAILED', message, { code: [message] }) };
    }
    const listing = await registrations.lockForOwner(trx, claim.business_registration_id);
    if (!listing) return { error: new AppError('NOT_FOUND', NOT_FOUND) };
    if (!(await registrations.setOwnerIfUnclaimed(trx, listing.id, user.id))) {
      await repository.setClaimStatus(trx, claim.id, 'rejected');
      return { error: new AppError('CONFLICT', ALREADY_CLAIMED) };
    }
    await repository.setClaimStatus(trx, claim.id, 'verified');
    const closed = await repository.rejectOtherOpenClaims(trx, listing.id, claim.id);
    return { tags: listingChangeTags(state(listing), state(listing)), closed };
  });
  if ('error' in outcome) throw outcome.error;
  await notifyClosedClaims(db, mailer, outcome.closed);
  return {
    claim: claimView((await repository.findClaimView(db, claimId))!),
    tags: outcome.tags,
  };
}

/** One page of claims for the Claims tab (default: manual claims waiting for a decision). */
export async function listClaims(
  db: Db,
  query: AdminClaimListQuery,
): Promise<{ claims: AdminClaim[]; total: number }> {
  const filter = { status: query.status, q: query.q };
  const { rows, total } = await paged(
    query,
    (window) => repository.listClaims(db, filter, window),
    () => repository.countClaims(db, filter),
  );
  return { claims: rows.map(adminClaimView), total };
}

/**
 * The Claims tab's count (SPEC §2 "Label (n)"): manual claims waiting for a decision plus owners'
 * pending changes, both matching the tab search `q` as the tab's two lists do. Each is a count
 * over the pending rows of a `(status, created_at)` index, so it does not grow with decided rows.
 */
export async function countPendingReviews(db: Db, q: string | undefined): Promise<number> {
  const [claims, changes] = await Promise.all([
    repository.countClaims(db, { status: 'pending', q }),
    repository.countChanges(db, { status: 'pending', q }),
  ]);
  return claims + changes;
}

/**
 * Sends a claim's e-mail (the code, the admin's review request, a decision) after its commit: a
 * failure is logged with `context` and never undoes what was saved.
 */
async function notify(mailer: Mailer, message: MailMessage, context: Record<string, string>) {
  const sent = await mailer.send(message);
  if (!sent.ok) log.warn('claim e-mail failed', { ...context, error: sent.error });
}

/**
 * Tells the claimants of `claimIds` (open claims just closed because another claim of the
 * listing was confirmed) that their claim is closed: one `claim-closed` e-mail each, after the
 * commit.
 */
async function notifyClosedClaims(db: Db, mailer: Mailer, claimIds: readonly string[]) {
  for (const claimant of await repository.claimantsOf(db, claimIds)) {
    await notify(
      mailer,
      claimClosedEmail(claimant.email, {
        businessName: claimant.businessName,
        claimantName: claimant.name,
      }),
      { claimId: claimant.claimId },
    );
  }
}

/**
 * The admin's decision on a manual claim: `approve` sets the claimant as owner (409 when the
 * listing has one already) and returns the listing's cache tags; `reject` only closes the claim.
 * After the commit the claimant is e-mailed the decision (`claim-approved` / `claim-rejected`
 * through the mailer and its outbox), and on approval so is every claimant whose open claim of
 * the listing it closed (`claim-closed`); a failed e-mail is logged and the decision stands.
 * @throws AppError NOT_FOUND, CONFLICT (not a pending manual claim, or already claimed).
 */
export async function decideClaim(
  db: Db,
  mailer: Mailer,
  adminId: string,
  claimId: string,
  decision: 'approve' | 'reject',
): Promise<{ claim: AdminClaim; tags: string[] }> {
  const { tags, closed } = await db.transaction().execute(async (trx) => {
    const claim = await repository.lockClaim(trx, claimId);
    if (!claim) throw new AppError('NOT_FOUND', 'Claim not found');
    if (claim.method !== 'manual' || claim.status !== 'pending')
      throw new AppError('CONFLICT', 'This claim is not waiting for a decision.');
    if (decision === 'reject') {
      await repository.setClaimStatus(trx, claim.id, 'rejected', { decided_by: adminId });
      return { tags: [], closed: [] };
    }
    const listing = await registrations.lockForOwner(trx, claim.business_registration_id);
    if (!listing) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (!(await registrations.setOwnerIfUnclaimed(trx, listing.id, claim.user_id)))
      throw new AppError('CONFLICT', ALREADY_CLAIMED);
    await repository.setClaimStatus(trx, claim.id, 'approved', { decided_by: adminId });
    return {
      tags: listingChangeTags(state(listing), state(listing)),
      closed: await repository.rejectOtherOpenClaims(trx, listing.id, claim.id),
    };
  });
  const row = (await repository.findClaimView(db, claimId))!;
  await notify(
    mailer,
    claimDecisionEmail(row.claimant_email, {
      businessName: row.listing_name,
      claimantName: row.claimant_name,
      decision: decision === 'approve' ? 'approved' : 'rejected',
      dashboardUrl: ownerDashboardUrl(),
    }),
    { claimId },
  );
  await notifyClosedClaims(db, mailer, closed);
  return { claim: adminClaimView(row), tags };
}

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

const NO_PHOTOS: photos.ChangePhotos = { current: [], added: [], removed: [] };

function adminChangeView(
  row: ChangeViewRow,
  photoChanges?: photos.ChangePhotos,
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
  const byChange = await photos.photosOfChanges(
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
      const { keys } = await photos.decideChangePhotos(trx, change.id, 'reject');
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
    if (Object.keys(values).length > 0)
      await registrations.applyOwnerChange(trx, listing.id, values);
    const photoChange = await photos.decideChangePhotos(trx, change.id, 'approve');
    await repository.decideChange(trx, change.id, 'approved', adminId, reason);
    const after = await registrations.lockForOwner(trx, listing.id);
    const tags = listingChangeTags(state(listing), after ? state(after) : undefined);
    return {
      tags: photoChange.changed ? [...tags, CacheTags.photos(listing.id)] : tags,
      photoKeys: photoChange.keys,
    };
  });
  // After the commit: an orphaned file is harmless, a row pointing at nothing is not (ADR 039).
  await photos.finishChangePhotos(blobs, photoKeys);
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
