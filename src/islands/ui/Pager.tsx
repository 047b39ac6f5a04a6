interface Props {
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  /** What the list holds, for the navigation's accessible name ("Approved pages"). */
  label: string;
}

/**
 * Numbered pages of a server-paged list: Previous, "Page 2 of 40", Next. Renders nothing when
 * everything fits on one page.
 */
export function Pager({ page, total, limit, onPage, label }: Props) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
      >
        Previous
      </button>
      <span className="small" aria-current="page">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
      >
        Next
      </button>
    </nav>
  );
}
