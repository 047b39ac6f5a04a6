import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { localFormat, nigerianMobile } from '../../common/schemas/nigerian-mobile.ts';
import {
  LISTING_PHONE_NOT_MOBILE_MESSAGE,
  type ListingPhoneState,
} from '../../common/schemas/listing-phone.ts';
import { PHONE_CODE_ATTEMPTS, PHONE_CODE_TTL_SECONDS } from '../../common/schemas/phone-auth.ts';
import { AppError } from '../_lib/errors.ts';
import { log } from '../_lib/log.ts';
import { enforceRateLimits, keyedAddress } from '../_lib/rate-limit.ts';
import type { SmsMessage, SmsSender } from '../_lib/sms.ts';
import {
  CODE_EXPIRED_MESSAGE,
  CODE_TOO_MANY_MESSAGE,
  CODE_WRONG_MESSAGE,
  codeRequestRules,
  SMS_FAILED_MESSAGE,
  VERIFY_PER_ADDRESS,
} from '../auth/phone.service.ts';
import type { Database } from '../db/database.ts';
import { listingChangeTags } from '../site/cache-tags.ts';
import { smsToday } from '../sms/sms.repository.ts';
import * as repository from './listing-phone.repository.ts';

/**
 * An owner confirms the listing's phone by a code sent to it by SMS (issue 37.5, ADR 075): the
 * sign-in's code rules (6 digits, 10 minutes, 5 tries) and its limits (ADR 068: per number, per
 * address, the site's daily ceiling). Only an HMAC of the code is stored; the number and the code
 * never reach a log (the SMS log masks the one and redacts the other).
 */
type Db = Kysely<Database>;

/** Someone else's listing is not found (claims answer the same, ADR 018). */
const NOT_FOUND = 'Listing not found';
/** The ceiling's refusal here: no e-mail sign-in to point to. */
export const LISTING_SMS_CEILING_MESSAGE =
  "We can't send more codes today. Please try again tomorrow.";

/** The SMS with the code: one GSM-7 part, the code first. */
export function listingPhoneSms(phone: string, code: string): SmsMessage {
  return {
    to: phone,
    text: `${code} is your Lagos Auto Hub code to confirm your business phone. It expires in 10 minutes. Never share it.`,
    template: 'listing-phone',
    secrets: [code],
    channel: 'dnd',
  };
}

const codeHash = (listingId: string, code: string) =>
  keyedAddress(`listing-phone-code:${listingId}`, code);

async function ownListing(db: Db, userId: string, listingId: string) {
  const listing = await repository.findListing(db, listingId);
  if (!listing || listing.owner_user_id !== userId) throw new AppError('NOT_FOUND', NOT_FOUND);
  return listing;
}

function stateOf(listing: repository.PhoneListing): ListingPhoneState {
  const mobile = nigerianMobile(listing.phone);
  return {
    listing_id: listing.id,
    business_name: listing.business_name,
    phone: mobile ? localFormat(mobile) : listing.phone || null,
    mobile: mobile !== null,
    phone_confirmed_at: listing.phone_confirmed_at
      ? new Date(listing.phone_confirmed_at).toISOString()
      : null,
  };
}

/** The pages that show the check: the business page (and what else shows the listing). */
function tagsOf(listing: repository.PhoneListing): string[] {
  return listingChangeTags(listing, listing);
}

/** The owner's view of the listing's phone check. @throws AppError NOT_FOUND (not the owner's). */
export async function phoneState(
  db: Db,
  userId: string,
  listingId: string,
): Promise<ListingPhoneState> {
  return stateOf(await ownListing(db, userId, listingId));
}

/**
 * Sends a code to the listing's phone.
 * @throws AppError NOT_FOUND (not the owner's listing), VALIDATION_FAILED (the phone is not a
 * Nigerian mobile), RATE_LIMITED (ADR 068's per-number and per-address limits),
 * SERVICE_UNAVAILABLE (the daily ceiling, or the provider failed: nothing kept, try again).
 */
export async function requestCode(
  db: Db,
  sms: SmsSender,
  userId: string,
  listingId: string,
  clientAddress: string,
): Promise<ListingPhoneState> {
  const listing = await ownListing(db, userId, listingId);
  const e164 = nigerianMobile(listing.phone);
  if (!e164) throw new AppError('VALIDATION_FAILED', LISTING_PHONE_NOT_MOBILE_MESSAGE);
  await enforceRateLimits(db, codeRequestRules(e164, clientAddress));
  const { sent, ceiling } = await smsToday(db);
  if (sent >= ceiling) {
    log.warn('sms ceiling reached', { sent, ceiling });
    throw new AppError('SERVICE_UNAVAILABLE', LISTING_SMS_CEILING_MESSAGE);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repository.saveCode(
    db,
    { listing_id: listingId, user_id: userId, phone: e164, code_hash: codeHash(listingId, code) },
    PHONE_CODE_TTL_SECONDS,
  );
  const result = await sms.send(listingPhoneSms(e164, code));
  if (!result.ok) {
    await repository.dropCode(db, listingId);
    throw new AppError('SERVICE_UNAVAILABLE', SMS_FAILED_MESSAGE);
  }
  return stateOf(listing);
}

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { code: [message] });

/**
 * Checks the code and, when right, records the confirmation with today's date.
 * @returns the new state and the cache tags to purge.
 * @throws AppError NOT_FOUND, VALIDATION_FAILED with `fields.code` (wrong, expired or used, 5 wrong
 * tries, or the phone changed since the code was sent), RATE_LIMITED (30 tries an hour an address).
 */
export async function verifyCode(
  db: Db,
  userId: string,
  listingId: string,
  code: string,
  clientAddress: string,
): Promise<{ state: ListingPhoneState; tags: string[] }> {
  await enforceRateLimits(db, [
    {
      key: `listing-phone-verify:ip:${keyedAddress('listing-phone-verify', clientAddress)}`,
      ...VERIFY_PER_ADDRESS,
    },
  ]);
  const listing = await ownListing(db, userId, listingId);
  const live = await repository.spendTry(db, listingId, PHONE_CODE_ATTEMPTS);
  if (live === 'none') throw refuse(CODE_EXPIRED_MESSAGE);
  if (live === 'spent') throw refuse(CODE_TOO_MANY_MESSAGE);
  const given = Buffer.from(codeHash(listingId, code));
  const stored = Buffer.from(live.code_hash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored))
    throw refuse(CODE_WRONG_MESSAGE);
  if (nigerianMobile(listing.phone) !== live.phone || !listing.phone)
    throw refuse(CODE_EXPIRED_MESSAGE);
  const confirmedAt = await repository.confirmPhone(db, listingId, listing.phone);
  if (!confirmedAt) throw refuse(CODE_EXPIRED_MESSAGE);
  log.info('listing phone confirmed', { listingId });
  return {
    state: stateOf({ ...listing, phone_confirmed_at: confirmedAt }),
    tags: tagsOf(listing),
  };
}
