import type { APIRoute } from 'astro';
import {
  databaseRequired,
  databaseUrl,
  MISSING_DATABASE_MESSAGE,
} from '../../../functions/_lib/env.ts';
import { AppError } from '../../../functions/_lib/errors.ts';
import { errorResponse } from '../../../functions/_lib/http.ts';
import { log } from '../../../functions/_lib/log.ts';
import { pageApi } from '../../render/page-api.ts';

/** The one mount of the function layer in Astro (DESIGN.md "Function layer"). */
export const prerender = false;

/**
 * Every API call. A deployment without a database (no DATABASE_URL / NETLIFY_DATABASE_URL on
 * Netlify) answers 503 SERVICE_UNAVAILABLE in the error envelope, naming the variables (issue 14).
 * Writes purge Netlify's CDN by tag inside a Netlify function (ADR 011).
 */
export const ALL: APIRoute = ({ request, clientAddress, locals }) => {
  if (databaseRequired() && !databaseUrl()) {
    const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
    log.error('no database configured', { path: new URL(request.url).pathname, requestId });
    return errorResponse(new AppError('SERVICE_UNAVAILABLE', MISSING_DATABASE_MESSAGE), requestId);
  }
  return pageApi(locals)(request, { clientAddress });
};
