import { useCallback, useState } from 'react';
import type { BusinessCardData } from '../../../common/schemas/listing';
import { type EarlySearch, useDirectorySearch } from '../shared/useDirectorySearch';
import type { DirectorySearchResponse } from '../../../common/schemas/search';

/*
 * The search state of the public pages (issue 22, 35), apart from the results' markup
 * (SearchResults.tsx, with the business cards): the home search hydrates with this alone and
 * loads the list when it has results to show (issue 34.5, ADR 090).
 */

/**
 * A search the page itself answered: the search form was posted before the island could take it
 * (no JavaScript yet, or none at all; issue 22.1/22.3, ADR 031). One page of results as the server
 * rendered them; `nextCursor` asks the server for the page after it; `failed`: the server could
 * not search (SPEC §8 "Search Error").
 */
export interface PostedSearch {
  q: string;
  results: BusinessCardData[];
  total: number;
  totalIsCapped: boolean;
  nextCursor: string | null;
  failed: boolean;
  /** What the search understood (issue 35); absent when it failed. */
  understood?: SearchUnderstood | undefined;
}

/**
 * What a search understood of its query, as `GET /api/directory/search` answered it (issue 35
 * points 3, 4 and 6): the query as typed (`q`), how many listings hold every word, the words the
 * closest matches lack, the corrected query and the Lagos area the query named.
 */
export interface SearchUnderstood {
  q: string;
  exactTotal: number;
  missingWords: string[];
  showingResultsFor: string | null;
  queryArea: { name: string; slug: string; without: string | null } | null;
}

/** {@link SearchUnderstood} of one answer of the search API to the query `q`. */
export function understoodOf(
  q: string,
  page: Pick<
    DirectorySearchResponse,
    'total' | 'exactTotal' | 'missingWords' | 'showingResultsFor' | 'queryArea'
  >,
): SearchUnderstood {
  return {
    q: q.trim(),
    exactTotal: page.exactTotal ?? page.total,
    missingWords: page.missingWords ?? [],
    showingResultsFor: page.showingResultsFor ?? null,
    queryArea: page.queryArea ?? null,
  };
}

/** SPEC §8 "Search failure", shown in the results panel of a posted search. */
export const SEARCH_ERROR = {
  title: 'Search Error',
  text: 'There was a problem searching. Please try again.',
} as const;

/**
 * The search state of a public page: {@link useDirectorySearch} (SPEC §2/§7, its toasts), read
 * with the paging fields of the paged search API (`total`, `totalIsCapped`, `hasMore`,
 * `loadMore`) when the hook provides them, and the loaded count otherwise. `posted`: the search
 * the server answered (the page was rendered for a posted form); it shows until the next search.
 */
export function useSearch(
  type?: string,
  area?: string,
  posted?: PostedSearch,
  open?: 'now',
  early?: EarlySearch,
) {
  const state: ReturnType<typeof useDirectorySearch> & {
    total?: number;
    totalIsCapped?: boolean;
    query?: string;
    answer?: DirectorySearchResponse | undefined;
    hasMore?: boolean;
    loadingMore?: boolean;
    loadMore?: () => void | Promise<void>;
  } = useDirectorySearch(type, area, open, early);
  const [shown, setShown] = useState(posted);
  const run = state.search;
  const search = useCallback(
    (query: string) => {
      setShown(undefined);
      return run(query);
    },
    [run],
  );
  if (shown) {
    return {
      ...state,
      search,
      posted: shown,
      results: shown.results,
      loading: false,
      total: shown.total,
      totalIsCapped: shown.totalIsCapped,
      understood: shown.understood,
      hasMore: false,
      loadingMore: false,
      loadMore: undefined,
    };
  }
  return {
    ...state,
    search,
    posted: undefined,
    understood:
      state.answer && state.query !== undefined
        ? understoodOf(state.query, state.answer)
        : undefined,
    total: state.total ?? state.results?.length ?? 0,
    totalIsCapped: state.totalIsCapped ?? false,
    hasMore: state.hasMore ?? false,
    loadingMore: state.loadingMore ?? false,
  };
}

/** The count of a search heading: "12", or "1,000+" when the API capped its count. */
export function resultCount(total: number, capped: boolean): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

/** SPEC §8 "No results" text, also shown in the results panel (not only as a toast). */
export const NO_RESULTS = {
  title: 'No results found',
  text: 'Try different search terms or check your spelling.',
} as const;

/**
 * Find It with the search already filled in (issue 35.6): `/find-it/?q=…&area=<slug>`. The
 * query and the area are not personal; the page fills the request's fields from them.
 */
export function findItHref(q: string, area?: string): string {
  const query = new URLSearchParams({ q });
  if (area) query.set('area', area);
  return `/find-it/?${query}`;
}
