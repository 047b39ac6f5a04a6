import type { Kysely } from 'kysely';
import { addRoute, createRouter, findRoute } from 'rou3';
import { createBetterAuth, type AuthConfig } from './_lib/auth.ts';
import { blobStoreFromEnv, type BlobStore } from './_lib/blobs.ts';
import type { ApiHandler } from './_lib/context.ts';
import { authSecret, checkEnv, siteUrl } from './_lib/env.ts';
import { AppError } from './_lib/errors.ts';
import { assertSameOrigin, assertWellFormedUrl, requireAccess } from './_lib/guards.ts';
import { compressResponse, errorResponse, withErrors } from './_lib/http.ts';
import { log } from './_lib/log.ts';
import { createMailer, defaultTransport, type MailTransport } from './_lib/mail.ts';
import { createSmsSender, defaultSmsTransport, type SmsTransport } from './_lib/sms.ts';
import {
  createRequestContext,
  type PlatformServices,
  type RequestInfo,
} from './_lib/request-context.ts';
import type { Database } from './db/database.ts';
import { passwordResetEmail } from './emails/password-reset.ts';
import { verifyEmailEmail } from './emails/verify-email.ts';
import { phoneCodeSms } from './auth/phone-sms.ts';
import { placesProviderFromEnv, type PlacesProvider } from './imports/places.ts';
import { ROUTES, type Route } from './routes.ts';

export type { RequestInfo } from './_lib/request-context.ts';

/** The API as a function: what {@link createApi} returns and the hosts call per request. */
export type ApiFunction = (request: Request, info?: RequestInfo) => Promise<Response>;

/** What the host platform provides; auth and mail are built from it unless given. */
export interface ApiDeps {
  db(): Promise<Kysely<Database>>;
  /** Purges cached public pages by tag (local page cache or Netlify's CDN; ADR 011). */
  invalidate(tags: readonly string[]): Promise<void>;
  /** Overrides for Better Auth (tests pass a fixed secret and base URL). */
  authConfig?: Partial<AuthConfig>;
  /** Mail transport; defaults to SendGrid with SENDGRID_API_KEY, else the local outbox. */
  mailTransport?: MailTransport;
  /** SMS transport; defaults to Termii with TERMII_API_KEY and TERMII_SENDER_ID, else the local outbox. */
  smsTransport?: SmsTransport;
  /** Places search provider; defaults to Google with GOOGLE_PLACES_API_KEY, else OpenStreetMap. */
  places?: () => PlacesProvider;
  /** File store (photos); defaults to Netlify Blobs in a Netlify function, else `BLOBS_DIR`. */
  blobs?: () => BlobStore;
}

export const API_PREFIX = '/api';

/** One value, made on first use. */
function memoSync<T>(factory: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: factory() }).v;
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
 * A route's former path (ADR 086): the same handler, its answer marked deprecated (RFC 9745)
 * with a `Link` to the path that replaces it, for one release.
 */
function formerPath(route: Route, handler: ApiHandler): ApiHandler {
  return async (request, ctx) => {
    const response = await handler(request, ctx);
    const successor = route.path.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(ctx.params[name] ?? ''),
    );
    const headers = new Headers(response.headers);
    headers.set('deprecation', `@${DEPRECATED_AT}`);
    headers.append('link', `<${API_PREFIX}${successor}>; rel="successor-version"`);
    return new Response(response.body, { status: response.status, headers });
  };
}

/** When the former paths were deprecated (ADR 086): 2026-11-29T00:00:00Z, in Unix seconds. */
const DEPRECATED_AT = Date.UTC(2026, 10, 29) / 1000;

/**
 * Builds the API: `Request` → `Response` for every path under `/api` (the table is routes.ts).
 * Checks the environment first (env.ts). Per request: a malformed URL (not UTF-8, control
 * characters) answers 400, a cross-site write 403, unknown paths 404 and known paths with another
 * method 405, then the route's access guard and handler;
 * every failure is answered in the error envelope (http.ts `withErrors`). Bodies of 1 KB or more
 * are compressed when the client accepts it (ADR 011).
 * @throws EnvError when an environment variable has an invalid value.
 */
export function createApi(deps: ApiDeps): ApiFunction {
  checkEnv();
  const router = createRouter<ApiHandler>();
  for (const route of ROUTES) {
    const handler = withErrors(requireAccess(route.access, route.handler));
    addRoute(router, route.method, route.path, handler);
    if (route.formerly) addRoute(router, route.method, route.formerly, formerPath(route, handler));
  }

  const authConfig: AuthConfig = {
    baseURL: deps.authConfig?.baseURL ?? siteUrl(),
    secret: deps.authConfig?.secret ?? '',
    sendResetLink: deps.authConfig?.sendResetLink ?? (async () => undefined),
  };
  const mailer = memo(async () =>
    createMailer(await deps.db(), deps.mailTransport ?? defaultTransport()),
  );
  const sms = memo(async () =>
    createSmsSender(await deps.db(), deps.smsTransport ?? defaultSmsTransport()),
  );
  const services: PlatformServices = {
    db: deps.db,
    invalidate: deps.invalidate,
    mailer,
    sms,
    places: deps.places ?? placesProviderFromEnv,
    blobs: deps.blobs ?? memoSync(blobStoreFromEnv),
    auth: memo(async () =>
      createBetterAuth(await deps.db(), {
        ...authConfig,
        secret: authConfig.secret || authSecret(),
        sendResetLink:
          deps.authConfig?.sendResetLink ??
          (async (to, token) => {
            const url = `${authConfig.baseURL}/auth/reset-password/?token=${encodeURIComponent(token)}`;
            const message = { ...passwordResetEmail(to, url), secrets: [token] };
            const result = await (await mailer()).send(message);
            if (!result.ok) throw new Error(result.error);
          }),
        sendVerificationLink:
          deps.authConfig?.sendVerificationLink ??
          (async (to, token) => {
            const url = `${authConfig.baseURL}${API_PREFIX}/auth/verify-email?token=${encodeURIComponent(token)}`;
            // A failed delivery is logged in mail_outbox; the account stands (a new link can be asked for).
            await (await mailer()).send({ ...verifyEmailEmail(to, url), secrets: [token] });
          }),
        sendPhoneCode:
          deps.authConfig?.sendPhoneCode ??
          (async (phone, code) => {
            const result = await (await sms()).send(phoneCodeSms(phone, code));
            if (!result.ok) throw new Error(result.error);
          }),
      }),
    ),
  };

  const handle = async (request: Request, info: RequestInfo): Promise<Response> => {
    const pathname = new URL(request.url).pathname;
    const path = pathname.startsWith(API_PREFIX)
      ? pathname.slice(API_PREFIX.length) || '/'
      : pathname;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
    // A malformed URL is 400 and a cross-site write is refused before routing, whatever the path:
    // nothing about the API is revealed to it, and netlify-cli's retries of a 403 at `.html`
    // variants answer 403 too (ADR 017).
    try {
      assertWellFormedUrl(request);
      assertSameOrigin(request, authConfig.baseURL);
    } catch (error) {
      return errorResponse(error as AppError, requestId);
    }
    const match = findRoute(router, method, path);
    if (!match) {
      const other = ROUTES.some((r) => r.method !== method && findRoute(router, r.method, path));
      if (other)
        return errorResponse(new AppError('METHOD_NOT_ALLOWED', 'Method not allowed'), requestId);
      log.warn('unknown api route', { method: request.method, path: pathname });
      return errorResponse(new AppError('NOT_FOUND', 'Not found'), requestId);
    }
    return match.data(request, createRequestContext(request, { ...match.params }, services, info));
  };
  return async (request, info = {}) => compressResponse(request, await handle(request, info));
}
