import { useEffect } from 'react';
import { BusinessList } from './directory/BusinessList';
import { SearchForm } from './directory/SearchForm';
import { useDirectorySearch } from './directory/useDirectorySearch';
import { PageToaster } from './Toasts';

/**
 * Home search (SPEC §2 Home): while results are shown, the home sections (cards, featured,
 * news; id `home-sections`) are hidden; a blank query brings them back.
 */
export default function HomeSearch() {
  const { results, loading, search } = useDirectorySearch();
  const searching = results !== null || loading;

  useEffect(() => {
    const sections = document.getElementById('home-sections');
    if (sections) sections.hidden = searching;
  }, [searching]);

  return (
    <div className="home-search">
      <SearchForm placeholder="Search auto repair, parts, dealers..." label="Search businesses" onSearch={search} />
      <div aria-live="polite">
        {loading && <p className="status-text light">Loading businesses...</p>}
        {!loading && results && (
          <section className="search-results" aria-labelledby="search-results-title">
            <h2 id="search-results-title">Search Results ({results.length})</h2>
            <BusinessList businesses={results} />
          </section>
        )}
      </div>
      <PageToaster />
    </div>
  );
}
