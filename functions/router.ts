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
import { errorResponse, withErrors } from './_lib/http.ts';
import { log } from './_lib/log.ts';
import {
  getBusiness,
  getBusinessContact,
  listDirectory,
  listFeatured,
  searchDirectory,
} from './directory/directory.handler.ts';
import { listServiceCards } from './service-cards/service-cards.handler.ts';
import { getSnapshot } from './site/site.handler.ts';

/** Who may call a route. Enforced here, on the server, before the handler runs. */
export type Access = 'public' | 'user' | 'admin';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
  handler: ApiHandler;
}

/** Every API route. Paths are relative to `/api`. */
export const ROUTES: readonly Route[] = [
  { method: 'GET', path: '/directory', access: 'public', handler: listDirectory },
  { method: 'GET', path: '/directory/search', access: 'public', handler: searchDirectory },
  { method: 'GET', path: '/directory/featured', access: 'public', handler: listFeatured },
  { method: 'GET', path: '/directory/:id', access: 'public', handler: getBusiness },
  { method: 'GET', path: '/articles', access: 'public', handler: listArticles },
  { method: 'GET', path: '/articles/:slug', access: 'public', handler: getArticle },
  { method: 'GET', path: '/service-cards', access: 'public', handler: listServiceCards },
  { method: 'GET', path: '/site/snapshot', access: 'public', handler: getSnapshot },
  { method: 'GET', path: '/directory/:id/contact', access: 'user', handler: getBusinessContact },
  { method: 'POST', path: '/auth/sign-up', access: 'public', handler: authHandlers.signUp },
  { method: 'POST', path: '/auth/sign-in', access: 'public', handler: authHandlers.signIn },
  { method: 'POST', path: '/auth/sign-out', access: 'public', handler: authHandlers.signOut },
  { method: 'GET', path: '/auth/session', access: 'public', handler: authHandlers.getSession },
  {
    method: 'POST',
    path: '/auth/password-reset',
    access: 'public',
    handler: authHandlers.requestPasswordReset,
  },
  {
    method: 'POST',
    path: '/auth/password-reset/confirm',
    access: 'public',
    handler: authHandlers.resetPassword,
  },
  { method: 'POST', path: '/registrations', access: 'public', handler: submitRegistration },
  { method: 'POST', path: '/service-requests', access: 'public', handler: submitServiceRequest },
  { method: 'POST', path: '/contacts', access: 'public', handler: submitContact },
  { method: 'GET', path: '/imports/provider', access: 'user', handler: imports.getProvider },
  { method: 'POST', path: '/imports/search', access: 'user', handler: imports.search },
  { method: 'POST', path: '/admin/imports/register', access: 'admin', handler: imports.register },
  { method: 'POST', path: '/admin/imports/csv', access: 'admin', handler: imports.importCsvFile },
  { method: 'GET', path: '/admin/users', access: 'admin', handler: listUsers },
  {
    method: 'GET',
    path: '/admin/registrations',
    access: 'admin',
    handler: adminRegistrations.list,
  },
  {
    method: 'PATCH',
    path: '/admin/registrations/:id',
    access: 'admin',
    handler: adminRegistrations.edit,
  },
  {
    method: 'DELETE',
    path: '/admin/registrations/:id',
    access: 'admin',
    handler: adminRegistrations.remove,
  },
  {
    method: 'POST',
    path: '/admin/registrations/:id/status',
    access: 'admin',
    handler: adminRegistrations.changeStatus,
  },
  {
    method: 'POST',
    path: '/admin/registrations/:id/featured',
    access: 'admin',
    handler: adminRegistrations.setFeatured,
  },
  {
    method: 'POST',
    path: '/admin/registrations/:id/verification',
    access: 'admin',
    handler: adminRegistrations.setVerification,
  },
  {
    method: 'POST',
    path: '/admin/registrations/:id/rating',
    access: 'admin',
    handler: adminRegistrations.setRating,
  },
  {
    method: 'POST',
    path: '/admin/registrations/:id/test-welcome',
    access: 'admin',
    handler: adminRegistrations.testWelcome,
  },
  {
    method: 'PUT',
    path: '/admin/featured-order',
    access: 'admin',
    handler: adminRegistrations.reorderFeatured,
  },
  {
    method: 'GET',
    path: '/admin/service-requests',
    access: 'admin',
    handler: inbox.listServiceRequests,
  },
  {
    method: 'DELETE',
    path: '/admin/service-requests',
    access: 'admin',
    handler: inbox.clearServiceRequests,
  },
  {
    method: 'POST',
    path: '/admin/service-requests/:id/handle',
    access: 'admin',
    handler: inbox.handleServiceRequest,
  },
  {
    method: 'DELETE',
    path: '/admin/service-requests/:id',
    access: 'admin',
    handler: inbox.deleteServiceRequest,
  },
  { method: 'GET', path: '/admin/contacts', access: 'admin', handler: inbox.listContacts },
  { method: 'DELETE', path: '/admin/contacts', access: 'admin', handler: inbox.clearContacts },
  {
    method: 'POST',
    path: '/admin/contacts/:id/handle',
    access: 'admin',
    handler: inbox.handleContact,
  },
  { method: 'DELETE', path: '/admin/contacts/:id', access: 'admin', handler: inbox.deleteContact },
  { method: 'GET', path: '/admin/articles', access: 'admin', handler: content.listArticles },
  { method: 'POST', path: '/admin/articles', access: 'admin', handler: content.createArticle },
  { method: 'PATCH', path: '/admin/articles/:id', access: 'admin', handler: content.updateArticle },
  {
    method: 'DELETE',
    path: '/admin/articles/:id',
    access: 'admin',
    handler: content.deleteArticle,
  },
  {
    method: 'GET',
    path: '/admin/service-cards',
    access: 'admin',
    handler: content.listServiceCards,
  },
  {
    method: 'PUT',
    path: '/admin/service-cards/order',
    access: 'admin',
    handler: content.reorderServiceCards,
  },
  {
    method: 'PATCH',
    path: '/admin/service-cards/:id',
    access: 'admin',
    handler: content.updateServiceCard,
  },
  {
    method: 'GET',
    path: '/admin/messaging/recipients',
    access: 'admin',
    handler: messaging.listRecipients,
  },
  { method: 'GET', path: '/admin/messages', access: 'admin', handler: messaging.listSentMessages },
  { method: 'POST', path: '/admin/messages', access: 'admin', handler: messaging.sendMessage },
];

/** What the host platform provides; auth and mail are built from it unless given. */
export interface ApiDeps {
  db(): Promise<Kysely<Database>>;
  requestRebuild(reason: string): Promise<void>;
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

  return async (request, info = {}) => {
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
      requestRebuild: deps.requestRebuild,
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
