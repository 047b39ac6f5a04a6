import { SearchForm } from './SearchForm';
import { sendSearch } from './searchLink';

interface Props {
  placeholder: string;
  /** The page the form posts to: the category (or area) page's first page. */
  action: string;
  /** The query of a search the page answered (the form was posted). */
  initialQuery?: string | undefined;
}

/**
 * The search box in a category page's header (SPEC §2 "Header with title, tagline and search
 * box"): its searches go to the page's list (`CategoryBrowser`) once that listens, and post to
 * the page before then (ADR 031).
 */
export default function CategorySearch({ placeholder, action, initialQuery }: Props) {
  return (
    <SearchForm
      placeholder={placeholder}
      label={placeholder}
      action={action}
      initialQuery={initialQuery ?? ''}
      onSearch={sendSearch}
    />
  );
}
