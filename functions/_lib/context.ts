import type { Kysely } from 'kysely';
import type { SessionUser } from '../../common/schemas/auth.ts';
import type { Database } from '../db/database.ts';
import type { BetterAuth } from './auth.ts';
import type { BlobStore } from './blobs.ts';
import type { Mailer } from './mail.ts';
import type { SmsSender } from './sms.ts';
import type { PlacesProvider } from '../imports/places.ts';

/**
 * What a handler gets besides the Request: route params, the caller, and the services of the
 * running platform (the local server, `astro dev`, Netlify or a test), injected by `createApi()`.
 */
export interface ApiContext {
  params: Record<string, string>;
  /** Caller's IP as the platform reports it (rate limits). */
  clientAddress: string;
  db(): Promise<Kysely<Database>>;
  auth(): Promise<BetterAuth>;
  mailer(): Promise<Mailer>;
  /** Text messages: Termii, or the local SMS outbox (issue 37.2, ADR 067). */
  sms(): Promise<SmsSender>;
  /** The signed-in user, resolved once per request; null for visitors. */
  sessionUser(): Promise<SessionUser | null>;
  /** The places search provider of this environment (bulk import). */
  places(): PlacesProvider;
  /** The file store of this environment: Netlify Blobs, or `.data/blobs` locally (ADR 039). */
  blobs(): BlobStore;
  /**
   * Purges the cached public pages that carry any of these tags (`site/cache-tags.ts`, ADR 011):
   * the local server's page cache, or Netlify's CDN. Call it after the write has committed.
   * A failed purge is logged, never thrown: the write stands.
   */
  invalidate(tags: readonly string[]): Promise<void>;
}

export type ApiHandler = (request: Request, ctx: ApiContext) => Promise<Response>;
