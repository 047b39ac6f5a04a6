import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { Icon } from '../shared/Icon';
import {
  type EarlySearch,
  fetchSearchPage,
  type SearchFilters,
} from '../shared/useDirectorySearch';

interface Props {
  placeholder: string;
  label: string;
  /**
   * Where the form posts (the page itself): before the island can answer, or without
   * JavaScript, the page renders the results (issue 22.1/22.3, ADR 031). Never a GET.
   */
  action: string;
  /**
   * Takes a submitted query ('' when the field is emptied) and, on a submit, the form; returns
   * false when it cannot, and the form then posts to `action` as it would without JavaScript.
   */
  onSearch: (query: string, form?: HTMLFormElement) => boolean | void;
  initialQuery?: string;
  /** More fields of the same form, under the box (the home page's Area). */
  children?: ReactNode;
}

/**
 * Search box: a `<form method="post">` that works before and without the island; once hydrated
 * it submits on Enter or the button without a page load, and emptying the field clears the
 * results at once.
 */
export function SearchForm({
  placeholder,
  label,
  action,
  onSearch,
  initialQuery = '',
  children,
}: Props) {
  const [query, setQuery] = useState(initialQuery);
  const field = useRef<HTMLInputElement>(null);
  // Words typed before the island hydrated are in the field, not in the state: taken at once,
  // or the next render (the home search's results list arriving, ADR 090) would put the
  // state's empty value back over them.
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed) setQuery(typed);
  }, []);
  return (
    <form
      className="search-form"
      method="post"
      action={action}
      role="search"
      onSubmit={(event) => {
        // The words in the box, not the state: words typed before the island hydrated are on
        // the screen and in the field, and reach the state only when the tap replay has run
        // (issue 34.5: a Search pressed in between searched for nothing and showed nothing).
        const field = event.currentTarget.elements.namedItem('q');
        const typed = field instanceof HTMLInputElement ? field.value : query;
        if (typed !== query) setQuery(typed);
        if (onSearch(typed, event.currentTarget) !== false) event.preventDefault();
      }}
    >
      <div className="search-box">
        <Icon name="search" size={18} className="muted" />
        <input
          ref={field}
          type="search"
          name="q"
          value={query}
          placeholder={placeholder}
          aria-label={label}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          onInput={(event) => {
            const value = event.currentTarget.value;
            setQuery(value);
            if (!value.trim()) onSearch('');
          }}
        />
        <button type="submit" className="btn">
          Search
        </button>
      </div>
      {children}
    </form>
  );
}

// The link between a category page's search box (`CategorySearch`, below, in the page header) and
// the list it fills (the `CategoryBrowser` island under the Area row; ADR 031, ADR 091). Both
// islands import this module, which the bundle holds once per page. A search sent before the list
// listens is asked of the API at once; the list shows its answer when it hydrates. Should the
// list not listen within LIST_WAIT_MS, the form posts to the page, which answers the search
// itself (no search is ever lost).
type Listener = (query: string) => void;

let listener: Listener | undefined;
let typed: string | undefined;

/** The search asked before the list listened: its words, filters and answer. */
let early: (SearchFilters & { q: string; answer: ReturnType<typeof fetchSearchPage> }) | null =
  null;

/**
 * How long a search sent before the list listens waits for it before the form posts (ms): the
 * list's files on a slow connection; it usually listens within a second on the phone profile.
 */
export const LIST_WAIT_MS = 8000;

/** The list takes the box's searches from now on; the returned function stops that. */
export function listenForSearches(take: Listener): () => void {
  listener = take;
  return () => {
    if (listener === take) listener = undefined;
  };
}

/**
 * Sends a search ('' clears it) to the list. Before the list listens, a search with words and
 * the list's `filters` is asked of the API now (the list takes the answer, {@link takeEarlySearch})
 * and `form` posts if the list has not listened after {@link LIST_WAIT_MS}. False: nothing took
 * it (the form posts now).
 */
export function sendSearch(
  query: string,
  filters?: SearchFilters,
  form?: HTMLFormElement,
): boolean {
  typed = query;
  if (listener) {
    listener(query);
    return true;
  }
  const q = query.trim();
  if (!q || !filters || !form) return false;
  early = { ...filters, q, answer: fetchSearchPage(q, filters) };
  setTimeout(() => {
    if (!listener) form.submit();
  }, LIST_WAIT_MS);
  return true;
}

/**
 * The answer to a search asked before the list listened, when it is the search the list is about
 * to ask (the same words and filters); once: a later search asks again.
 */
export const takeEarlySearch: EarlySearch = (q, filters) => {
  const asked = early;
  if (
    !asked ||
    asked.q !== q ||
    asked.type !== filters.type ||
    asked.area !== filters.area ||
    asked.open !== filters.open
  )
    return undefined;
  early = null;
  return asked.answer;
};

/** What the box held when it last changed (undefined: untouched since the page loaded). */
export function typedQuery(): string | undefined {
  return typed;
}

interface CategorySearchProps extends SearchFilters {
  placeholder: string;
  /** The page the form posts to: the category (or area) page's first page. */
  action: string;
  /** The query of a search the page answered (the form was posted). */
  initialQuery?: string | undefined;
}

/**
 * The search box in a category page's header (SPEC §2 "Header with title, tagline and search
 * box"): its searches go to the page's list (`CategoryBrowser`), asked at once even before the
 * list listens; `type`, `area` and `open` are the list's filters (ADR 031, ADR 091).
 */
export default function CategorySearch({
  placeholder,
  action,
  initialQuery,
  type,
  area,
  open,
}: CategorySearchProps) {
  return (
    <SearchForm
      placeholder={placeholder}
      label={placeholder}
      action={action}
      initialQuery={initialQuery ?? ''}
      onSearch={(query, form) => sendSearch(query, { type, area, open }, form)}
    />
  );
}
