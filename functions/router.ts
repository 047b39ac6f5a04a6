import { addRoute, createRouter, findRoute } from 'rou3';
import { getArticle, listArticles } from './articles/articles.handler.ts';
import type { ApiContext, ApiHandler } from './_lib/context.ts';
import { AppError } from './_lib/errors.ts';
import { errorResponse, withErrors } from './_lib/http.ts';
import { log } from './_lib/log.ts';
import { getBusiness, listDirectory, listFeatured, searchDirectory } from './directory/directory.handler.ts';
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
];

/** The platform services a handler may use (see {@link ApiContext}). */
export type ApiDeps = Omit<ApiContext, 'params'>;

export const API_PREFIX = '/api';

/**
 * Builds the API: `Request` → `Response` for every path under `/api`. Unknown paths answer 404
 * and known paths with another method 405, both in the error envelope.
 */
export function createApi(deps: ApiDeps): (request: Request) => Promise<Response> {
  const router = createRouter<ApiHandler>();
  for (const route of ROUTES) addRoute(router, route.method, route.path, withErrors(route.handler));

  return async (request) => {
    const pathname = new URL(request.url).pathname;
    const path = pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) || '/' : pathname;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const match = findRoute(router, method, path);
    const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
    if (!match) {
      const other = ROUTES.some((r) => r.method !== method && findRoute(router, r.method, path));
      if (other) return errorResponse(new AppError('METHOD_NOT_ALLOWED', 'Method not allowed'), requestId);
      log.warn('unknown api route', { method: request.method, path: pathname });
      return errorResponse(new AppError('NOT_FOUND', 'Not found'), requestId);
    }
    return match.data(request, { ...deps, params: { ...match.params } });
  };
}
