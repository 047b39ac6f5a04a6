import type { PublicBusiness } from '../../schemas/listing';
import { useDirectorySearch } from '../shared/useDirectorySearch';
import { BusinessList } from './BusinessList';

/**
 * The search state of a public page: {@link useDirectorySearch} (SPEC §2/§7, its toasts), read
 * with the paging fields of the paged search API (`total`, `totalIsCapped`, `hasMore`,
 * `loadMore`) when the hook provides them, and the loaded count otherwise.
 */
export function useSearch(type?: string, area?: string) {
  const state: ReturnType<typeof useDirectorySearch> & {
    total?: number;
    totalIsCapped?: boolean;
    hasMore?: boolean;
    loadingMore?: boolean;
    loadMore?: () => void | Promise<void>;
  } = useDirectorySearch(type, area);
  return {
    ...state,
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
  results: PublicBusiness[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore?: (() => void | Promise<void>) | undefined;
  interactive?: boolean;
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
}: Props) {
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
      {hasMore && onLoadMore && (
        <p className="view-all">
          <button
            type="button"
            className="btn btn-outline"
            disabled={loadingMore}
            onClick={() => void onLoadMore()}
          >
            {loadingMore ? 'Loading more...' : 'Load more results'}
          </button>
        </p>
      )}
    </>
  );
}
