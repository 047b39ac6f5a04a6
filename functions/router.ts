import type { Kysely } from 'kysely';
import { addRoute, createRouter, findRoute } from 'rou3';
import type { SessionUser } from '../src/schemas/auth.ts';
import { createBetterAuth, type AuthConfig } from './_lib/auth.ts';
import { authSecret, siteUrl } from './_lib/env.ts';
import { createMailer, defaultTransport, type MailTransport } from './_lib/mail.ts';
import { findSessionUser } from './_lib/session.ts';
import type { Database } from './db/database.ts';
import * as imports from './imports/imports.handler.ts';
import { placesProviderFromEnv, type PlacesProvider } from './imports/places.ts';
import { passwordResetEmail } from './emails/password-reset.ts';
import * as authHandlers from './auth/auth.handler.ts';
import { listUsers } from './users/users.handler.ts';
import * as content from './admin/content.handler.ts';
import * as inbox from './admin/inbox.handler.ts';
import * as messaging from './admin/messaging.handler.ts';
import * as adminRegistrations from './admin/registrations.handler.ts';
import { submitContact } from './contacts/contacts.handler.ts';
import { submitRegistration } from './registrations/registrations.handler.ts';
import { submitServiceRequest } from './service-requests/service-requests.handler.ts';
import { getArticle, listArticles } from './articles/articles.handler.ts';
import type { ApiContext, ApiHandler } from './_lib/context.ts';
import { AppError } from './_lib/errors.ts';
import { compressResponse, errorResponse, withErrors } from './_lib/http.ts';
import { log } from './_lib/log.ts';
import {
  getBusiness,
  getBusinessContact,
  listDirectory,
  listFeatured,
  searchDirectory,
} from './directory/directory.handler.ts';
import { listServiceCards } from './service-cards/service-cards.handler.ts';

/** Who may call a route. Enforced here, on the server, before the handler runs. */
export type Access = 'public' | 'user' | 'admin';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
  handler: ApiHandler;
}

const route = (
  method: Route['method'],
  path: string,
  access: Access,
  handler: ApiHandler,
): Route => ({
  method,
  path,
  access,
  handler,
});

/** Every API route. Paths are relative to `/api`; the access level is enforced before the handler. */
export const ROUTES: readonly Route[] = [
  route('GET', '/directory', 'public', listDirectory),
  route('GET', '/directory/search', 'public', searchDirectory),
  route('GET', '/directory/featured', 'public', listFeatured),
  route('GET', '/directory/:id', 'public', getBusiness),
  route('GET', '/articles', 'public', listArticles),
  route('GET', '/articles/:slug', 'public', getArticle),
  route('GET', '/service-cards', 'public', listServiceCards),
  route('GET', '/directory/:id/contact', 'user', getBusinessContact),
  route('POST', '/auth/sign-up', 'public', authHandlers.signUp),
  route('POST', '/auth/sign-in', 'public', authHandlers.signIn),
  route('POST', '/auth/sign-out', 'public', authHandlers.signOut),
  route('GET', '/auth/session', 'public', authHandlers.getSession),
  route('POST', '/auth/password-reset', 'public', authHandlers.requestPasswordReset),
  route('POST', '/auth/password-reset/confirm', 'public', authHandlers.resetPassword),
  route('POST', '/registrations', 'public', submitRegistration),
  route('POST', '/service-requests', 'public', submitServiceRequest),
  route('POST', '/contacts', 'public', submitContact),
  route('GET', '/imports/provider', 'user', imports.getProvider),
  route('POST', '/imports/search', 'user', imports.search),
  route('POST', '/admin/imports/register', 'admin', imports.register),
  route('POST', '/admin/imports/csv', 'admin', imports.importCsvFile),
  route('GET', '/admin/users', 'admin', listUsers),
  route('GET', '/admin/registrations', 'admin', adminRegistrations.list),
  route('PATCH', '/admin/registrations/:id', 'admin', adminRegistrations.edit),
  route('DELETE', '/admin/registrations/:id', 'admin', adminRegistrations.remove),
  route('POST', '/admin/registrations/:id/status', 'admin', adminRegistrations.changeStatus),
  route('POST', '/admin/registrations/:id/featured', 'admin', adminRegistrations.setFeatured),
  route(
    'POST',
    '/admin/registrations/:id/verification',
    'admin',
    adminRegistrations.setVerification,
  ),
  route('POST', '/admin/registrations/:id/rating', 'admin', adminRegistrations.setRating),
  route('POST', '/admin/registrations/:id/test-welcome', 'admin', adminRegistrations.testWelcome),
  route('PUT', '/admin/featured-order', 'admin', adminRegistrations.reorderFeatured),
  route('GET', '/admin/service-requests', 'admin', inbox.listServiceRequests),
  route('DELETE', '/admin/service-requests', 'admin', inbox.clearServiceRequests),
  route('POST', '/admin/service-requests/:id/handle', 'admin', inbox.handleServiceRequest),
  route('DELETE', '/admin/service-requests/:id', 'admin', inbox.deleteServiceRequest),
  route('GET', '/admin/contacts', 'admin', inbox.listContacts),
  route('DELETE', '/admin/contacts', 'admin', inbox.clearContacts),
  route('POST', '/admin/contacts/:id/handle', 'admin', inbox.handleContact),
  route('DELETE', '/admin/contacts/:id', 'admin', inbox.deleteContact),
  route('GET', '/admin/articles', 'admin', content.listArticles),
  route('POST', '/admin/articles', 'admin', content.createArticle),
  route('PATCH', '/admin/articles/:id', 'admin', content.updateArticle),
  route('DELETE', '/admin/articles/:id', 'admin', content.deleteArticle),
  route('GET', '/admin/service-cards', 'admin', content.listServiceCards),
  route('PUT', '/admin/service-cards/order', 'admin', content.reorderServiceCards),
  route('PATCH', '/admin/service-cards/:id', 'admin', content.updateServiceCard),
  route('GET', '/admin/messaging/recipients', 'admin', messaging.listRecipients),
  route('GET', '/admin/messages', 'admin', messaging.listSentMessages),
  route('POST', '/admin/messages', 'admin', messaging.sendMessage),
];

/** What the host platform provides; auth and mail are built from it unless given. */
export interface ApiDeps {
  db(): Promise<Kysely<Database>>;
  /** Purges cached public pages by tag (local page cache or Netlify's CDN; ADR 011). */
  invalidate(tags: readonly string[]): Promise<void>;
  /** Overrides for Better Auth (tests pass a fixed secret and base URL). */
  authConfig?: Partial<AuthConfig>;
  /** Mail transport; defaults to SendGrid with SENDGRID_API_KEY, else the local outbox. */
  mailTransport?: MailTransport;
  /** Places search provider; defaults to Google with GOOGLE_PLACES_API_KEY, else OpenStreetMap. */
  places?: () => PlacesProvider;
}

export interface RequestInfo {
  clientAddress?: string | undefined;
}

export const API_PREFIX = '/api';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own pages: a foreign Origin, or a browser's
 * `Sec-Fetch-Site: cross-site` without Origin, is refused (403).
 */
function assertSameOrigin(request: Request, trusted: string): void {
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

function memo<T>(factory: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= factory().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

/**
 * Builds the API: `Request` → `Response` for every path under `/api`. Unknown paths answer 404
 * and known paths with another method 405, both in the error envelope.
 */
export function createApi(
  deps: ApiDeps,
): (request: Request, info?: RequestInfo) => Promise<Response> {
  const router = createRouter<ApiHandler>();
  for (const route of ROUTES) addRoute(router, route.method, route.path, withErrors(guard(route)));

  const authConfig: AuthConfig = {
    baseURL: deps.authConfig?.baseURL ?? siteUrl(),
    secret: deps.authConfig?.secret ?? '',
    sendResetLink: deps.authConfig?.sendResetLink ?? (async () => undefined),
  };
  const mailer = memo(async () =>
    createMailer(await deps.db(), deps.mailTransport ?? defaultTransport()),
  );
  const auth = memo(async () =>
    createBetterAuth(await deps.db(), {
      ...authConfig,
      secret: authConfig.secret || authSecret(),
      sendResetLink:
        deps.authConfig?.sendResetLink ??
        (async (to, token) => {
          const url = `${authConfig.baseURL}/auth/reset-password/?token=${encodeURIComponent(token)}`;
          const result = await (await mailer()).send(passwordResetEmail(to, url));
          if (!result.ok) throw new Error(result.error);
        }),
    }),
  );

  const handle = async (request: Request, info: RequestInfo): Promise<Response> => {
    const pathname = new URL(request.url).pathname;
    const path = pathname.startsWith(API_PREFIX)
      ? pathname.slice(API_PREFIX.length) || '/'
      : pathname;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const match = findRoute(router, method, path);
    const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
    if (!match) {
      const other = ROUTES.some((r) => r.method !== method && findRoute(router, r.method, path));
      if (other)
        return errorResponse(new AppError('METHOD_NOT_ALLOWED', 'Method not allowed'), requestId);
      log.warn('unknown api route', { method: request.method, path: pathname });
      return errorResponse(new AppError('NOT_FOUND', 'Not found'), requestId);
    }
    let session: Promise<SessionUser | null> | undefined;
    const ctx: ApiContext = {
      params: { ...match.params },
      clientAddress: info.clientAddress ?? clientAddressOf(request),
      db: deps.db,
      invalidate: async (tags) => {
        if (tags.length === 0) return;
        try {
          await deps.invalidate(tags);
        } catch (error) {
          // The write has committed: a failed purge leaves pages stale until their TTL, never loses data.
          log.error('cache purge failed', { tags, error: String(error) });
        }
      },
      auth,
      mailer,
      places: deps.places ?? placesProviderFromEnv,
      sessionUser: () =>
        (session ??= (async () => findSessionUser(await auth(), await deps.db(), request))()),
    };
    try {
      assertSameOrigin(request, authConfig.baseURL);
    } catch (error) {
      return errorResponse(error as AppError, requestId);
    }
    return match.data(request, ctx);
  };
  return async (request, info = {}) => compressResponse(request, await handle(request, info));
}

/** Proxies put the caller first in X-Forwarded-For; Netlify also sends x-nf-client-connection-ip. */
function clientAddressOf(request: Request): string {
  return (
    request.headers.get('x-nf-client-connection-ip') ??
    request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ??
    'unknown'
  );
}

/** Enforces the route's access level before its handler runs: 401 for visitors, 403 for non-admins. */
function guard(route: Route): ApiHandler {
  if (route.access === 'public') return route.handler;
  return async (request, ctx) => {
    const user = await ctx.sessionUser();
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    if (route.access === 'admin' && !user.isAdmin)
      throw new AppError('FORBIDDEN', 'Admin access required.');
    return route.handler(request, ctx);
  };
}
