import { APIError } from 'better-auth/api';
import {
  PasswordResetRequestSchema,
  PasswordResetSchema,
  SignInSchema,
  SignUpSchema,
} from '../../src/schemas/auth.ts';
import type { ApiContext } from '../_lib/context.ts';
import { AppError } from '../_lib/errors.ts';
import { json, parseOrThrow, readJson } from '../_lib/http.ts';
import { log } from '../_lib/log.ts';
import { enforceRateLimits } from '../_lib/rate-limit.ts';
import { loadSessionUser } from '../_lib/session.ts';

/**
 * Accounts (SPEC §2 Auth, §4 Auth, §5 Sign in/up, §8): thin handlers over Better Auth that
 * validate with the shared schemas, rate-limit in Postgres, and answer in our envelope.
 */

/**
 * A readable cookie that only says "a session may exist", so static pages skip the session
 * request for visitors. It carries no secret: the session itself is the HttpOnly cookie.
 */
export const SESSION_HINT_COOKIE = 'la_signed_in';
const THIRTY_DAYS = 60 * 60 * 24 * 30;

function hintCookie(request: Request, present: boolean): string {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return present
    ? `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${THIRTY_DAYS}; SameSite=Lax${secure}`
    : `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** JSON response that also carries Better Auth's cookies and our hint cookie. */
function withCookies(
  body: unknown,
  status: number,
  authHeaders: Headers | null,
  hint: string,
): Response {
  const response = json(body, status, { 'cache-control': 'no-store' });
  for (const cookie of authHeaders?.getSetCookie() ?? [])
    response.headers.append('set-cookie', cookie);
  response.headers.append('set-cookie', hint);
  return response;
}

/** Better Auth error code of a thrown APIError, if any. */
function authErrorCode(error: unknown): string | undefined {
  return error instanceof APIError
    ? (error.body as { code?: string } | undefined)?.code
    : undefined;
}

const SIGN_IN_WINDOW = 15 * 60;
const SIGN_UP_WINDOW = 60 * 60;

/** POST /api/auth/sign-up `{ email, password, confirmPassword?, displayName? }` → 201 `{ user }`. */
export async function signUp(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(SignUpSchema, await readJson(request));
  const db = await ctx.db();
  await enforceRateLimits(db, [
    { key: `sign-up:ip:${ctx.clientAddress}`, limit: 10, windowSeconds: SIGN_UP_WINDOW },
    { key: `sign-up:email:${input.email}`, limit: 5, windowSeconds: SIGN_UP_WINDOW },
  ]);
  const auth = await ctx.auth();
  try {
    // SPEC §3: the display name defaults to the part of the e-mail before the @.
    const name = input.displayName || input.email.split('@')[0] || 'User';
    const { headers, response } = await auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name },
      headers: request.headers,
      returnHeaders: true,
    });
    const user = await loadSessionUser(db, response.user.id, response.user.email);
    return withCookies({ user }, 201, headers, hintCookie(request, true));
  } catch (error) {
    const code = authErrorCode(error);
    if (code?.startsWith('USER_ALREADY_EXISTS'))
      throw new AppError('CONFLICT', 'User already registered');
    if (code === 'PASSWORD_TOO_SHORT')
      throw new AppError('VALIDATION_FAILED', 'Password must be at least 6 characters');
    throw error;
  }
}

/** POST /api/auth/sign-in `{ email, password }` → `{ user }`; 401 "Invalid login credentials". */
export async function signIn(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(SignInSchema, await readJson(request));
  const db = await ctx.db();
  await enforceRateLimits(db, [
    { key: `sign-in:ip:${ctx.clientAddress}`, limit: 30, windowSeconds: SIGN_IN_WINDOW },
    { key: `sign-in:email:${input.email}`, limit: 10, windowSeconds: SIGN_IN_WINDOW },
  ]);
  const auth = await ctx.auth();
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    const user = await loadSessionUser(db, response.user.id, response.user.email);
    return withCookies({ user }, 200, headers, hintCookie(request, true));
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'BANNED_USER') {
      throw new AppError('UNAUTHENTICATED', 'Invalid login credentials');
    }
    throw error;
  }
}

/**
 * POST /api/auth/sign-out → `{ ok: true }`. SPEC §4: a missing session counts as success, and
 * the cookies are cleared whatever happens.
 */
export async function signOut(request: Request, ctx: ApiContext): Promise<Response> {
  const auth = await ctx.auth();
  let headers: Headers | null = null;
  try {
    ({ headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true }));
  } catch (error) {
    log.info('sign-out without a valid session', { code: authErrorCode(error) ?? String(error) });
  }
  const response = withCookies({ ok: true }, 200, headers, hintCookie(request, false));
  if (!headers?.getSetCookie().length) {
    response.headers.append(
      'set-cookie',
      'better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    );
  }
  return response;
}

/** GET /api/auth/session → `{ user }` (null for visitors). Never cached. */
export async function getSession(_request: Request, ctx: ApiContext): Promise<Response> {
  return json({ user: await ctx.sessionUser() }, 200, { 'cache-control': 'no-store' });
}

/**
 * POST /api/auth/password-reset `{ email }` → `{ ok: true }` whether or not the account exists
 * (no account enumeration); the link goes out through the mailer.
 */
export async function requestPasswordReset(request: Request, ctx: ApiContext): Promise<Response> {
  const { email } = parseOrThrow(PasswordResetRequestSchema, await readJson(request));
  await enforceRateLimits(await ctx.db(), [
    { key: `reset:ip:${ctx.clientAddress}`, limit: 10, windowSeconds: SIGN_UP_WINDOW },
    { key: `reset:email:${email}`, limit: 3, windowSeconds: SIGN_UP_WINDOW },
  ]);
  const auth = await ctx.auth();
  try {
    await auth.api.requestPasswordReset({
      body: { email, redirectTo: '/auth/reset-password/' },
      headers: request.headers,
    });
  } catch (error) {
    log.error('password reset request failed', { error: String(error) });
  }
  return json({ ok: true });
}

/** POST /api/auth/password-reset/confirm `{ token, password, confirmPassword }` → `{ ok: true }`. */
export async function resetPassword(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(PasswordResetSchema, await readJson(request));
  const auth = await ctx.auth();
  try {
    await auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: request.headers,
    });
  } catch (error) {
    if (error instanceof APIError)
      throw new AppError('BAD_REQUEST', 'This reset link is invalid or has expired.');
    throw error;
  }
  return json({ ok: true });
}
