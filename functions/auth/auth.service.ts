import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  PasswordResetSchema,
  SessionUser,
  SignInSchema,
  SignUpSchema,
} from '../../src/schemas/auth.ts';
import type { BetterAuth } from '../_lib/auth.ts';
import { AppError } from '../_lib/errors.ts';
import { log } from '../_lib/log.ts';
import { enforceRateLimits } from '../_lib/rate-limit.ts';
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

const SIGN_IN_WINDOW = 15 * 60;
const HOUR = 60 * 60;

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
    { key: `sign-up:ip:${clientAddress}`, limit: 10, windowSeconds: HOUR },
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
 * @throws AppError UNAUTHENTICATED "Invalid login credentials" (also for banned accounts),
 * RATE_LIMITED (30 per 15 minutes per address, 10 per e-mail).
 */
export async function signIn(
  db: Db,
  auth: BetterAuth,
  input: z.output<typeof SignInSchema>,
  requestHeaders: Headers,
  clientAddress: string,
): Promise<{ user: SessionUser; headers: Headers }> {
  await enforceRateLimits(db, [
    { key: `sign-in:ip:${clientAddress}`, limit: 30, windowSeconds: SIGN_IN_WINDOW },
    { key: `sign-in:email:${input.email}`, limit: 10, windowSeconds: SIGN_IN_WINDOW },
  ]);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: requestHeaders,
      returnHeaders: true,
    });
    return { user: await loadSessionUser(db, response.user.id, response.user.email), headers };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'BANNED_USER') {
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
    { key: `reset:ip:${clientAddress}`, limit: 10, windowSeconds: HOUR },
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

/** @throws AppError BAD_REQUEST "This reset link is invalid or has expired." */
export async function resetPassword(
  auth: BetterAuth,
  input: z.output<typeof PasswordResetSchema>,
  requestHeaders: Headers,
): Promise<void> {
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
