import { Icon } from '../shared/Icon';
import { useState } from 'react';

interface Props {
  placeholder: string;
  label: string;
  onSearch: (query: string) => void;
  initialQuery?: string;
}

/** Search box: submits on Enter or the button; emptying the field clears the results at once. */
export function SearchForm({ placeholder, label, onSearch, initialQuery = '' }: Props) {
  const [query, setQuery] = useState(initialQuery);
  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(query);
      }}
    >
      <Icon name="search" size={18} className="muted" />
      <input
        type="search"
        name="q"
        value={query}
        placeholder={placeholder}
        aria-label={label}
        autoComplete="off"
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
    </form>
  );
}
