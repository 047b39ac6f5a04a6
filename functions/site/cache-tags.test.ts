import { describe, expect, it } from 'vitest';
import { articleChangeTags, listingChangeTags, type ListingState } from './cache-tags.ts';

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
      'category-mechanic',
      'home',
      'sitemap',
    ]);
  });

  it('an edit of a plain listing: its page and its category pages only', () => {
    expect(listingChangeTags(listing(), listing())).toEqual(['listing-l1', 'category-mechanic']);
  });

  it('a category change purges the old and the new category and the home counts', () => {
    expect(listingChangeTags(listing(), listing({ category_keys: ['parts'] }))).toEqual([
      'listing-l1',
      'category-mechanic',
      'category-parts',
      'home',
    ]);
  });

  it('featured listings are on the home page and the featured pages; a new slug changes the sitemap', () => {
    expect(listingChangeTags(listing({ featured: true }), listing({ slug: 'new' }))).toEqual([
      'listing-l1',
      'category-mechanic',
      'home',
      'featured',
      'sitemap',
    ]);
  });

  it('a deletion of a public listing', () => {
    expect(listingChangeTags(listing(), undefined)).toEqual([
      'listing-l1',
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
