/**
 * The link between a category page's search box (the `CategorySearch` island in the page header)
 * and the list it fills (the `CategoryBrowser` island under the Area row; ADR 031). Both islands
 * import this module, which the bundle holds once per page. Until the list listens, the box lets
 * its form post to the page, which answers the search itself (no search is ever lost).
 */
type Listener = (query: string) => void;

let listener: Listener | undefined;
let typed: string | undefined;

/** The list takes the box's searches from now on; the returned function stops that. */
export function listenForSearches(take: Listener): () => void {
  listener = take;
  return () => {
    if (listener === take) listener = undefined;
  };
}

/** Sends a search ('' clears it) to the list: false when no list listens yet. */
export function sendSearch(query: string): boolean {
  typed = query;
  if (!listener) return false;
  listener(query);
  return true;
}

/** What the box held when it last changed (undefined: untouched since the page loaded). */
export function typedQuery(): string | undefined {
  return typed;
}
