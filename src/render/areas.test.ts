import { describe, expect, it } from 'vitest';
import { areaBySlug } from '../../common/config/lagos-areas';
import { CATEGORY_VARY_QUERY, categoryPageHref, sortOfUrl } from './areas';

describe('category page orders (issue 24.5)', () => {
  const ikeja = areaBySlug('ikeja')!;

  it('links each order, the area kept, Recommended without a parameter', () => {
    expect(categoryPageHref('mechanic', 1)).toBe('/mechanic/');
    expect(categoryPageHref('mechanic', 1, undefined, 'recommended')).toBe('/mechanic/');
    expect(categoryPageHref('mechanic', 2, undefined, 'top_rated')).toBe(
      '/mechanic/page/2/?sort=top_rated',
    );
    expect(categoryPageHref('mechanic', 1, ikeja, 'most_reviewed')).toBe(
      '/mechanic/?area=ikeja&sort=most_reviewed',
    );
    expect(categoryPageHref('mechanic', 3, ikeja)).toBe('/mechanic/page/3/?area=ikeja');
  });

  it('reads the order of a URL: recommended by default, null for an unknown one', () => {
    const at = (query: string) => sortOfUrl(new URL(`https://example.com/mechanic/${query}`));
    expect(at('')).toBe('recommended');
    expect(at('?sort=')).toBe('recommended');
    expect(at('?sort=top_rated')).toBe('top_rated');
    expect(at('?area=ikeja&sort=most_reviewed')).toBe('most_reviewed');
    expect(at('?sort=cheapest')).toBeNull();
    expect(at('?sort=TOP_RATED')).toBeNull();
  });

  it('the page cache varies on the order', () => {
    expect(CATEGORY_VARY_QUERY).toContain('sort');
  });
});
