import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { apiGet, type ApiResult } from '../../browser/api-client';
import { sendSearchEvent } from '../../browser/search-beacon';
import type { PublicBusiness } from '../../../common/schemas/directory';
import type { DirectorySearchResponse } from '../../../common/schemas/search';

interface SearchState {
  results: PublicBusiness[] | null;
  total: number;
  totalIsCapped: boolean;
  nextCursor: string | null;
  /** The first page's answer, for what the search understood (issue 35). */
  first?: DirectorySearchResponse | undefined;
}

const IDLE: SearchState = { results: null, total: 0, totalIsCapped: false, nextCursor: null };

/** The filters a search is asked with: a type, an area (slug), the listings open now. */
export interface SearchFilters {
  type?: string | undefined;
  area?: string | undefined;
  open?: 'now' | undefined;
}

/** One page of `GET /api/directory/search`: the first, or the one after `cursor`. */
export function fetchSearchPage(
  q: string,
  { type, area, open }: SearchFilters,
  cursor?: string,
): Promise<ApiResult<DirectorySearchResponse>> {
  return apiGet<DirectorySearchResponse>('/api/directory/search', { q, type, area, open, cursor });
}

/** The answer to the first page of `q` under these filters, when it was already asked for. */
export type EarlySearch = (
  q: string,
  filters: SearchFilters,
) => ReturnType<typeof fetchSearchPage> | undefined;

/** SPEC §8 toast for a failed search. */
function failed() {
  toast.error('Search Error', { description: 'There was a problem searching. Please try again.' });
}

/**
 * Search state of SPEC §2/§7 over the paged `GET /api/directory/search` (issue 11), inside one
 * area when `area` (a slug) is given (issue 16.4):
 * - `results`: the listings loaded so far (first page, then each `loadMore` appended), or null
 *   when no search is active (a blank query clears them);
 * - `total` / `totalIsCapped`: every match, or a lower bound to show as "1,000+";
 * - `loading`: the first page is on its way; `loadingMore`: a further page is;
 * - `hasMore`: `loadMore()` would fetch another page;
 * - `query` / `answer`: the query searched and the API's first page (what it understood).
 * Failures raise the SPEC §8 "Search Error" toast, an empty first page its "No results found".
 * `early` may hold the first page's answer already asked for (a category page's search box asks
 * before its list hydrates: ADR 091); undefined, and the page is fetched.
 */
export function useDirectorySearch(
  type?: string,
  area?: string,
  open?: 'now',
  early?: EarlySearch,
) {
  const [state, setState] = useState<SearchState>(IDLE);
  const [loading, setLoading] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const latest = useRef(0);
  const query = useRef('');

  const fetchPage = useCallback(
    (q: string, cursor?: string) =>
      (cursor === undefined ? early?.(q, { type, area, open }) : undefined) ??
      fetchSearchPage(q, { type, area, open }, cursor),
    [type, area, open, early],
  );

  const search = useCallback(
    async (text: string) => {
      const call = ++latest.current;
      query.current = text.trim();
      setLoadingMore(false);
      if (!query.current) {
        setState(IDLE);
        setLoading(false);
        return;
      }
      setLoading(true);
      const result = await fetchPage(query.current);
      if (call !== latest.current) return;
      setLoading(false);
      if (!result.ok) {
        failed();
        return;
      }
      const { businesses, total, totalIsCapped, nextCursor } = result.data;
      setState({ results: businesses, total, totalIsCapped, nextCursor, first: result.data });
      sendSearchEvent({
        q: query.current,
        type,
        area,
        // Insights' "no or few results" (issue 27.2) counts the listings that hold every word:
        // closest matches shown after "No exact match" (issue 35.6) are a search that failed.
        total: result.data.exactTotal ?? total,
        listings: businesses.map((b) => b.id),
      });
      if (businesses.length === 0) {
        toast('No results found', {
          description: 'Try different search terms or check your spelling.',
        });
      }
    },
    [fetchPage, type, area],
  );

  const loadMore = useCallback(async () => {
    const call = latest.current;
    const cursor = state.nextCursor;
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    const result = await fetchPage(query.current, cursor);
    if (call !== latest.current) return;
    setLoadingMore(false);
    if (!result.ok) {
      failed();
      return;
    }
    setState((previous) => {
      const seen = new Set(previous.results?.map((b) => b.id));
      const added = result.data.businesses.filter((b) => !seen.has(b.id));
      return {
        ...previous,
        results: [...(previous.results ?? []), ...added],
        nextCursor: result.data.nextCursor,
      };
    });
  }, [fetchPage, loadingMore, state.nextCursor]);

  return {
    results: state.results,
    total: state.total,
    totalIsCapped: state.totalIsCapped,
    query: query.current,
    answer: state.first,
    loading,
    loadingMore,
    search,
    loadMore,
    hasMore: state.nextCursor !== null,
  };
}
