import { useCallback, useState } from 'react';
import type { BusinessCardData } from '../../../common/schemas/listing';
import { useDirectorySearch } from '../shared/useDirectorySearch';
import { BusinessList } from './BusinessList';

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
export function useSearch(type?: string, area?: string, posted?: PostedSearch) {
  const state: ReturnType<typeof useDirectorySearch> & {
    total?: number;
    totalIsCapped?: boolean;
    hasMore?: boolean;
    loadingMore?: boolean;
    loadMore?: () => void | Promise<void>;
  } = useDirectorySearch(type, area);
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
      hasMore: false,
      loadingMore: false,
      loadMore: undefined,
    };
  }
  return {
    ...state,
    search,
    posted: undefined,
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

interface Props {
  results: BusinessCardData[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore?: (() => void | Promise<void>) | undefined;
  interactive?: boolean;
  /**
   * A search the server answered: its next page is a form posted to this page (`q`, `cursor`
   * and these extra fields, e.g. the home page's `area`), which works with or without JavaScript.
   */
  posted?: PostedSearch | undefined;
  postedFields?: Record<string, string> | undefined;
}

/**
 * The grid of search results with the no-results message and a "Load more results" button
 * while the API has further pages.
 */
export function SearchResultList({
  results,
  hasMore,
  loadingMore,
  onLoadMore,
  interactive = true,
  posted,
  postedFields = {},
}: Props) {
  if (posted?.failed) {
    return (
      <div className="empty">
        <h3>{SEARCH_ERROR.title}</h3>
        <p className="muted">{SEARCH_ERROR.text}</p>
      </div>
    );
  }
  if (results.length === 0) {
    return (
      <div className="empty">
        <h3>{NO_RESULTS.title}</h3>
        <p className="muted">{NO_RESULTS.text}</p>
      </div>
    );
  }
  return (
    <>
      <BusinessList businesses={results} interactive={interactive} />
      {posted?.nextCursor ? (
        <form className="view-all" method="post">
          <input type="hidden" name="q" value={posted.q} />
          <input type="hidden" name="cursor" value={posted.nextCursor} />
          {Object.entries(postedFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="btn btn-outline">
            Load more results
          </button>
        </form>
      ) : (
        hasMore && onLoadMore && <LoadMoreButton loading={loadingMore} onPress={onLoadMore} />
      )}
    </>
  );
}

/** "Load more results" under a list the API pages by cursor (search, near me). */
export function LoadMoreButton({
  loading,
  onPress,
}: {
  loading: boolean;
  onPress: () => void | Promise<void>;
}) {
  return (
    <p className="view-all">
      <button
        type="button"
        className="btn btn-outline"
        disabled={loading}
        onClick={() => void onPress()}
      >
        {loading ? 'Loading more...' : 'Load more results'}
      </button>
    </p>
  );
}
