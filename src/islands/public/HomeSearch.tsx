import { useCallback, useEffect, useRef, useState } from 'react';
import { LAGOS_AREAS } from '../../../common/config/lagos-areas';
import { SearchForm } from './SearchForm';
import type { SearchResultList } from './SearchResults';
import { type PostedSearch, resultCount, useSearch } from './searchState';

export interface Props {
  /** The search the page answered when its form was posted (ADR 031), and that form's area. */
  posted?: PostedSearch | undefined;
  postedArea?: string | undefined;
  /** Issue 38.4: the posted form asked for the listings open now only. */
  postedOpen?: boolean | undefined;
}

/** The results' list: loaded with the island (a posted search), or once there is a search. */
type ResultList = typeof SearchResultList;

let listModule: Promise<ResultList> | undefined;
/** The results' markup and the business cards, fetched once (issue 34.5, ADR 090). */
const loadResultList = () =>
  (listModule ??= import('./resultListLoader')
    .then((m) => m.SearchResultList)
    .catch((error: unknown) => {
      // Asked again by the next search (a dropped connection on 2G).
      listModule = undefined;
      throw error;
    }));

/** How long after hydration the list is fetched when no search asked for it before (ms). */
const LIST_PREFETCH_MS = 2000;

/**
 * The results' list: asked for by the first search, after the search's own request (which would
 * otherwise wait behind the list's files for one of the six connections), or at the first idle
 * moment {@link LIST_PREFETCH_MS} after hydration, for a search typed later; asked again by each
 * search while it could not be loaded. Null until loaded. The home page's featured list imports
 * the same modules, so this costs the page no extra bytes.
 */
function useResultList(searches: number): ResultList | null {
  const [List, setList] = useState<ResultList | null>(null);
  useEffect(() => {
    if (List) return;
    let live = true;
    const take = () =>
      loadResultList().then(
        (loaded) => {
          if (live) setList(() => loaded);
        },
        () => undefined,
      );
    if (searches > 0) void take();
    const later = setTimeout(
      () => ('requestIdleCallback' in self ? requestIdleCallback(take) : take()),
      LIST_PREFETCH_MS,
    );
    return () => {
      live = false;
      clearTimeout(later);
    };
  }, [List, searches]);
  return List;
}

/**
 * Home search (SPEC §2 Home): {@link HomeSearchBody} with the results' list loaded by the first
 * search or soon after hydration (issue 34.5, ADR 090: the island hydrates on its form alone,
 * 9 files and 13 KB where it needed 18 and 23 KB). A page answering a posted search uses
 * HomeSearchPosted.tsx, which has the list from the start.
 */
export default function HomeSearch(props: Props) {
  const [searches, setSearches] = useState(0);
  const counted = useCallback(() => setSearches((n) => n + 1), []);
  return <HomeSearchBody {...props} List={useResultList(searches)} onSearched={counted} />;
}

/**
 * Home search (SPEC §2 Home): a `<form method="post">` to the home page, which answers it
 * itself before the island is ready or without JavaScript (ADR 031); once hydrated, the island
 * searches in place. While results are shown, the home sections (cards, featured, news; id
 * `home-sections`) are hidden; a blank query brings them back.
 */
export function HomeSearchBody({
  posted,
  postedArea = '',
  postedOpen = false,
  List,
  onSearched,
}: Props & {
  List: ResultList | null;
  /** Told of each search it runs (one asks for a list not loaded yet). */
  onSearched?: () => void;
}) {
  // Issue 16.4: the search can be narrowed to one Lagos area (slug; '' for all of Lagos).
  const [area, setArea] = useState(postedArea);
  // Issue 38.4: and to the listings open now (Lagos time, ADR 081).
  const [open, setOpen] = useState(postedOpen);
  // Each submit is a new object, so submitting the same words again searches again; null until
  // the first submit on this page (a posted search shows the server's results until then).
  const [submitted, setSubmitted] = useState<{ q: string } | null>(null);
  const search = useSearch(undefined, area || undefined, posted, open ? 'now' : undefined);
  const { results, loading, total, totalIsCapped, hasMore, loadingMore, loadMore } = search;
  // A submitted query runs the search in the submit's own handler (issue 34.5: run from an
  // effect, its request waited for the next frame, 0.1 s on the phone profile); a new area or
  // "Open now" (the search function changes with them) runs the submitted query again. A blank
  // query clears the results.
  const run = search.search;
  const submit = (q: string) => {
    setSubmitted({ q });
    void run(q);
    onSearched?.();
  };
  const ranWith = useRef(run);
  useEffect(() => {
    if (ranWith.current === run) return;
    ranWith.current = run;
    if (!submitted) return;
    void run(submitted.q);
    onSearched?.();
  }, [run, submitted, onSearched]);
  const searching = results !== null || loading;

  // The WebSite SearchAction of the home page's JSON-LD points at /?q=… (read after hydration).
  const [initialQuery, setInitialQuery] = useState(posted?.q ?? '');
  useEffect(() => {
    const q = new URLSearchParams(window.location.search).get('q')?.trim() ?? '';
    if (q) {
      setInitialQuery(q);
      submit(q);
    }
    // Once, at hydration: the search function of the first render.
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
        action="/"
        onSearch={submit}
        initialQuery={initialQuery}
        key={initialQuery}
      >
        <p className="home-area">
          <label htmlFor="home-area">Area</label>{' '}
          <select
            id="home-area"
            name="area"
            value={area}
            onChange={(e) => {
              setArea(e.currentTarget.value);
              // The posted search, in the newly chosen area.
              if (!submitted && search.posted) setSubmitted({ q: search.posted.q });
            }}
          >
            <option value="">All of Lagos</option>
            {LAGOS_AREAS.map((a) => (
              <option key={a.slug} value={a.slug}>
                {a.name}
              </option>
            ))}
          </select>{' '}
          <label className="home-open">
            <input
              type="checkbox"
              name="open"
              value="now"
              checked={open}
              onChange={(e) => {
                setOpen(e.currentTarget.checked);
                if (!submitted && search.posted) setSubmitted({ q: search.posted.q });
              }}
            />{' '}
            Open now
          </label>
        </p>
      </SearchForm>
      <div aria-live="polite">
        {(loading || (results && !List)) && (
          <p className="status-text light">Loading businesses...</p>
        )}
        {!loading && results && List && (
          <section className="search-results" aria-labelledby="search-results-title">
            <h2 id="search-results-title">Search Results ({resultCount(total, totalIsCapped)})</h2>
            <List
              results={results}
              hasMore={hasMore}
              loadingMore={loadingMore}
              onLoadMore={loadMore}
              posted={search.posted}
              postedFields={{ ...(area ? { area } : {}), ...(open ? { open: 'now' } : {}) }}
              understood={search.understood}
              area={area}
              onSearch={(q) => {
                setInitialQuery(q);
                submit(q);
              }}
            />
          </section>
        )}
      </div>
    </div>
  );
}
