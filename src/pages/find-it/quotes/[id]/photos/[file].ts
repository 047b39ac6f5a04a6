import type { APIRoute } from 'astro';
import { QUOTE_KEY_HEADER, quoteKeyCookie } from '../../../../../../common/schemas/quotes';
import { visitorAddress } from '../../../../../render/form-post';
import { pageApi } from '../../../../../render/page-api';

/**
 * A Find It request's photo file (issue 36.1, ADR 083), at `/find-it/quotes/<id>/photos/<file>`:
 * under the motorist's page, so the browser sends the request's key cookie (path
 * `/find-it/quotes/`, HttpOnly) with it; the session cookie goes as everywhere. The API decides
 * (`GET /api/quote-requests/:id/photos/:file`): an admin, the motorist, the owner of a listing the
 * request reached; 404 for anyone else. No key or code is ever in the address.
 */
export const prerender = false;

export const GET: APIRoute = (context) => {
  const id = context.params.id ?? '';
  const file = context.params.file ?? '';
  const headers = new Headers();
  for (const name of ['cookie', 'user-agent', 'x-request-id']) {
    const value = context.request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const key = context.cookies.get(quoteKeyCookie(id))?.value;
  if (key) headers.set(QUOTE_KEY_HEADER, key);
  const url = new URL(
    `/api/quote-requests/${encodeURIComponent(id)}/photos/${encodeURIComponent(file)}`,
    context.url,
  );
  return pageApi(context.locals)(new Request(url, { headers }), {
    client: visitorAddress(context),
  });
};
