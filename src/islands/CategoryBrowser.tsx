import type { PublicBusiness } from '../schemas/directory';
import { BusinessList } from './directory/BusinessList';
import { SearchForm } from './directory/SearchForm';
import { useDirectorySearch } from './directory/useDirectorySearch';
import { useLiveList } from './directory/useLiveList';

interface Props {
  initial: PublicBusiness[];
  typeFilter: string;
  availableHeading: string;
  loadingText: string;
  emptyText: string;
  searchPlaceholder: string;
  /** Cards open the detail dialog (not on workshops). */
  interactive: boolean;
  /** Listing websites show "{n} Listing Website(s) Available" and their own empty state. */
  variant?: 'default' | 'listings';
}

/** A category page's search box and grid (SPEC §2 Category pages). */
export default function CategoryBrowser(props: Props) {
  const { initial, typeFilter, interactive, variant = 'default' } = props;
  const businesses = useLiveList('/api/directory', { type: typeFilter }, initial);
  const { results, loading, search } = useDirectorySearch(typeFilter);
  const shown = results ?? businesses;

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
              {businesses.length} Listing Website{businesses.length === 1 ? '' : 's'} Available
            </p>
          )}
        </div>
        <div aria-live="polite">
          {loading ? (
            <p className="status-text">{props.loadingText}</p>
          ) : shown.length === 0 ? (
            <div className="empty">
              <h3>{props.emptyText}</h3>
              {variant === 'listings' && !results && (
                <a className="btn" href="/register">
                  Register Your Business
                </a>
              )}
            </div>
          ) : (
            <BusinessList businesses={shown} interactive={interactive} />
          )}
        </div>
      </section>
    </>
  );
}
