import { useEffect } from 'react';
import type { CategoryPageKey } from '../../schemas/categories';
import type { BusinessCardData } from '../../schemas/listing';
import { BusinessList } from './BusinessList';
import { publishMapPoints } from './mapPoints';
import { SearchForm } from './SearchForm';
import { SearchResultList, useSearch } from './SearchResults';
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
  searchPlaceholder: string;
  /** Cards open the detail dialog (not on workshops). */
  interactive: boolean;
  /** Listing websites show "{n} Listing Website(s) Available" and their own empty state. */
  variant?: 'default' | 'listings';
  /** Area page (issue 16.4): the area's slug; the live refresh and the search stay inside it. */
  area?: string | undefined;
}

/** Id of the page links under the grid, hidden while search results replace the grid. */
const PAGINATION_ID = 'category-pagination';

/** A category page's search box and one page of its grid (SPEC §2 Category pages, ADR 011). */
export default function CategoryBrowser(props: Props) {
  const { interactive, variant = 'default' } = props;
  const live = useLiveList(
    '/api/directory',
    { category: props.category, area: props.area, page: props.page, limit: props.pageSize },
    props.initial,
    props.total,
  );
  const { results, loading, search, hasMore, loadingMore, loadMore } = useSearch(
    props.typeFilter,
    props.area,
  );
  const searching = results !== null || loading;

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
      <div className="category-search">
        <div className="container">
          <SearchForm
            placeholder={props.searchPlaceholder}
            label={props.searchPlaceholder}
            onSearch={search}
          />
        </div>
      </div>
      <section className="section container" id="listings" aria-labelledby="listings-title">
        <div className="section-head">
          <h2 id="listings-title">{results ? 'Search Results' : props.availableHeading}</h2>
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
