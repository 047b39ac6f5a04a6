/**
 * The home search's results list, imported by HomeSearch.tsx when it has a search to show
 * (ADR 090). A module of its own, imported only that way: its chunk's exports are the imported
 * namespace, so the bundle needs no runtime helper to build one for a shared chunk (1.8 KB more
 * on every category page, which imports SearchResults.tsx statically).
 */
export { SearchResultList } from './SearchResults';
