import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  type AccountIdentity,
  type AccountPhoneVerifySchema,
  EMAIL_ALREADY_ADDED_MESSAGE,
  EMAIL_HELD_MESSAGE,
  PHONE_ALREADY_ADDED_MESSAGE,
  PHONE_HELD_MESSAGE,
} from '../../common/schemas/account.ts';
import type { SessionUser } from '../../common/schemas/auth.ts';
import { isPhoneOnlyEmail } from '../../common/schemas/phone-auth.ts';
import type { BetterAuth } from '../_lib/auth.ts';
import { AppError } from '../_lib/errors.ts';
import { isUniqueViolation } from '../_lib/pg-errors.ts';
import { enforceRateLimits } from '../_lib/rate-limit.ts';
import * as phone from '../auth/phone.service.ts';
import type { Database } from '../db/database.ts';
import * as users from '../users/users.repository.ts';

/**
 * The signed-in account's own page (issue 37.1, ADR 078): its e-mail and phone; a phone added by
 * the sign-in's code (Better Auth's phone-number plugin, `updatePhoneNumber`), with the sign-in's
 * limits and ceiling; an e-mail added to a phone-only account by the sign-up's confirmation link
 * (Better Auth's `changeEmail`: the address changes only when the link is opened).
 */
type Db = Kysely<Database>;

const HOUR = 60 * 60;

/** The account's e-mail (none for a phone-only account) and phone. */
export async function identity(db: Db, userId: string): Promise<AccountIdentity> {
  const row = await users.findIdentity(db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Please sign in first.');
  const phoneOnly = isPhoneOnlyEmail(row.email);
  return {
    email: phoneOnly ? null : row.email,
    email_verified: !phoneOnly && Boolean(row.email_verified),
    phone: row.phone_number ?? null,
    phone_verified: Boolean(row.phone_number) && Boolean(row.phone_number_verified),
  };
}

/**
 * Sends a code to the number the account adds, under the sign-in's limits and the site's
 * ceiling (ADR 068). Whether another account holds the number is told only once the code is
 * right (whoever has the phone may know it).
 * @throws AppError CONFLICT (the account has a phone already), RATE_LIMITED, SERVICE_UNAVAILABLE.
 */
export async function requestPhoneCode(
  db: Db,
  auth: BetterAuth,
  user: SessionUser,
  e164: string,
  clientAddress: string,
): Promise<void> {
  if ((await identity(db, user.id)).phone)
    throw new AppError('CONFLICT', PHONE_ALREADY_ADDED_MESSAGE);
  await phone.requestPhoneCode(db, auth, e164, clientAddress);
}

/**
 * Confirms the number on the account with its code.
 * @throws AppError VALIDATION_FAILED (`fields.code`: wrong, expired, 5 tries), CONFLICT (the
 * account has a phone already, or another account holds the number), RATE_LIMITED.
 */
export async function verifyPhoneCode(
  db: Db,
  auth: BetterAuth,
  user: SessionUser,
  input: z.output<typeof AccountPhoneVerifySchema>,
  requestHeaders: Headers,
  clientAddress: string,
): Promise<AccountIdentity> {
  if ((await identity(db, user.id)).phone)
    throw new AppError('CONFLICT', PHONE_ALREADY_ADDED_MESSAGE);
  try {
    await phone.confirmPhoneOnAccount(db, auth, input, requestHeaders, clientAddress);
  } catch (error) {
    const code =
      error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
    if (code === 'PHONE_NUMBER_EXIST' || isUniqueViolation(error))
      throw new AppError('CONFLICT', PHONE_HELD_MESSAGE);
    throw error;
  }
  return identity(db, user.id);
}

/**
 * Sends the sign-up's confirmation link to the e-mail a phone-only account adds; the address
 * becomes the account's, confirmed, when the link is opened.
 * @throws AppError CONFLICT (the account has an e-mail, or another account has this one),
 * RATE_LIMITED (3 an hour per account: each one is an e-mail).
 */
export async function addEmail(
  db: Db,
  auth: BetterAuth,
  user: SessionUser,
  email: string,
  requestHeaders: Headers,
): Promise<void> {
  if (!user.phoneOnly) throw new AppError('CONFLICT', EMAIL_ALREADY_ADDED_MESSAGE);
  await enforceRateLimits(db, [{ key: `account-email:${user.id}`, limit: 3, windowSeconds: HOUR }]);
  // As the sign-up says "User already registered", this says the address is taken.
  if (await users.findUserIdByEmail(db, email)) throw new AppError('CONFLICT', EMAIL_HELD_MESSAGE);
  await auth.api.changeEmail({ body: { newEmail: email }, headers: requestHeaders });
}
