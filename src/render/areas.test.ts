import { describe, expect, it } from 'vitest';
import { areaBySlug } from '../../common/config/lagos-areas';
import { CATEGORY_VARY_QUERY, categoryPageHref, openOfUrl, sortOfUrl } from './areas';
import { cdnCacheHeaders, secondsToQuarterHour } from '../../functions/_lib/cdn-headers';

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

describe('Open now pages (issue 38.4, ADR 081)', () => {
  const ikeja = areaBySlug('ikeja')!;

  it('links keep the area and the order, Open now last', () => {
    expect(categoryPageHref('mechanic', 1, undefined, 'recommended', 'now')).toBe(
      '/mechanic/?open=now',
    );
    expect(categoryPageHref('mechanic', 2, ikeja, 'top_rated', 'now')).toBe(
      '/mechanic/page/2/?area=ikeja&sort=top_rated&open=now',
    );
  });

  it('reads ?open=now, nothing without it, null for another value', () => {
    const at = (query: string) => openOfUrl(new URL(`https://example.com/mechanic/${query}`));
    expect(at('')).toBeUndefined();
    expect(at('?open=')).toBeUndefined();
    expect(at('?area=ikeja&open=now')).toBe('now');
    expect(at('?open=later')).toBeNull();
    expect(CATEGORY_VARY_QUERY).toContain('open');
  });

  it('lives until the next quarter hour, never served stale', () => {
    expect(secondsToQuarterHour(new Date('2026-11-23T09:00:00Z'))).toBe(900);
    expect(secondsToQuarterHour(new Date('2026-11-23T09:14:30Z'))).toBe(30);
    expect(secondsToQuarterHour(new Date('2026-11-23T09:15:01Z'))).toBe(899);
    const headers = cdnCacheHeaders(['category-mechanic'], ['open'], 30);
    expect(headers['Netlify-CDN-Cache-Control']).toBe('public, durable, s-maxage=30');
    expect(cdnCacheHeaders(['x'])['Netlify-CDN-Cache-Control']).toContain('s-maxage=86400');
  });
});
