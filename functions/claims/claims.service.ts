import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../common/schemas/auth.ts';
import {
  type AdminClaim,
  type Claim,
  CLAIM_CODE_ATTEMPTS,
  CLAIM_CODE_MINUTES,
  type ClaimTargetResponse,
} from '../../common/schemas/claims.ts';
import { AppError } from '../_lib/errors.ts';
import { log } from '../_lib/log.ts';
import { adminNotifyAddress, type Mailer, type MailMessage } from '../_lib/mail.ts';
import { addressBucket, enforceRateLimits } from '../_lib/rate-limit.ts';
import type { Database } from '../db/database.ts';
import { claimCodeEmail, claimReviewNotification } from '../emails/claims.ts';
import { listingChangeTags, type ListingState } from '../site/cache-tags.ts';
import * as repository from './claims.repository.ts';
import type { ClaimViewRow } from './claims.repository.ts';
import * as registrations from '../registrations/registrations.repository.ts';
import type { OwnerViewRow } from '../registrations/registrations.repository.ts';
import { notifyClosedClaims } from './admin/admin.service.ts';

/**
 * Claim this business and the owner dashboard (issue 16 points 1 and 2, ADR 018).
 *
 * Claim states: `pending` → `verified` (right code, e-mail claims) | `approved` / `rejected`
 * (admin, manual claims) | `expired` (15 minutes passed, or replaced by a new request) | `locked`
 * (5 wrong codes). Only a verified or approved claim sets `owner_user_id`, and only on a listing
 * without an owner. Changes: `pending` → `approved` (applied to the listing, cache purged) |
 * `rejected`.
 *
 * Rooms (ADR 073): this file is the claimant's (target, request, verify) and what the rooms share;
 * `admin/` decides manual claims, `owner-edits/` holds the owner's edits and their decisions.
 */
export type Db = Kysely<Database>;

/** Claim requests per hour: per account, per client address, and codes sent per listing. */
export const CLAIM_REQUESTS_PER_HOUR = { account: 5, address: 20, listing: 5 } as const;
/** Code attempts per hour across claims (besides the 5 per claim). */
export const CODE_ATTEMPTS_PER_HOUR = { account: 20, address: 40 } as const;
/** Owner edits sent per hour per account. */
export const CHANGES_PER_HOUR = 30;
/** Most listings one owner dashboard shows. */
export const MAX_OWNED_LISTINGS = 100;

export const ALREADY_CLAIMED = 'This business has already been claimed.';
export const NOT_FOUND = 'Listing not found';
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

export const state = (row: OwnerViewRow): ListingState => ({
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

export function adminClaimView(row: ClaimViewRow): AdminClaim {
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

/**
 * Sends a claim's e-mail (the code, the admin's review request, a decision) after its commit: a
 * failure is logged with `context` and never undoes what was saved.
 */
export async function notify(
  mailer: Mailer,
  message: MailMessage,
  context: Record<string, string>,
) {
  const sent = await mailer.send(message);
  if (!sent.ok) log.warn('claim e-mail failed', { ...context, error: sent.error });
}
