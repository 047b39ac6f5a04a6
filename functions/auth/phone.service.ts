import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../common/schemas/auth.ts';
import type { BetterAuth } from '../_lib/auth.ts';
import { AppError } from '../_lib/errors.ts';
import { log } from '../_lib/log.ts';
import { enforceRateLimits, keyedAddress, type RateLimitRule } from '../_lib/rate-limit.ts';
import { loadSessionUser } from '../_lib/session.ts';
import { keyedPhone } from '../_lib/sms.ts';
import type { Database } from '../db/database.ts';
import { smsToday } from '../sms/sms.repository.ts';

/**
 * Sign up and sign in with a phone number and a one-time code (issue 37.1, 37.3; ADR 067, 068)
 * over Better Auth's phone-number plugin. Numbers arrive here already normalised to E.164 by the
 * shared schema (common/schemas/phone-auth.ts). The limits are ours, in Postgres, keyed by hashes
 * (no number and no address is stored in a key).
 */
type Db = Kysely<Database>;

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** Codes one number may be sent: 3 an hour and 10 a day (issue 37.3). */
export const PER_NUMBER_LIMITS = [
  { limit: 3, windowSeconds: HOUR },
  { limit: 10, windowSeconds: DAY },
] as const;
/** Codes one address (an IPv6 /64 counts as one) may ask for: 10 an hour, 30 a day. */
export const PER_ADDRESS_LIMITS = [
  { limit: 10, windowSeconds: HOUR },
  { limit: 30, windowSeconds: DAY },
] as const;
/** Codes one address may try: 30 an hour (each number's code also allows only 5 tries). */
export const VERIFY_PER_ADDRESS = { limit: 30, windowSeconds: HOUR } as const;

/** The rules counted for one code request. */
export function codeRequestRules(e164: string, clientAddress: string): RateLimitRule[] {
  const number = keyedPhone(e164);
  const address = keyedAddress('sms-code', clientAddress);
  return [
    ...PER_ADDRESS_LIMITS.map((r) => ({ key: `sms-code:ip:${address}:${r.windowSeconds}`, ...r })),
    ...PER_NUMBER_LIMITS.map((r) => ({
      key: `sms-code:number:${number}:${r.windowSeconds}`,
      ...r,
    })),
  ];
}

export const SMS_CEILING_MESSAGE =
  "We can't send more codes today. Please sign in with your e-mail, or try again tomorrow.";
export const SMS_FAILED_MESSAGE = "We couldn't send the SMS. Please try again in a minute.";
export const CODE_WRONG_MESSAGE = 'That code is not right. Check the SMS and try again.';
export const CODE_EXPIRED_MESSAGE = 'That code has expired or was used. Ask for a new one.';
export const CODE_TOO_MANY_MESSAGE = 'Too many wrong codes. Ask for a new one.';

/**
 * Sends a sign-in code to `e164` whether or not an account holds it (the answer is the same
 * either way).
 * @throws AppError RATE_LIMITED (429, Retry-After) past a per-address or per-number limit;
 * SERVICE_UNAVAILABLE (503) when the site's daily ceiling is reached or the provider failed (the
 * person tries again; nothing was changed).
 */
export async function requestPhoneCode(
  db: Db,
  auth: BetterAuth,
  e164: string,
  clientAddress: string,
): Promise<void> {
  await enforceRateLimits(db, codeRequestRules(e164, clientAddress));
  const { sent, ceiling } = await smsToday(db);
  if (sent >= ceiling) {
    log.warn('sms ceiling reached', { sent, ceiling });
    throw new AppError('SERVICE_UNAVAILABLE', SMS_CEILING_MESSAGE);
  }
  try {
    await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: e164 } });
  } catch (error) {
    log.warn('phone code not sent', { error: error instanceof Error ? error.message : 'unknown' });
    throw new AppError('SERVICE_UNAVAILABLE', SMS_FAILED_MESSAGE);
  }
}

function phoneErrorCode(error: unknown): string | undefined {
  return error instanceof APIError
    ? (error.body as { code?: string } | undefined)?.code
    : undefined;
}

/**
 * Signs in with the number's code, creating the account on first use (Better Auth's
 * `signUpOnVerification`).
 * @returns the signed-in user and Better Auth's headers (the session cookie).
 * @throws AppError VALIDATION_FAILED (a wrong, expired or exhausted code: `fields.code`),
 * RATE_LIMITED (30 tries an hour per address).
 */
export async function verifyPhoneCode(
  db: Db,
  auth: BetterAuth,
  input: { phone: string; code: string },
  requestHeaders: Headers,
  clientAddress: string,
): Promise<{ user: SessionUser; headers: Headers }> {
  await enforceRateLimits(db, [
    { key: `sms-verify:ip:${keyedAddress('sms-verify', clientAddress)}`, ...VERIFY_PER_ADDRESS },
  ]);
  try {
    const { headers, response } = await auth.api.verifyPhoneNumber({
      body: { phoneNumber: input.phone, code: input.code },
      headers: requestHeaders,
      returnHeaders: true,
    });
    const user = response.user as { id: string; email: string };
    return { user: await loadSessionUser(db, user.id, user.email), headers };
  } catch (error) {
    throw codeRefusal(error);
  }
}

/**
 * A wrong, expired or exhausted code as our error (VALIDATION_FAILED with `fields.code`), a
 * banned account as a failed sign-in; anything else as it came.
 */
function codeRefusal(error: unknown): unknown {
  const code = phoneErrorCode(error);
  const message =
    code === 'INVALID_OTP'
      ? CODE_WRONG_MESSAGE
      : code === 'TOO_MANY_ATTEMPTS'
        ? CODE_TOO_MANY_MESSAGE
        : code === 'OTP_EXPIRED' || code === 'OTP_NOT_FOUND'
          ? CODE_EXPIRED_MESSAGE
          : undefined;
  if (message) return new AppError('VALIDATION_FAILED', message, { code: [message] });
  if (code === 'BANNED_USER') return new AppError('UNAUTHENTICATED', 'Invalid login credentials');
  return error;
}

/**
 * Confirms the number on the signed-in account of `requestHeaders` with its code (the account
 * page, issue 37.1, ADR 078): the plugin's `updatePhoneNumber`, under the same 30 tries an hour
 * per address. The plugin spends the code first, then refuses a number another account holds
 * (its APIError `PHONE_NUMBER_EXIST`, passed on for the caller to word).
 * @throws AppError VALIDATION_FAILED (`fields.code`), RATE_LIMITED.
 */
export async function confirmPhoneOnAccount(
  db: Db,
  auth: BetterAuth,
  input: { phone: string; code: string },
  requestHeaders: Headers,
  clientAddress: string,
): Promise<void> {
  await enforceRateLimits(db, [
    { key: `sms-verify:ip:${keyedAddress('sms-verify', clientAddress)}`, ...VERIFY_PER_ADDRESS },
  ]);
  try {
    await auth.api.verifyPhoneNumber({
      body: { phoneNumber: input.phone, code: input.code, updatePhoneNumber: true },
      headers: requestHeaders,
    });
  } catch (error) {
    throw codeRefusal(error);
  }
}
