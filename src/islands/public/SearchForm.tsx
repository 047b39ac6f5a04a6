import { type ReactNode, useState } from 'react';
import { Icon } from './Icon';

interface Props {
  placeholder: string;
  label: string;
  /**
   * Where the form posts (the page itself): before the island can answer, or without
   * JavaScript, the page renders the results (issue 22.1/22.3, ADR 031). Never a GET.
   */
  action: string;
  /**
   * Takes a submitted query ('' when the field is emptied); returns false when it cannot, and
   * the form then posts to `action` as it would without JavaScript.
   */
  onSearch: (query: string) => boolean | void;
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
  return (
    <form
      className="search-form"
      method="post"
      action={action}
      role="search"
      onSubmit={(event) => {
        if (onSearch(query) !== false) event.preventDefault();
      }}
    >
      <div className="search-box">
        <Icon name="search" size={18} className="muted" />
        <input
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
