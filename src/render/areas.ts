/**
 * Area pages of the category pages (issue 16.4, ADR 020): `/mechanic/?area=ikeja` and its
 * numbered pages `/mechanic/page/2/?area=ikeja`, rendered on demand and cached under the
 * category's tag like the category pages (ADR 011), keyed by the `area` parameter only.
 */
import { CacheTags } from '../../functions/site/cache-tags';
import { areaBySlug, type LagosArea } from '../../common/config/lagos-areas';
import { CATEGORY_PAGES, type CategoryPageKey } from '../../common/schemas/categories';
import type { PublicBusiness } from '../../common/schemas/listing';
import {
  CATEGORY_SORTS,
  OPEN_FILTERS,
  type CategorySort,
  type OpenFilter,
} from '../../common/schemas/directory';
import { secondsToQuarterHour } from '../../functions/_lib/cdn-headers';
import { cachePublicPage } from './cache';
import { businessPath } from './seo';

/**
 * The query parameters that change a category page (others share its cache entry): the area,
 * the order (issue 24.5), Open now (issue 38.4), and the roadside screen's place and car make
 * (`near`, `make`: issue 38.1, breakdown pages only).
 */
export const CATEGORY_VARY_QUERY = ['area', 'sort', 'open', 'near', 'make'] as const;

/** What a category or area page says when nothing is open now (issue 38.4). */
export const OPEN_NOW_EMPTY = 'Nothing open right now';

/**
 * The `open` filter a page URL asks for (issue 38.4): undefined without `?open=`, null for a
 * value other than `now` (the page answers 404, as for an area).
 */
export function openOfUrl(url: URL): OpenFilter | null | undefined {
  const value = url.searchParams.get('open');
  if (value === null || value === '') return undefined;
  return (OPEN_FILTERS as readonly string[]).includes(value) ? (value as OpenFilter) : null;
}

/**
 * The order a category page URL asks for (issue 24.5): `recommended` without `?sort=`, null for
 * an order that is not one of {@link CATEGORY_SORTS} (the page answers 404, as for an area).
 */
export function sortOfUrl(url: URL): CategorySort | null {
  const value = url.searchParams.get('sort');
  if (value === null || value === '') return 'recommended';
  return (CATEGORY_SORTS as readonly string[]).includes(value) ? (value as CategorySort) : null;
}

/**
 * The area a category page URL asks for: undefined without `?area=`, null for an area that is
 * not on the shipped list or not written as its slug (the page answers 404 then: one URL per
 * page, never a duplicate under another spelling).
 */
export function areaOfUrl(url: URL): LagosArea | null | undefined {
  const slug = url.searchParams.get('area');
  // "All of Lagos" in the area form submits `?area=`: the category page itself.
  if (slug === null || slug === '') return undefined;
  const area = areaBySlug(slug);
  return area && area.slug === slug ? area : null;
}

/**
 * Sets the cache headers of a category page or one of its area pages. Area pages carry the
 * category's tag: every change of a listing on the category (its area included) purges them.
 * With Open now the page lives until the next quarter hour only (ADR 081).
 */
export function cacheCategoryPage(
  headers: Headers,
  key: CategoryPageKey,
  open?: OpenFilter,
  now?: Date,
): void {
  // Its fair prices (issue 36.6) are purged apart from its listings.
  cachePublicPage(headers, [CacheTags.category(key), CacheTags.fairPrices], {
    varyQuery: CATEGORY_VARY_QUERY,
    // Open now is right until the next quarter hour at most (ADR 081).
    maxAgeS: open ? secondsToQuarterHour(now) : undefined,
  });
}

/**
 * Path of page `n` of a category page, or of its area page when `area` is given, in `sort` order
 * (`?sort=top_rated`; the Recommended order has no parameter), open now only with `open`
 * (`?open=now`, issue 38.4).
 */
export function categoryPageHref(
  key: CategoryPageKey,
  n: number,
  area?: LagosArea,
  sort: CategorySort = 'recommended',
  open?: OpenFilter,
): string {
  const base = CATEGORY_PAGES[key].path;
  const path = n === 1 ? `${base}/` : `${base}/page/${n}/`;
  const query = [
    ...(area ? [`area=${area.slug}`] : []),
    ...(sort !== 'recommended' ? [`sort=${sort}`] : []),
    ...(open ? [`open=${open}`] : []),
  ];
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** "Mechanics in Ikeja". */
export function areaPageTitle(key: CategoryPageKey, area: LagosArea): string {
  return `${CATEGORY_PAGES[key].title} in ${area.name}`;
}

/**
 * The description of an area page: its count and what the category offers, e.g. "Mechanics in
 * Ikeja, Lagos: 30 listings. …" (a count noun, since category titles like "Body Work & Paint"
 * are not one).
 */
export function areaPageDescription(key: CategoryPageKey, area: LagosArea, total: number): string {
  const config = CATEGORY_PAGES[key];
  const where = area.kind === 'lga' ? `${area.name}, Lagos` : `${area.name} (${area.lga}), Lagos`;
  const count = `${total.toLocaleString('en-US')} ${total === 1 ? 'listing' : 'listings'}`;
  return `${config.title} in ${where}: ${count}. ${config.tagline}`;
}

/**
 * schema.org ItemList of the listings one page shows, in page order, positions counted from
 * the first listing of page 1 (`offset` rows before this page).
 */
export function itemListJsonLd(
  name: string,
  url: string,
  site: URL,
  businesses: readonly Pick<PublicBusiness, 'business_name' | 'slug' | 'id'>[],
  offset: number,
  total: number,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    url,
    numberOfItems: total,
    itemListOrder: 'https://schema.org/ItemListUnordered',
    itemListElement: businesses.map((business, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      name: business.business_name,
      url: new URL(businessPath(business), site).toString(),
    })),
  };
}
