import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  PasswordResetSchema,
  SessionUser,
  SignInSchema,
  SignUpSchema,
} from '../../common/schemas/auth.ts';
import type { BetterAuth } from '../_lib/auth.ts';
import { AppError } from '../_lib/errors.ts';
import { log } from '../_lib/log.ts';
import { isUniqueViolation } from '../_lib/pg-errors.ts';
import {
  addressBucket,
  assertNoBackoff,
  type BackoffRule,
  clearFailures,
  enforceRateLimits,
  recordFailure,
} from '../_lib/rate-limit.ts';
import { loadSessionUser } from '../_lib/session.ts';
import type { Database } from '../db/database.ts';

/**
 * Accounts (SPEC §2 Auth, §4 Auth, §5 Sign in/up, §8) over Better Auth (ADR 002): rate limits in
 * Postgres, and Better Auth's errors turned into our envelope's codes and the spec's messages.
 * Each call returns Better Auth's response headers (its cookies) for the handler to pass on.
 */
type Db = Kysely<Database>;

/** Better Auth error code of a thrown APIError, if any. */
function authErrorCode(error: unknown): string | undefined {
  return error instanceof APIError
    ? (error.body as { code?: string } | undefined)?.code
    : undefined;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Sign-in throttling (issue 12.5, ADR 015): failed attempts back off per (address, e-mail) and
 * per address, never per e-mail alone, so nobody can lock someone else out of their account
 * from another address.
 * - (address, e-mail): 5 failures free, then 30 s, 1 min, 2 min … at most 15 min between
 *   attempts; forgotten a day after the last failure, cleared by a successful sign-in.
 * - address: 30 failures free (shared addresses: offices, mobile carrier NAT), then 1 min, 2 min …
 *   at most 1 hour; forgotten an hour after the last failure.
 */
export function signInBackoff(clientAddress: string, email: string): BackoffRule[] {
  const address = addressBucket(clientAddress);
  return [
    {
      key: `sign-in:ip-email:${address}:${email}`,
      free: 5,
      baseSeconds: 30,
      maxSeconds: 15 * MINUTE,
      forgetSeconds: DAY,
    },
    {
      key: `sign-in:ip:${address}`,
      free: 30,
      baseSeconds: 60,
      maxSeconds: HOUR,
      forgetSeconds: HOUR,
    },
  ];
}

/** Failures of one account from every address: counted to be logged, never to lock. */
const accountWatch = (email: string): BackoffRule => ({
  key: `sign-in:email:${email}`,
  free: Number.POSITIVE_INFINITY,
  baseSeconds: 0,
  maxSeconds: 0,
  forgetSeconds: DAY,
});

/**
 * Creates the account and signs it in. SPEC §3: the display name defaults to the part of the
 * e-mail before the @.
 * @throws AppError CONFLICT "User already registered", VALIDATION_FAILED, RATE_LIMITED (10 an
 * hour per address, 5 per e-mail).
 */
export async function signUp(
  db: Db,
  auth: BetterAuth,
  input: z.output<typeof SignUpSchema>,
  requestHeaders: Headers,
  clientAddress: string,
): Promise<{ user: SessionUser; headers: Headers }> {
  await enforceRateLimits(db, [
    { key: `sign-up:ip:${addressBucket(clientAddress)}`, limit: 10, windowSeconds: HOUR },
    { key: `sign-up:email:${input.email}`, limit: 5, windowSeconds: HOUR },
  ]);
  try {
    const name = input.displayName || input.email.split('@')[0] || 'User';
    const { headers, response } = await auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name },
      headers: requestHeaders,
      returnHeaders: true,
    });
    return { user: await loadSessionUser(db, response.user.id, response.user.email), headers };
  } catch (error) {
    const code = authErrorCode(error);
    if (code?.startsWith('USER_ALREADY_EXISTS'))
      throw new AppError('CONFLICT', 'User already registered');
    if (code === 'PASSWORD_TOO_SHORT')
      throw new AppError('VALIDATION_FAILED', 'Password must be at least 6 characters');
    throw error;
  }
}

/**
 * Signs in with e-mail and password, throttled by {@link signInBackoff}.
 * @throws AppError UNAUTHENTICATED "Invalid login credentials" (also for banned accounts),
 * RATE_LIMITED (429, Retry-After) while a backoff runs.
 */
export async function signIn(
  db: Db,
  auth: BetterAuth,
  input: z.output<typeof SignInSchema>,
  requestHeaders: Headers,
  clientAddress: string,
): Promise<{ user: SessionUser; headers: Headers }> {
  const rules = signInBackoff(clientAddress, input.email);
  await assertNoBackoff(db, rules);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: requestHeaders,
      returnHeaders: true,
    });
    await clearFailures(db, [rules[0]!.key]);
    return { user: await loadSessionUser(db, response.user.id, response.user.email), headers };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'BANNED_USER') {
      const [, , forAccount = 0] = await recordFailure(db, [...rules, accountWatch(input.email)]);
      if (forAccount > 0 && forAccount % 25 === 0)
        log.warn('many failed sign-ins for one account', {
          email: input.email,
          failures: forAccount,
          ip: clientAddress,
        });
      throw new AppError('UNAUTHENTICATED', 'Invalid login credentials');
    }
    throw error;
  }
}

/**
 * Ends the session. SPEC §4: a missing session counts as success.
 * @returns Better Auth's headers (cookie removals), or null when there was no valid session.
 */
export async function signOut(auth: BetterAuth, requestHeaders: Headers): Promise<Headers | null> {
  try {
    return (await auth.api.signOut({ headers: requestHeaders, returnHeaders: true })).headers;
  } catch (error) {
    log.info('sign-out without a valid session', { code: authErrorCode(error) ?? String(error) });
    return null;
  }
}

/**
 * Sends a reset link when the account exists; says nothing either way (no account enumeration),
 * and a delivery failure is only logged.
 * @throws AppError RATE_LIMITED (10 an hour per address, 3 per e-mail).
 */
export async function requestPasswordReset(
  db: Db,
  auth: BetterAuth,
  email: string,
  requestHeaders: Headers,
  clientAddress: string,
): Promise<void> {
  await enforceRateLimits(db, [
    { key: `reset:ip:${addressBucket(clientAddress)}`, limit: 10, windowSeconds: HOUR },
    { key: `reset:email:${email}`, limit: 3, windowSeconds: HOUR },
  ]);
  try {
    await auth.api.requestPasswordReset({
      body: { email, redirectTo: '/auth/reset-password/' },
      headers: requestHeaders,
    });
  } catch (error) {
    log.error('password reset request failed', { error: String(error) });
  }
}

/**
 * Sets the new password of a reset link.
 * @throws AppError BAD_REQUEST "This reset link is invalid or has expired.", RATE_LIMITED (20 an
 * hour per address: a token cannot be guessed, but every try costs a password hash).
 */
export async function resetPassword(
  db: Db,
  auth: BetterAuth,
  input: z.output<typeof PasswordResetSchema>,
  requestHeaders: Headers,
  clientAddress: string,
): Promise<void> {
  await enforceRateLimits(db, [
    { key: `reset-confirm:ip:${addressBucket(clientAddress)}`, limit: 20, windowSeconds: HOUR },
  ]);
  try {
    await auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: requestHeaders,
    });
  } catch (error) {
    if (error instanceof APIError)
      throw new AppError('BAD_REQUEST', 'This reset link is invalid or has expired.');
    throw error;
  }
}

/**
 * Confirms the e-mail address of the link's token (issue 12.8).
 * @returns whether the token was valid (a bad or expired token is not an error to the caller).
 * @throws AppError RATE_LIMITED (30 an hour per address).
 */
export async function verifyEmail(
  db: Db,
  auth: BetterAuth,
  token: string,
  clientAddress: string,
): Promise<boolean> {
  await enforceRateLimits(db, [
    { key: `verify-email:ip:${addressBucket(clientAddress)}`, limit: 30, windowSeconds: HOUR },
  ]);
  try {
    await auth.api.verifyEmail({ query: { token } });
    return true;
  } catch (error) {
    // A link that would move an account to an address another account took meanwhile (ADR 078).
    if (error instanceof APIError || isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Sends the signed-in account a new verification link; nothing when it is verified already.
 * @throws AppError RATE_LIMITED (3 an hour per account: each one is an e-mail).
 */
export async function resendVerification(
  db: Db,
  auth: BetterAuth,
  user: SessionUser,
  requestHeaders: Headers,
): Promise<void> {
  if (user.emailVerified) return;
  await enforceRateLimits(db, [
    { key: `verify-email:resend:${user.id}`, limit: 3, windowSeconds: HOUR },
  ]);
  try {
    await auth.api.sendVerificationEmail({ body: { email: user.email }, headers: requestHeaders });
  } catch (error) {
    if (authErrorCode(error) === 'EMAIL_ALREADY_VERIFIED') return;
    throw error;
  }
}
