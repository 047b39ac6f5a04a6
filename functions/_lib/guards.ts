import type { ApiHandler } from './context.ts';
import { AppError } from './errors.ts';

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
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
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
