import type { Kysely } from 'kysely';
import type { SessionUser } from '../../src/schemas/auth.ts';
import type { Database } from '../db/database.ts';
import type { PlacesProvider } from '../imports/places.ts';
import type { BetterAuth } from './auth.ts';
import type { ApiContext } from './context.ts';
import { log } from './log.ts';
import type { Mailer } from './mail.ts';
import { findSessionUser } from './session.ts';

/** The services of the running platform, built once per API (router.ts) and shared by requests. */
export interface PlatformServices {
  db(): Promise<Kysely<Database>>;
  invalidate(tags: readonly string[]): Promise<void>;
  auth(): Promise<BetterAuth>;
  mailer(): Promise<Mailer>;
  places(): PlacesProvider;
}

/** What the host knows about a request beyond the Request itself. */
export interface RequestInfo {
  /** The socket's peer address, when the host passes it. */
  clientAddress?: string | undefined;
}

/**
 * The caller's address for rate limits: what the host reports, else Netlify's
 * `x-nf-client-connection-ip`, else the first `X-Forwarded-For` entry, else `unknown`.
 * One small function on purpose: the security work (issue 12.1) replaces it with a trusted-proxy rule.
 */
export function clientAddressOf(request: Request, info: RequestInfo): string {
  return (
    info.clientAddress ??
    request.headers.get('x-nf-client-connection-ip') ??
    request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ??
    'unknown'
  );
}

/** The {@link ApiContext} of one request: its route params, caller, and the platform's services. */
export function createRequestContext(
  request: Request,
  params: Record<string, string>,
  services: PlatformServices,
  info: RequestInfo,
): ApiContext {
  let session: Promise<SessionUser | null> | undefined;
  return {
    params,
    clientAddress: clientAddressOf(request, info),
    db: services.db,
    auth: services.auth,
    mailer: services.mailer,
    places: services.places,
    invalidate: async (tags) => {
      if (tags.length === 0) return;
      try {
        await services.invalidate(tags);
      } catch (error) {
        // The write has committed: a failed purge leaves pages stale until their TTL, never loses data.
        log.error('cache purge failed', { tags, error: String(error) });
      }
    },
    sessionUser: () =>
      (session ??= (async () =>
        findSessionUser(await services.auth(), await services.db(), request))()),
  };
}
