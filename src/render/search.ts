/**
 * The search and area forms of the home and category pages without JavaScript (issue 22.1 and
 * 22.3, ADR 031): each is a `<form method="post">` to the page itself, so nothing typed ever
 * lands in a URL. The on-demand page reads the posted body here (bounded, form-encoded) and
 * renders "Search Results (n)" with the same search, schema and limits as
 * `GET /api/directory/search` (SPEC §7), uncached; with JavaScript the island answers the same
 * form without a page load. Runs on the server only.
 */
import { sharedDatabase } from '../../functions/_lib/db.ts';
import { AppError } from '../../functions/_lib/errors.ts';
import { readBody, TOO_LARGE_MESSAGE } from '../../functions/_lib/http.ts';
import { log } from '../../functions/_lib/log.ts';
import { searchBusinesses } from '../../functions/directory/directory.service.ts';
import type { PostedSearch } from '../islands/public/SearchResults';
import { toCardData } from '../schemas/listing';
import { DirectorySearchQuerySchema } from '../schemas/search';

/**
 * Largest body these forms post: a 200-character query percent-encoded (up to 9 bytes a
 * character), a 300-character cursor and the field names fit in 2 KB; past 4 KB is not ours.
 */
export const MAX_PAGE_FORM_BYTES = 4096;

/** What a POST to a home or category page asks for. */
export type PagePost =
  /** Not a POST, not form-encoded, or neither form's fields: the page as a GET renders it. */
  | { kind: 'none' }
  /** The Area form of a category page (`area`: a slug, '' for All of Lagos). */
  | { kind: 'area'; area: string }
  /** The search box: `q`, the page's or the home form's area slug, the next page's cursor. */
  | { kind: 'search'; q: string; area: string | undefined; cursor: string | undefined };

/**
 * Reads the form a home or category page was posted, at most {@link MAX_PAGE_FORM_BYTES}.
 * Fields: `q` (and `cursor`) → a search; else `area` → the Area form. A blank `q` is no search
 * (SPEC §5: a blank query clears the results).
 * @returns a 413 response for a body over the limit (the server closes the connection).
 */
export async function readPagePost(request: Request): Promise<PagePost | Response> {
  if (request.method !== 'POST') return { kind: 'none' };
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return { kind: 'none' };
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(
      new TextDecoder().decode(await readBody(request, MAX_PAGE_FORM_BYTES)),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
      return new Response(TOO_LARGE_MESSAGE, {
        status: 413,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    throw error;
  }
  const q = form.get('q');
  const area = form.get('area') ?? undefined;
  if (q !== null && q.trim() !== '') {
    return { kind: 'search', q, area, cursor: form.get('cursor') || undefined };
  }
  if (q === null && area !== undefined) return { kind: 'area', area };
  return { kind: 'none' };
}

/**
 * Runs a posted search: one page of contact-protected listings (`cursor`: the page after that
 * cursor), within the business type `type` and the area `area` (slug) when given. Input the
 * search API would refuse (an over-long query, an unknown area, a foreign cursor) gives
 * `failed` and status 422 (400 for the cursor): the page shows SPEC §8's "Search Error".
 */
export async function runPostedSearch(input: {
  q: string;
  type?: string | undefined;
  area?: string | undefined;
  cursor?: string | undefined;
}): Promise<{ search: PostedSearch; status: number }> {
  const failed = (status: number) => ({
    search: {
      q: input.q,
      results: [],
      total: 0,
      totalIsCapped: false,
      nextCursor: null,
      failed: true,
    },
    status,
  });
  const parsed = DirectorySearchQuerySchema.safeParse({
    q: input.q,
    ...(input.type ? { type: input.type } : {}),
    ...(input.area ? { area: input.area } : {}),
    ...(input.cursor ? { cursor: input.cursor } : {}),
  });
  if (!parsed.success) return failed(422);
  try {
    const page = await searchBusinesses((await sharedDatabase()).db, parsed.data);
    return {
      search: {
        q: parsed.data.q,
        results: page.businesses.map(toCardData),
        total: page.total,
        totalIsCapped: page.totalIsCapped,
        nextCursor: page.nextCursor,
        failed: false,
      },
      status: 200,
    };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return failed(error.status);
    log.error('posted search failed', { error: String(error) });
    return failed(500);
  }
}

/** Headers of a page answering a POST: never stored by a browser, the CDN or the page cache. */
export function uncached(headers: Headers): void {
  headers.set('Cache-Control', 'no-store');
}
