import { useEffect, useState } from 'react';
import { SearchForm } from './SearchForm';
import { resultCount, SearchResultList, useSearch } from './SearchResults';

/**
 * Home search (SPEC §2 Home): while results are shown, the home sections (cards, featured,
 * news; id `home-sections`) are hidden; a blank query brings them back.
 */
export default function HomeSearch() {
  const { results, loading, search, total, totalIsCapped, hasMore, loadingMore, loadMore } =
    useSearch();
  const searching = results !== null || loading;

  // The WebSite SearchAction of the home page's JSON-LD points at /?q=… (read after hydration).
  const [initialQuery, setInitialQuery] = useState('');
  useEffect(() => {
    const q = new URLSearchParams(window.location.search).get('q')?.trim() ?? '';
    if (q) {
      setInitialQuery(q);
      void search(q);
    }
  }, [search]);

  useEffect(() => {
    const sections = document.getElementById('home-sections');
    if (sections) sections.hidden = searching;
  }, [searching]);

  return (
    <div className="home-search">
      <SearchForm
        placeholder="Search auto repair, parts, dealers..."
        label="Search businesses"
        onSearch={search}
        initialQuery={initialQuery}
        key={initialQuery}
      />
      <div aria-live="polite">
        {loading && <p className="status-text light">Loading businesses...</p>}
        {!loading && results && (
          <section className="search-results" aria-labelledby="search-results-title">
            <h2 id="search-results-title">Search Results ({resultCount(total, totalIsCapped)})</h2>
            <SearchResultList
              results={results}
              hasMore={hasMore}
              loadingMore={loadingMore}
              onLoadMore={loadMore}
            />
          </section>
        )}
      </div>
    </div>
  );
}
