import { HomeSearchBody, type Props } from './HomeSearch';
import { SearchResultList } from './SearchResults';

/**
 * The home search of a page that answers a posted search (ADR 031): the server rendered its
 * results, so the island hydrates with the results' list already in hand (HomeSearch.tsx loads
 * it later otherwise; issue 34.5, ADR 090).
 */
export default function HomeSearchPosted(props: Props) {
  return <HomeSearchBody {...props} List={SearchResultList} />;
}
