import type { BusinessCardData } from '../../../common/schemas/listing';
import { BusinessList } from './BusinessList';
import {
  findItHref,
  NO_RESULTS,
  type PostedSearch,
  SEARCH_ERROR,
  type SearchUnderstood,
} from './searchState';

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
