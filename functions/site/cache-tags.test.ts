import { describe, expect, it } from 'vitest';
import {
  articleChangeTags,
  BULK_LISTING_TAG_LIMIT,
  bulkListingChangeTags,
  listingChangeTags,
  type ListingState,
} from './cache-tags.ts';

const listing = (over: Partial<ListingState> = {}): ListingState => ({
  id: 'l1',
  status: 'approved',
  featured: false,
  slug: 'ikeja-motors',
  category_keys: ['mechanic'],
  area: 'Ikeja',
  ...over,
});

describe('listingChangeTags (ADR 011)', () => {
  it('touches nothing while a listing is not public before or after', () => {
    expect(
      listingChangeTags(listing({ status: 'pending' }), listing({ status: 'rejected' })),
    ).toEqual([]);
  });

  it('an approval: the business page, its categories, the home counts and the sitemap', () => {
    expect(listingChangeTags(listing({ status: 'pending' }), listing())).toEqual([
      'listing-l1',
      'directory',
      'category-mechanic',
      'home',
      'sitemap',
    ]);
  });

  it('an edit of a plain listing: its page, its category pages and the API reads of the whole directory only', () => {
    expect(listingChangeTags(listing(), listing())).toEqual([
      'listing-l1',
      'directory',
      'category-mechanic',
    ]);
  });

  it('a category change purges the old and the new category and the home counts', () => {
    expect(listingChangeTags(listing(), listing({ category_keys: ['parts'] }))).toEqual([
      'listing-l1',
      'directory',
      'category-mechanic',
      'category-parts',
      'home',
    ]);
  });

  it('featured listings are on the home page and the featured pages; a new slug changes the sitemap', () => {
    expect(listingChangeTags(listing({ featured: true }), listing({ slug: 'new' }))).toEqual([
      'listing-l1',
      'directory',
      'category-mechanic',
      'home',
      'featured',
      'sitemap',
    ]);
  });

  it('a deletion of a public listing', () => {
    expect(listingChangeTags(listing(), undefined)).toEqual([
      'listing-l1',
      'directory',
      'category-mechanic',
      'home',
      'sitemap',
    ]);
  });
});

describe('articleChangeTags', () => {
  it('drafts purge nothing; a published article purges its page, the lists and the sitemap', () => {
    expect(articleChangeTags({ id: 'a', published: false }, { id: 'a', published: false })).toEqual(
      [],
    );
    expect(articleChangeTags(undefined, { id: 'a', published: true })).toEqual([
      'article-a',
      'articles',
      'home',
      'sitemap',
    ]);
  });
});

describe('bulkListingChangeTags (ADR 014)', () => {
  const approvals = (n: number, key = 'mechanic') =>
    Array.from({ length: n }, (_, i) => ({
      before: listing({ id: `p${i}`, status: 'pending', category_keys: [key] }),
      after: listing({ id: `p${i}`, category_keys: [key] }),
    }));

  it("is the union of every listing's tags, each once, up to the limit", () => {
    const tags = bulkListingChangeTags([
      ...approvals(2),
      ...approvals(1, 'parts').map((c) => ({
        before: { ...c.before, id: 'x' },
        after: { ...c.after!, id: 'x' },
      })),
    ]);
    expect(tags.sort()).toEqual(
      [
        'listing-p0',
        'listing-p1',
        'listing-x',
        'directory',
        'category-mechanic',
        'category-parts',
        'home',
        'sitemap',
      ].sort(),
    );
  });

  it('past the limit drops the page tags of listings that were not public (never cached)', () => {
    const tags = bulkListingChangeTags(approvals(BULK_LISTING_TAG_LIMIT + 1));
    expect(tags.sort()).toEqual(['category-mechanic', 'directory', 'home', 'sitemap']);
    expect(bulkListingChangeTags(approvals(BULK_LISTING_TAG_LIMIT))).toHaveLength(
      BULK_LISTING_TAG_LIMIT + 4,
    );
  });

  it('past the limit keeps the page tag of every listing that leaves the directory', () => {
    const leaving = Array.from({ length: BULK_LISTING_TAG_LIMIT + 1 }, (_, i) => ({
      before: listing({ id: `a${i}` }),
      after: undefined,
    }));
    const tags = bulkListingChangeTags(leaving);
    expect(tags.filter((t) => t.startsWith('listing-'))).toHaveLength(BULK_LISTING_TAG_LIMIT + 1);
    expect(tags).toEqual(
      expect.arrayContaining(['category-mechanic', 'directory', 'home', 'sitemap']),
    );
  });
});
