/**
 * Cache tags of the public pages rendered on demand (ADR 011). Every cached page names the data
 * it shows in a `Cache-Tag` header; a write purges exactly the tags it changed, on Netlify's CDN
 * (`purgeCache`) and in the local server's page cache alike. Tags are short ASCII words joined
 * by hyphens (no commas or spaces: the header is a comma-separated list).
 */
export const CacheTags = {
  /** The home page: service cards with their counts, featured businesses, latest articles. */
  home: 'home',
  /** Article list, RSS feed (and the home page's latest articles, which also carries `home`). */
  articles: 'articles',
  /** The sitemap index and its files. */
  sitemap: 'sitemap',
  /** The featured businesses list pages. */
  featured: 'featured',
  /** One listing's business page and Open Graph image. */
  listing: (id: string) => `listing-${id}`,
  /** The photo files of one listing served by the API (ADR 039): purged when one is deleted. */
  photos: (listingId: string) => `photos-${listingId}`,
  /** Every page (and area variant) of one category. */
  category: (key: string) => `category-${key}`,
  /** One article page and its Open Graph image. */
  article: (id: string) => `article-${id}`,
  /**
   * Every API answer read from the whole directory (ADR 033): search, and `/api/directory`
   * lists that are not one category's. Any change of a public listing purges it.
   */
  directory: 'directory',
  /** The fair-price ranges shown on the category pages (issue 36.6): purged when one changes. */
  fairPrices: 'fair-prices',
} as const;

/** The fields of a listing that decide which public pages show it. */
export interface ListingState {
  id: string;
  status: string;
  featured: boolean;
  slug: string | null;
  category_keys: readonly string[];
  area?: string | null;
}

/**
 * The tags a change of one listing touches, from its state before and after (either may be
 * missing: created or deleted). Nothing when the listing is public neither before nor after.
 * The business page, the category pages it is or was on, the API's whole-directory answers
 * (search, lists of no one category: {@link CacheTags.directory}), and the home page, featured
 * pages and sitemap only when what they show changed (membership, featured, counts, slug).
 */
export function listingChangeTags(
  before: ListingState | undefined,
  after: ListingState | undefined,
): string[] {
  const wasPublic = before?.status === 'approved';
  const isPublic = after?.status === 'approved';
  if (!wasPublic && !isPublic) return [];
  const id = (after ?? before)!.id;
  const tags = new Set<string>([CacheTags.listing(id), CacheTags.directory]);
  for (const key of [
    ...(wasPublic ? before!.category_keys : []),
    ...(isPublic ? after!.category_keys : []),
  ]) {
    tags.add(CacheTags.category(key));
  }
  const membershipChanged =
    wasPublic !== isPublic ||
    before?.category_keys.join() !== after?.category_keys.join() ||
    before?.area !== after?.area;
  const featuredShown = (wasPublic && before!.featured) || (isPublic && after!.featured);
  // Service card counts and featured businesses are on the home page.
  if (membershipChanged || featuredShown) tags.add(CacheTags.home);
  if (featuredShown) tags.add(CacheTags.featured);
  if (wasPublic !== isPublic || before?.slug !== after?.slug) tags.add(CacheTags.sitemap);
  return [...tags];
}

/** Tags for a change of one article, published before and/or after. */
export function articleChangeTags(
  before: { id: string; published: boolean } | undefined,
  after: { id: string; published: boolean } | undefined,
): string[] {
  if (!before?.published && !after?.published) return [];
  const id = (after ?? before)!.id;
  return [CacheTags.article(id), CacheTags.articles, CacheTags.home, CacheTags.sitemap];
}

/**
 * Past this many changed listings a bulk action purges the category, home, featured and sitemap
 * tags without the business-page tags of listings that were not public before (ADR 014): those
 * pages were 404s, never cached, so their tags purge nothing.
 */
export const BULK_LISTING_TAG_LIMIT = 500;

/**
 * The union of {@link listingChangeTags} over the listings one bulk action changed: what its one
 * `ctx.invalidate` purges. Up to {@link BULK_LISTING_TAG_LIMIT} changes every tag is exact; past
 * it only listings that were public before keep their own tag (their cached pages must go).
 */
export function bulkListingChangeTags(
  changes: readonly { before: ListingState | undefined; after: ListingState | undefined }[],
): string[] {
  const coarse = changes.length > BULK_LISTING_TAG_LIMIT;
  const tags = new Set<string>();
  for (const { before, after } of changes) {
    for (const tag of listingChangeTags(before, after)) {
      if (coarse && before?.status !== 'approved' && tag.startsWith('listing-')) continue;
      tags.add(tag);
    }
  }
  return [...tags];
}
