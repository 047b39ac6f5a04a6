import type { APIRoute } from 'astro';
import { sharedDatabase } from '../../../functions/_lib/db.ts';
import {
  databaseRequired,
  databaseUrl,
  MISSING_DATABASE_MESSAGE,
} from '../../../functions/_lib/env.ts';
import { AppError } from '../../../functions/_lib/errors.ts';
import { errorResponse } from '../../../functions/_lib/http.ts';
import { log } from '../../../functions/_lib/log.ts';
import { createApi } from '../../../functions/router.ts';
import { purgeNetlifyCdn } from '../../../netlify/purge.ts';

/** The one mount of the function layer in Astro (DESIGN.md "Function layer"). */
export const prerender = false;

/** Writes purge Netlify's CDN by tag inside a Netlify function; elsewhere nothing is cached (ADR 011). */
const api = createApi({
  db: async () => (await sharedDatabase()).db,
  invalidate: purgeNetlifyCdn,
});

/**
 * Every API call. A deployment without a database (no DATABASE_URL / NETLIFY_DATABASE_URL on
 * Netlify) answers 503 SERVICE_UNAVAILABLE in the error envelope, naming the variables (issue 14).
 */
export const ALL: APIRoute = ({ request, clientAddress }) => {
  if (databaseRequired() && !databaseUrl()) {
    const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
    log.error('no database configured', { path: new URL(request.url).pathname, requestId });
    return errorResponse(new AppError('SERVICE_UNAVAILABLE', MISSING_DATABASE_MESSAGE), requestId);
  }
  return api(request, { clientAddress });
};
