import { useEffect, useState } from 'react';
import { LAGOS_AREAS } from '../../config/lagos-areas';
import { SearchForm } from './SearchForm';
import { resultCount, SearchResultList, useSearch } from './SearchResults';

/**
 * Home search (SPEC §2 Home): while results are shown, the home sections (cards, featured,
 * news; id `home-sections`) are hidden; a blank query brings them back.
 */
export default function HomeSearch() {
  // Issue 16.4: the search can be narrowed to one Lagos area (slug; '' for all of Lagos).
  const [area, setArea] = useState('');
  // Each submit is a new object, so submitting the same words again searches again.
  const [submitted, setSubmitted] = useState({ q: '' });
  const setQuery = (q: string) => setSubmitted({ q });
  const { results, loading, search, total, totalIsCapped, hasMore, loadingMore, loadMore } =
    useSearch(undefined, area || undefined);
  // A submitted query, or a new area (the search function changes with it), runs the search;
  // a blank query clears the results.
  useEffect(() => {
    void search(submitted.q);
  }, [search, submitted]);
  const searching = results !== null || loading;

  // The WebSite SearchAction of the home page's JSON-LD points at /?q=… (read after hydration).
  const [initialQuery, setInitialQuery] = useState('');
  useEffect(() => {
    const q = new URLSearchParams(window.location.search).get('q')?.trim() ?? '';
    if (q) {
      setInitialQuery(q);
      setQuery(q);
    }
  }, []);

  useEffect(() => {
    const sections = document.getElementById('home-sections');
    if (sections) sections.hidden = searching;
  }, [searching]);

  return (
    <div className="home-search">
      <SearchForm
        placeholder="Search auto repair, parts, dealers..."
        label="Search businesses"
        onSearch={setQuery}
        initialQuery={initialQuery}
        key={initialQuery}
      />
      <p className="home-area">
        <label htmlFor="home-area">Area</label>{' '}
        <select id="home-area" value={area} onChange={(e) => setArea(e.currentTarget.value)}>
          <option value="">All of Lagos</option>
          {LAGOS_AREAS.map((a) => (
            <option key={a.slug} value={a.slug}>
              {a.name}
            </option>
          ))}
        </select>
      </p>
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
