/**
 * The search and area forms of the home and category pages without JavaScript (issue 22.1 and
 * 22.3, ADR 031): each is a `<form method="post">` to the page itself, so nothing typed ever
 * lands in a URL. The on-demand page reads the posted body here (`readFormBody`) and
 * renders "Search Results (n)" from the search API called in-process
 * (`GET /api/directory/search`, SPEC §7), uncached; with JavaScript the island answers the same
 * form without a page load. Runs on the server only.
 */
import type { AstroGlobal } from 'astro';
import { type PostedSearch, understoodOf } from '../islands/public/searchState';
import { toCardData } from '../../common/schemas/card-data';
import type { DirectorySearchResponse } from '../../common/schemas/search';
import { SEARCH_IMPRESSIONS_MAX, type SearchBeacon } from '../../common/schemas/insights';
import { log } from '../../functions/_lib/log';
import { callApi, readFormBody } from './form-post';

/** What a POST to a home or category page asks for. */
export type PagePost =
  /** Not a POST, not form-encoded, or neither form's fields: the page as a GET renders it. */
  | { kind: 'none' }
  /** The Area form of a category page (`area`: a slug, '' for All of Lagos). */
  | { kind: 'area'; area: string }
  /**
   * The search box: `q`, the page's or the home form's area slug, the next page's cursor, and the
   * home form's Open now box (`open=now`, issue 38.4).
   */
  | {
      kind: 'search';
      q: string;
      area: string | undefined;
      cursor: string | undefined;
      open?: 'now' | undefined;
    }
  /** The roadside screen's "Use my location" (issue 38.1): the position and the car's make. */
  | { kind: 'roadside'; lat: string; lng: string; make: string | null };

/**
 * Reads the form a home or category page was posted (`readFormBody`: form-encoded, at most
 * 64 KB, as every form page). Fields: `lat`/`lng` → the roadside screen's position; `q` (and
 * `cursor`) → a search; else `area` → the Area form. A blank `q` is no search (SPEC §5: a blank query clears the results).
 */
export async function readPagePost(request: Request): Promise<PagePost> {
  if (request.method !== 'POST') return { kind: 'none' };
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return { kind: 'none' };
  const form = await readFormBody(request);
  if (form.has('lat') || form.has('lng'))
    return {
      kind: 'roadside',
      lat: form.get('lat') ?? '',
      lng: form.get('lng') ?? '',
      make: form.get('make'),
    };
  const q = form.get('q');
  const area = form.get('area') ?? undefined;
  if (q !== null && q.trim() !== '') {
    return {
      kind: 'search',
      q,
      area,
      cursor: form.get('cursor') || undefined,
      open: form.get('open') === 'now' ? 'now' : undefined,
    };
  }
  if (q === null && area !== undefined) return { kind: 'area', area };
  return { kind: 'none' };
}

/**
 * Runs a posted search through `GET /api/directory/search` in-process, as the visitor
 * (`callApi`: the island's schema, limits and rate limits apply): one page of contact-protected
 * listings (`cursor`: the page after that cursor), within the business type `type` and the area
 * `area` (slug) when given. The query travels in no URL on the wire. When the API refuses (400
 * for an over-long query, an unknown area or a foreign cursor, 429, 503…) the search is
 * `failed` with the API's status: the page shows SPEC §8's "Search Error".
 */
export async function runPostedSearch(
  astro: AstroGlobal,
  input: {
    q: string;
    type?: string | undefined;
    area?: string | undefined;
    /** Issue 38.4: within the listings open now (the page's `?open=now`). */
    open?: 'now' | undefined;
    cursor?: string | undefined;
  },
): Promise<{ search: PostedSearch; status: number }> {
  const query = new URLSearchParams({ q: input.q });
  if (input.type) query.set('type', input.type);
  if (input.area) query.set('area', input.area);
  if (input.open) query.set('open', input.open);
  if (input.cursor) query.set('cursor', input.cursor);
  const { response, body } = await callApi(astro, 'GET', `/api/directory/search?${query}`);
  if (!response.ok) {
    const retryAfter = response.headers.get('retry-after');
    if (retryAfter) astro.response.headers.set('retry-after', retryAfter);
    return {
      search: {
        q: input.q,
        results: [],
        total: 0,
        totalIsCapped: false,
        nextCursor: null,
        failed: true,
      },
      status: response.status,
    };
  }
  const page = body as DirectorySearchResponse;
  if (!input.cursor) {
    // One search shown (issue 27.2, ADR 044), counted as the island's beacon would count it:
    // within the visitor's own per-minute beacon limit (callApi carries their address, issue
    // 34.1). A refused count is logged, never shown: the visitor asked for results, not a count.
    const counted = await callApi(astro, 'POST', '/api/beacon/search', {
      json: {
        q: input.q,
        type: input.type,
        area: input.area || undefined,
        // As the island counts it: the exact matches (issue 35.6), not the closest ones after them.
        total: page.exactTotal ?? page.total,
        listings: page.businesses.slice(0, SEARCH_IMPRESSIONS_MAX).map((b) => b.id),
      } satisfies SearchBeacon,
    });
    if (!counted.response.ok)
      log.info('posted search not counted', { status: counted.response.status });
  }
  return {
    search: {
      q: input.q.trim(),
      results: page.businesses.map(toCardData),
      total: page.total,
      totalIsCapped: page.totalIsCapped,
      nextCursor: page.nextCursor,
      failed: false,
      understood: understoodOf(input.q, page),
    },
    status: 200,
  };
}
