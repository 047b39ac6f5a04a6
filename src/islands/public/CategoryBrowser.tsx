import { useEffect } from 'react';
import type { CategoryPageKey } from '../../../common/schemas/categories';
import type { CategorySort, OpenFilter } from '../../../common/schemas/directory';
import type { BusinessCardData } from '../../../common/schemas/listing';
import { BusinessList } from './BusinessList';
import { publishMapPoints } from './mapPoints';
import { SearchResultList } from './SearchResults';
import { type PostedSearch, resultCount, useSearch } from './searchState';
import { listenForSearches, takeEarlySearch, typedQuery } from './SearchForm';
import { useLiveList } from './useLiveList';

interface Props {
  /** The cards of this page, as the server rendered them. */
  initial: BusinessCardData[];
  /** Listings in the whole category (all pages). */
  total: number;
  /** This page's number (1-based) and size: the live refresh re-reads exactly this page. */
  page: number;
  pageSize: number;
  category: CategoryPageKey;
  typeFilter: string;
  availableHeading: string;
  loadingText: string;
  emptyText: string;
  /** Cards open the detail dialog (not on workshops). */
  interactive: boolean;
  /** Listing websites show "{n} Listing Website(s) Available" and their own empty state. */
  variant?: 'default' | 'listings';
  /** Area page (issue 16.4): the area's slug; the live refresh and the search stay inside it. */
  area?: string | undefined;
  /** The search the page answered when its search form was posted (ADR 031). */
  posted?: PostedSearch | undefined;
  /** Issue 24.5: the page's order; the live refresh re-reads the page in the same order. */
  sort?: CategorySort | undefined;
  /** Issue 38.4: open now only; the live refresh asks again at each read (ADR 081). */
  open?: OpenFilter | undefined;
}

/** Id of the page links under the grid, hidden while search results replace the grid. */
const PAGINATION_ID = 'category-pagination';

/**
 * One page of a category page's grid, or the results of the search box in the page header
 * (`CategorySearch`, which sends its searches here once this listens; SPEC §2 Category pages,
 * ADR 011, ADR 031).
 */
export default function CategoryBrowser(props: Props) {
  const { interactive, variant = 'default' } = props;
  const live = useLiveList(
    '/api/directory',
    {
      category: props.category,
      area: props.area,
      page: props.page,
      limit: props.pageSize,
      sort: props.sort === 'recommended' ? undefined : props.sort,
      open: props.open,
    },
    props.initial,
    props.total,
  );
  const {
    results,
    loading,
    search,
    hasMore,
    loadingMore,
    loadMore,
    total,
    totalIsCapped,
    posted,
    understood,
  } = useSearch(props.typeFilter, props.area, props.posted, props.open, takeEarlySearch);
  const searching = results !== null || loading;

  useEffect(() => {
    // A search box emptied (or changed and sent) before this listened: do what it asked.
    const typed = typedQuery();
    if (typed !== undefined && typed.trim() !== (props.posted?.q.trim() ?? '')) void search(typed);
    return listenForSearches((query) => void search(query));
  }, [search]);

  useEffect(() => {
    const pagination = document.getElementById(PAGINATION_ID);
    if (pagination) pagination.hidden = searching;
  }, [searching]);

  // The Map view shows what the list shows: the search results, else this page (ADR 021).
  const shown = results ?? live.businesses;
  useEffect(() => {
    if (!loading) publishMapPoints(shown);
  }, [shown, loading]);

  return (
    <>
      <section className="section container" id="listings" aria-labelledby="listings-title">
        <div className="section-head">
          <h2 id="listings-title">
            {results
              ? `Search Results (${resultCount(total, totalIsCapped)})`
              : props.availableHeading}
          </h2>
          {variant === 'listings' && !results && (
            <p className="muted">
              {live.total} Listing Website{live.total === 1 ? '' : 's'} Available
            </p>
          )}
        </div>
        <div aria-live="polite">
          {loading ? (
            <p className="status-text">{props.loadingText}</p>
          ) : results ? (
            // A search with no match says so; the category's own empty text is for an empty
            // category (issue 13.4: "No Listing Websites Yet" after a search was wrong).
            <SearchResultList
              results={results}
              hasMore={hasMore}
              loadingMore={loadingMore}
              onLoadMore={loadMore}
              interactive={interactive}
              posted={posted}
              understood={understood}
              area={props.area}
            />
          ) : live.businesses.length === 0 ? (
            <div className="empty">
              <h3>{props.emptyText}</h3>
              {variant === 'listings' && (
                <a className="btn" href="/register">
                  Register Your Business
                </a>
              )}
            </div>
          ) : (
            <BusinessList businesses={live.businesses} interactive={interactive} />
          )}
        </div>
      </section>
    </>
  );
}
