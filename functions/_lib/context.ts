import type { Kysely } from 'kysely';
import type { SessionUser } from '../../src/schemas/auth.ts';
import type { Database } from '../db/database.ts';
import type { BetterAuth } from './auth.ts';
import type { Mailer } from './mail.ts';
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
  /** The signed-in user, resolved once per request; null for visitors. */
  sessionUser(): Promise<SessionUser | null>;
  /** The places search provider of this environment (bulk import). */
  places(): PlacesProvider;
  /** Asks for the pre-rendered pages to be regenerated (debounced; see `site/rebuild.ts`). */
  requestRebuild(reason: string): Promise<void>;
}

export type ApiHandler = (request: Request, ctx: ApiContext) => Promise<Response>;
