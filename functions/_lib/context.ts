import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * What a handler gets besides the Request: route params and the services of the running
 * platform (the local server, `astro dev`, Netlify or a test), injected by `createApi()`.
 */
export interface ApiContext {
  params: Record<string, string>;
  db(): Promise<Kysely<Database>>;
  /** Asks for the pre-rendered pages to be regenerated (debounced; see `site/rebuild.ts`). */
  requestRebuild(reason: string): Promise<void>;
}

export type ApiHandler = (request: Request, ctx: ApiContext) => Promise<Response>;
