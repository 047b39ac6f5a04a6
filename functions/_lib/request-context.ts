import { BlockList, isIP } from 'node:net';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../common/schemas/auth.ts';
import type { Database } from '../db/database.ts';
import type { PlacesProvider } from '../imports/places.ts';
import type { BetterAuth } from './auth.ts';
import type { BlobStore } from './blobs.ts';
import type { ApiContext } from './context.ts';
import { env } from './env.ts';
import { log } from './log.ts';
import type { Mailer } from './mail.ts';
import type { SmsSender } from './sms.ts';
import { findSessionUser } from './session.ts';

/** The services of the running platform, built once per API (router.ts) and shared by requests. */
export interface PlatformServices {
  db(): Promise<Kysely<Database>>;
  invalidate(tags: readonly string[]): Promise<void>;
  auth(): Promise<BetterAuth>;
  mailer(): Promise<Mailer>;
  sms(): Promise<SmsSender>;
  places(): PlacesProvider;
  blobs(): BlobStore;
}

/** What the host knows about a request beyond the Request itself. */
export interface RequestInfo {
  /**
   * The address of the peer that sent the request: the socket's remote address (the local
   * server, `astro dev`), or the client address the platform has verified (on Netlify Astro's
   * `clientAddress` is the function's `context.ip`, the same as `x-nf-client-connection-ip`).
   */
  clientAddress?: string | undefined;
  /**
   * The caller's address already derived by {@link clientAddressOf} from the request that reached
   * the host: a page calling the API in-process for its visitor (src/render/form-post.ts
   * `callApi`, issue 34.1) passes the visitor's address here, taken as is. Only code in this
   * process can set it; a request from the network never can.
   */
  client?: string | undefined;
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; brackets and IPv6 zone ids dropped; '' when not an address. */
export function normalizeAddress(value: string | null | undefined): string {
  const trimmed = (value ?? '')
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  const address = mapped?.[1] ?? trimmed;
  return isIP(address) ? address.toLowerCase() : '';
}

const proxySets = new WeakMap<readonly string[], BlockList>();

/** The TRUSTED_PROXIES list as a BlockList (node:net), built once per value of the variable. */
function trustedProxies(): BlockList {
  const entries = env('TRUSTED_PROXIES');
  let set = proxySets.get(entries);
  if (!set) {
    set = new BlockList();
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) set.addAddress(address, family);
      else set.addSubnet(address, Number(prefix), family);
    }
    proxySets.set(entries, set);
  }
  return set;
}

/** Whether `address` (normalised) is one of the configured trusted proxies (TRUSTED_PROXIES). */
export function isTrustedProxy(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && trustedProxies().check(address, family === 6 ? 'ipv6' : 'ipv4');
}

let warnedMissingPeer = false;

/**
 * The caller's address, the key of every per-address limit (ADR 015). It is the peer the host
 * reports (the socket's remote address, or the platform's verified client address), unless that
 * peer is a trusted proxy (TRUSTED_PROXIES): then `X-Forwarded-For` is read from the right,
 * skipping trusted proxies, and the first other address is the client. A caller-supplied
 * `X-Forwarded-For` from anywhere else is ignored, so changing it does not change the bucket.
 * Without a peer (a host that passes none) only Netlify's own `x-nf-client-connection-ip` is
 * believed, on Netlify; otherwise `unknown` (logged once: a host bug, not normal traffic).
 */
export function clientAddressOf(request: Request, info: RequestInfo): string {
  const peer = normalizeAddress(info.clientAddress);
  if (!peer) {
    const platform =
      env('NETLIFY') === 'true'
        ? normalizeAddress(request.headers.get('x-nf-client-connection-ip'))
        : '';
    if (platform) return platform;
    if (!warnedMissingPeer) {
      warnedMissingPeer = true;
      log.warn('the host passed no client address: per-address limits share one bucket');
    }
    return 'unknown';
  }
  if (!isTrustedProxy(peer)) return peer;
  let client = peer;
  const hops = (request.headers.get('x-forwarded-for') ?? '').split(',');
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = normalizeAddress(hops[index]);
    // A malformed entry was written by the client: the last trusted hop is as far as we know.
    if (!hop) break;
    client = hop;
    if (!isTrustedProxy(hop)) break;
  }
  return client;
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
    clientAddress: info.client || clientAddressOf(request, info),
    db: services.db,
    auth: services.auth,
    mailer: services.mailer,
    sms: services.sms,
    places: services.places,
    blobs: services.blobs,
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
