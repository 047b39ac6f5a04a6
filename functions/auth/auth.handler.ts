import { parse as parseCookie, serialize as serializeCookie } from 'cookie';
import type { z } from 'zod';
import { OkResponseSchema } from '../../common/schemas/api.ts';
import {
  PasswordResetRequestSchema,
  PasswordResetSchema,
  SessionResponseSchema,
  type SessionUser,
  SignedInResponseSchema,
  SignInSchema,
  SignUpSchema,
  EMAIL_VERIFIED_PARAM,
  safeNextPath,
  VERIFY_RETURN_COOKIE,
  VERIFY_RETURN_COOKIE_PATH,
  VerifyEmailQuerySchema,
} from '../../common/schemas/auth.ts';
import { SESSION_HINT_COOKIE } from '../../common/config/session.ts';
import type { ApiContext } from '../_lib/context.ts';
import { parseOrThrow, queryOf, readJson, reply } from '../_lib/http.ts';
import { signedInUser } from '../_lib/guards.ts';
import { PhoneCodeRequestSchema, PhoneCodeVerifySchema } from '../../common/schemas/phone-auth.ts';
import * as service from './auth.service.ts';
import * as phone from './phone.service.ts';

/**
 * Accounts (SPEC §2 Auth, §4 Auth, §5 Sign in/up, §8): validate with the shared schemas, call
 * the service, answer in our envelope with Better Auth's cookies and the session hint cookie.
 */

const THIRTY_DAYS = 60 * 60 * 24 * 30;

function hintCookie(request: Request, present: boolean): string {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return present
    ? `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${THIRTY_DAYS}; SameSite=Lax${secure}`
    : `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** Adds Better Auth's cookies and our hint cookie to a response; never cached. */
function withCookies(response: Response, authHeaders: Headers | null, hint: string): Response {
  response.headers.set('cache-control', 'no-store');
  for (const cookie of authHeaders?.getSetCookie() ?? [])
    response.headers.append('set-cookie', cookie);
  response.headers.append('set-cookie', hint);
  return response;
}

/** A service call that signs someone in and hands back Better Auth's response headers. */
type SignInCall<Input> = (
  db: Awaited<ReturnType<ApiContext['db']>>,
  auth: Awaited<ReturnType<ApiContext['auth']>>,
  input: Input,
  requestHeaders: Headers,
  clientAddress: string,
) => Promise<{ user: SessionUser; headers: Headers }>;

/**
 * The body parsed with `schema`, then a service call that signs someone in (sign-up, sign-in, a
 * phone code): `{ user }` with Better Auth's session cookies and the hint cookie, never cached.
 */
async function signingIn<S extends z.core.$ZodType>(
  request: Request,
  ctx: ApiContext,
  schema: S,
  signInWith: SignInCall<z.output<S>>,
  status = 200,
): Promise<Response> {
  const input = parseOrThrow(schema, await readJson(request));
  const { user, headers } = await signInWith(
    await ctx.db(),
    await ctx.auth(),
    input,
    request.headers,
    ctx.clientAddress,
  );
  return withCookies(
    reply(SignedInResponseSchema, { user }, status),
    headers,
    hintCookie(request, true),
  );
}

/** POST /api/auth/sign-up `{ email, password, confirmPassword?, displayName? }` → 201 `{ user }`. */
export function signUp(request: Request, ctx: ApiContext): Promise<Response> {
  return signingIn(request, ctx, SignUpSchema, service.signUp, 201);
}

/** POST /api/auth/sign-in `{ email, password }` → `{ user }`; 401 "Invalid login credentials". */
export function signIn(request: Request, ctx: ApiContext): Promise<Response> {
  return signingIn(request, ctx, SignInSchema, service.signIn);
}

/**
 * POST /api/auth/sign-out → `{ ok: true }`. SPEC §4: a missing session counts as success, and
 * the cookies are cleared whatever happens.
 */
export async function signOut(request: Request, ctx: ApiContext): Promise<Response> {
  const headers = await service.signOut(await ctx.auth(), request.headers);
  const response = withCookies(
    reply(OkResponseSchema, { ok: true }),
    headers,
    hintCookie(request, false),
  );
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
  return reply(SessionResponseSchema, { user: await ctx.sessionUser() }, 200, {
    'cache-control': 'no-store',
  });
}

/**
 * POST /api/auth/password-reset `{ email }` → `{ ok: true }` whether or not the account exists
 * (no account enumeration); the link goes out through the mailer.
 */
export async function requestPasswordReset(request: Request, ctx: ApiContext): Promise<Response> {
  const { email } = parseOrThrow(PasswordResetRequestSchema, await readJson(request));
  await service.requestPasswordReset(
    await ctx.db(),
    await ctx.auth(),
    email,
    request.headers,
    ctx.clientAddress,
  );
  return reply(OkResponseSchema, { ok: true });
}

/** POST /api/auth/password-reset/confirm `{ token, password, confirmPassword }` → `{ ok: true }`. */
export async function resetPassword(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(PasswordResetSchema, await readJson(request));
  await service.resetPassword(
    await ctx.db(),
    await ctx.auth(),
    input,
    request.headers,
    ctx.clientAddress,
  );
  return reply(OkResponseSchema, { ok: true });
}

/**
 * GET /api/auth/verify-email?token=… (the link of the verification e-mail) → 303 to
 * `/?email_verified=1`, or `=0` when the link is invalid or expired. Issue 12.8. Issue 24.2: a
 * link that works, opened in the browser that carries the {@link VERIFY_RETURN_COOKIE} (set by
 * the page that asked to confirm, e.g. Write a review), lands back on that local page
 * (`/business/x/review/?email_verified=1`) and clears the cookie.
 */
export async function verifyEmail(request: Request, ctx: ApiContext): Promise<Response> {
  const parsed = VerifyEmailQuerySchema.safeParse(queryOf(request));
  const verified =
    parsed.success &&
    (await service.verifyEmail(
      await ctx.db(),
      await ctx.auth(),
      parsed.data.token,
      ctx.clientAddress,
    ));
  const back = verified
    ? safeNextPath(parseCookie(request.headers.get('cookie') ?? '')[VERIFY_RETURN_COOKIE])
    : undefined;
  const location = new URL(back ?? '/', request.url);
  location.searchParams.set(EMAIL_VERIFIED_PARAM, verified ? '1' : '0');
  const headers = new Headers({ location: location.href, 'cache-control': 'no-store' });
  if (back)
    headers.append(
      'set-cookie',
      serializeCookie(VERIFY_RETURN_COOKIE, '', { path: VERIFY_RETURN_COOKIE_PATH, maxAge: 0 }),
    );
  return new Response(null, { status: 303, headers });
}

/** POST /api/auth/verify-email/resend (signed in) → `{ ok: true }`; a new link when not verified. */
export async function resendVerification(request: Request, ctx: ApiContext): Promise<Response> {
  const user = await signedInUser(ctx);
  await service.resendVerification(await ctx.db(), await ctx.auth(), user, request.headers);
  return reply(OkResponseSchema, { ok: true });
}

/**
 * POST /api/auth/phone/code `{ phone }` (a Nigerian mobile number in any usual form) → `{ ok:
 * true }` whether or not an account holds the number (issue 37.1, 37.3). Never cached.
 * Errors: 422 (not a Nigerian mobile number), 429 (per-address or per-number limit), 503 (the
 * site's daily ceiling, or the SMS provider failed: try again).
 */
export async function requestPhoneCode(request: Request, ctx: ApiContext): Promise<Response> {
  const input = parseOrThrow(PhoneCodeRequestSchema, await readJson(request));
  await phone.requestPhoneCode(await ctx.db(), await ctx.auth(), input.phone, ctx.clientAddress);
  return reply(OkResponseSchema, { ok: true }, 200, { 'cache-control': 'no-store' });
}

/**
 * POST /api/auth/phone/verify `{ phone, code }` → `{ user }` with the session cookie; a new
 * number makes a new account (issue 37.1). Errors: 422 with `fields.code` (wrong, expired or
 * exhausted code), 429.
 */
export function verifyPhoneCode(request: Request, ctx: ApiContext): Promise<Response> {
  return signingIn(request, ctx, PhoneCodeVerifySchema, phone.verifyPhoneCode);
}
