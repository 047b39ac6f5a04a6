import { SEARCH_IMPRESSIONS_MAX } from '../../common/config/insights';
import type { SearchBeacon } from '../../common/schemas/insights';

/**
 * Reports one search the visitor was shown (issue 27.2, ADR 044): the query as typed, its
 * category and area filters, the result count and the ids of the first page's listings (at most
 * {@link SEARCH_IMPRESSIONS_MAX}), to /api/beacon/search (no cookie; the server keeps a
 * normalized query, never one that looks like a phone number or an e-mail address). Sent by the
 * search island after a first page, never for "Load more". A module apart from beacon.ts, so the
 * header's script (every page) does not carry it.
 */
export function sendSearchEvent(search: Omit<SearchBeacon, 'listings'> & { listings: string[] }) {
  navigator.sendBeacon?.(
    '/api/beacon/search',
    JSON.stringify({ ...search, listings: search.listings.slice(0, SEARCH_IMPRESSIONS_MAX) }),
  );
}
