import type { SessionUser } from '../../common/schemas/auth.ts';
import type { ApiContext, ApiHandler } from './context.ts';
import { AppError } from './errors.ts';

/** Shown with 401 UNAUTHENTICATED. */
export const SIGN_IN_FIRST = 'Please sign in to continue.';

/** Who may call a route. Enforced on the server, before the handler runs. */
export type Access = 'public' | 'user' | 'admin';

/**
 * Wraps a handler with its route's access level: visitors get 401 UNAUTHENTICATED on `user` and
 * `admin` routes, signed-in users without the admin role 403 FORBIDDEN on `admin` routes.
 */
export function requireAccess(access: Access, handler: ApiHandler): ApiHandler {
  if (access === 'public') return handler;
  return async (request, ctx) => {
    const user = await ctx.sessionUser();
    if (!user) throw new AppError('UNAUTHENTICATED', SIGN_IN_FIRST);
    if (access === 'admin' && !user.isAdmin)
      throw new AppError('FORBIDDEN', 'Admin access required.');
    return handler(request, ctx);
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own pages: a foreign Origin, or a browser's
 * `Sec-Fetch-Site: cross-site` without Origin, is refused.
 * @param trusted the site's public origin (SITE_URL), accepted besides the request's own.
 * @throws AppError FORBIDDEN (403) "Cross-site request refused."
 */
export function assertSameOrigin(request: Request, trusted: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get('origin');
  const own = new URL(request.url).origin;
  if (
    origin
      ? origin !== own && origin !== trusted
      : request.headers.get('sec-fetch-site') === 'cross-site'
  ) {
    throw new AppError('FORBIDDEN', 'Cross-site request refused.');
  }
}

/**
 * Control characters (NUL, C0, DEL, C1) other than tab, line feed and carriage return, which are
 * only whitespace to a search: never part of a valid query value or path segment.
 */
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;

/**
 * Refuses a URL whose path or query string does not decode to well-formed text: a percent
 * sequence that is not UTF-8 (`%FF`, `%ED%A0%80`), a broken escape (`%E`), or a control character
 * such as NUL (Postgres text cannot hold it; no field of ours contains one; tab and line breaks
 * pass, as whitespace). Runs before routing,
 * so every route answers 400 in the envelope instead of failing deeper (issue 12.3).
 * @throws AppError BAD_REQUEST (400) "Malformed URL."
 */
export function assertWellFormedUrl(request: Request): void {
  const url = new URL(request.url);
  const parts = [
    ...url.pathname.split('/'),
    ...url.search
      .slice(1)
      .split('&')
      .flatMap((pair) => pair.split('=')),
  ];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part.replaceAll('+', ' '));
    } catch {
      throw new AppError('BAD_REQUEST', 'Malformed URL.');
    }
    if (CONTROL_CHARACTERS.test(decoded)) throw new AppError('BAD_REQUEST', 'Malformed URL.');
  }
}

/**
 * The signed-in caller of a `user` route (the route's guard has checked it already; this gives
 * the handler the account).
 * @throws AppError UNAUTHENTICATED for a visitor.
 */
export async function signedInUser(ctx: ApiContext): Promise<SessionUser> {
  const user = await ctx.sessionUser();
  if (!user) throw new AppError('UNAUTHENTICATED', SIGN_IN_FIRST);
  return user;
}
