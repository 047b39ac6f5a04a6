import { useCallback, useState } from 'react';
import type { BusinessCardData } from '../../../common/schemas/listing';
import { useDirectorySearch } from '../shared/useDirectorySearch';
import type { DirectorySearchResponse } from '../../../common/schemas/search';
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
export function useSearch(type?: string, area?: string, posted?: PostedSearch, open?: 'now') {
  const state: ReturnType<typeof useDirectorySearch> & {
    total?: number;
    totalIsCapped?: boolean;
    query?: string;
    answer?: DirectorySearchResponse | undefined;
    hasMore?: boolean;
    loadingMore?: boolean;
    loadMore?: () => void | Promise<void>;
  } = useDirectorySearch(type, area, open);
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

/** `'a', 'b'`: words quoted as the search notes quote them. */
const quoted = (words: readonly string[]) => words.map((w) => `'${w}'`).join(', ');

/**
 * The search notes of issue 35 above the results, the same with and without JavaScript:
 * "Showing results for mechanic" (35.3); "No exact match for '…'. Showing the closest matches,
 * without '…'." (35.6); the area the query named, with a form that searches the same words
 * without it (35.4): posted to the page (no JavaScript), or handed to `onSearch`.
 */
function SearchNotes({
  understood,
  hiddenFields,
  onSearch,
}: {
  understood: SearchUnderstood;
  hiddenFields: Record<string, string>;
  onSearch?: ((query: string) => void) | undefined;
}) {
  const { q, exactTotal, missingWords, showingResultsFor, queryArea } = understood;
  const without = queryArea?.without;
  return (
    <div className="search-notes">
      {showingResultsFor && (
        <p>
          Showing results for <strong>{showingResultsFor}</strong>
        </p>
      )}
      {exactTotal === 0 && (
        <p>
          No exact match for '{q}'. Showing the closest matches
          {missingWords.length > 0 ? `, without ${quoted(missingWords)}` : ''}.
        </p>
      )}
      {queryArea && (
        <form
          method="post"
          onSubmit={(event) => {
            if (onSearch && without) {
              event.preventDefault();
              onSearch(without);
            }
          }}
        >
          {/* An area that is the whole query is the area filter (ADR 088): its listings only. */}
          {without ? (
            <>
              In <strong>{queryArea.name}</strong> and nearby areas first.{' '}
            </>
          ) : (
            <>
              Businesses in <strong>{queryArea.name}</strong>.
            </>
          )}
          {without && (
            <>
              <input type="hidden" name="q" value={without} />
              {Object.entries(hiddenFields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="btn-link">
                Search all of Lagos
              </button>
            </>
          )}
        </form>
      )}
    </div>
  );
}

/**
 * Find It with the search already filled in (issue 35.6): `/find-it/?q=…&area=<slug>`. The
 * query and the area are not personal; the page fills the request's fields from them.
 */
export function findItHref(q: string, area?: string): string {
  const query = new URLSearchParams({ q });
  if (area) query.set('area', area);
  return `/find-it/?${query}`;
}

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
  /** What the search understood (issue 35): its notes above the results. */
  understood?: SearchUnderstood | undefined;
  /** Searches other words in place (the island); without it the notes' forms post. */
  onSearch?: ((query: string) => void) | undefined;
  /** The area (slug) the search was limited to, for Find It's area. */
  area?: string | undefined;
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
  understood,
  onSearch,
  area,
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
        {understood && (
          <p>
            Can't find it? Tell us what your car needs and businesses will contact you.{' '}
            <a className="btn" href={findItHref(understood.q, area || understood.queryArea?.slug)}>
              Use Find It
            </a>
          </p>
        )}
      </div>
    );
  }
  return (
    <>
      {understood && (
        <SearchNotes understood={understood} hiddenFields={postedFields} onSearch={onSearch} />
      )}
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
