import { SITE } from '../../common/config/site';
import type { Photo } from '../../common/schemas/photos';
import type { ReviewListResponse } from '../../common/schemas/reviews';
import type { PublicArticle } from '../../common/schemas/articles';
import { CATEGORY_PAGES, type CategoryPage } from '../../common/schemas/categories';
import {
  locationLine,
  matchesTypeFilter,
  type PublicBusiness,
} from '../../common/schemas/directory';
import { safeWebUrl } from '../../common/schemas/url';
import { DAY_KEYS, parseRange, SCHEMA_DAYS, type OpeningHours } from '../browser/hours';

/**
 * Structured data (schema.org JSON-LD) and page metadata built from the public view only, so
 * protected contact details can never reach it (DESIGN.md "Contact protection").
 */

/** Category → the AutomotiveBusiness subtype (https://schema.org/AutomotiveBusiness). */
const SCHEMA_TYPE_BY_CATEGORY: Record<string, string> = {
  'Mechanic / Repair Services': 'AutoRepair',
  'Auto Electrical': 'AutoRepair',
  'Air Conditioning Repair': 'AutoRepair',
  'Auto Parts & Accessories': 'AutoPartsStore',
  'Tyre Services': 'AutoPartsStore',
  'Car Dealership / Sales': 'AutoDealer',
  'Body Work & Paint': 'AutoBodyShop',
  'Windscreen / Glass - Repair / Replacement': 'AutoBodyShop',
  'Car Wash & Detailing': 'AutoWash',
  'Car Rental': 'AutoRental',
};

export function schemaTypeFor(businessType: string): string {
  return SCHEMA_TYPE_BY_CATEGORY[businessType] ?? 'AutomotiveBusiness';
}

/** The category page a listing belongs to (for breadcrumbs), in the order of the main navigation. */
export function categoryPageFor(
  business: Pick<PublicBusiness, 'business_type' | 'services' | 'tags'>,
): CategoryPage | null {
  const order = [
    CATEGORY_PAGES.mechanic,
    CATEGORY_PAGES.parts,
    CATEGORY_PAGES.dealers,
    CATEGORY_PAGES.bodywork,
    CATEGORY_PAGES.breakdown,
    CATEGORY_PAGES.listings,
    CATEGORY_PAGES.workshops,
  ];
  return order.find((page) => matchesTypeFilter(business, page.typeFilter)) ?? null;
}

export function businessPath(business: Pick<PublicBusiness, 'slug' | 'id'>): string {
  return `/business/${business.slug ?? business.id}/`;
}

/**
 * A business page's Open Graph (and Twitter, JSON-LD) image, a path on this site (issue 26.4,
 * ADR 043): the largest JPEG (1,280 px wide, or the photo's own width if smaller) of its cover,
 * the first live photo of kind `cover` in gallery order, when it has one; else the image made
 * for it (`/og/business/<slug>.png`, 1200 × 630). JPEG because every link preview reads it.
 */
export function businessOgImage(
  business: Pick<PublicBusiness, 'slug' | 'id'>,
  photos: readonly Pick<Photo, 'kind' | 'variants'>[],
): string {
  const cover = photos.find((photo) => photo.kind === 'cover');
  const jpeg = cover?.variants.filter((v) => v.format === 'jpeg').at(-1);
  return jpeg?.url ?? `/og/business/${business.slug ?? business.id}.png`;
}

export function openingHoursSpecification(hours: OpeningHours | null) {
  if (!hours) return undefined;
  const specs = DAY_KEYS.flatMap((day) => {
    const range = hours[day] ? parseRange(hours[day]!) : null;
    if (!range) return [];
    const [opens, closes] = hours[day]!.split('-');
    return [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: SCHEMA_DAYS[day],
        opens,
        closes: closes === '24:00' ? '23:59' : closes,
      },
    ];
  });
  return specs.length > 0 ? specs : undefined;
}

/** LocalBusiness JSON-LD. Telephone, street address and geo only for public listings; no AggregateRating. */
/**
 * schema.org `AggregateRating` and `Review` items of a business page (issue 24.7): the motorists'
 * published reviews only (we are a third party, so Google allows them); never the admin's own
 * `star_rating`. Google's required properties: AggregateRating `ratingValue` and `ratingCount` or
 * `reviewCount`; Review `author.name` and `reviewRating.ratingValue` (the item reviewed is the
 * LocalBusiness they are nested in). Empty without reviews.
 */
export function reviewsJsonLd(
  reviews: Pick<ReviewListResponse, 'summary' | 'reviews'> | undefined,
) {
  if (!reviews || reviews.summary.count === 0 || reviews.summary.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    ...(reviews.reviews.length > 0
      ? {
          review: reviews.reviews.map((review) => ({
            '@type': 'Review',
            name: review.title,
            reviewBody: review.body,
            datePublished: review.created_at.slice(0, 10),
            author: { '@type': 'Person', name: review.author_name },
            reviewRating: {
              '@type': 'Rating',
              ratingValue: review.rating,
              bestRating: 5,
              worstRating: 1,
            },
          })),
        }
      : {}),
  };
}

/**
 * The business page's LocalBusiness JSON-LD; with `reviews` (the first page of the Reviews
 * section) its AggregateRating and Review items ({@link reviewsJsonLd}).
 */
export function businessJsonLd(
  business: PublicBusiness,
  url: string,
  image?: string,
  reviews?: Pick<ReviewListResponse, 'summary' | 'reviews'>,
) {
  const isPublic = !business.contact_protected;
  return {
    '@context': 'https://schema.org',
    '@type': schemaTypeFor(business.business_type),
    '@id': url,
    name: business.business_name,
    url,
    ...(business.description ? { description: business.description } : {}),
    ...(image ? { image } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(isPublic && business.address ? { streetAddress: business.address } : {}),
      ...(business.city ? { addressLocality: business.city } : {}),
      addressRegion: 'Lagos',
      addressCountry: 'NG',
    },
    ...(isPublic && business.phone ? { telephone: business.phone } : {}),
    ...(isPublic && business.latitude !== null && business.longitude !== null
      ? {
          geo: {
            '@type': 'GeoCoordinates',
            latitude: business.latitude,
            longitude: business.longitude,
          },
        }
      : {}),
    ...(safeWebUrl(business.website) ? { sameAs: [safeWebUrl(business.website)] } : {}),
    ...(openingHoursSpecification(business.opening_hours as OpeningHours | null)
      ? {
          openingHoursSpecification: openingHoursSpecification(
            business.opening_hours as OpeningHours | null,
          ),
        }
      : {}),
    ...reviewsJsonLd(reviews),
  };
}

export function breadcrumbJsonLd(items: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

export function articleJsonLd(article: PublicArticle, url: string, site: URL, image?: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    ...(article.excerpt ? { description: article.excerpt } : {}),
    datePublished: article.created_at,
    dateModified: article.updated_at,
    author: { '@type': 'Person', name: article.author ?? SITE.name },
    publisher: {
      '@type': 'Organization',
      name: SITE.name,
      logo: { '@type': 'ImageObject', url: new URL('/images/logo.png', site).toString() },
    },
    mainEntityOfPage: url,
    articleSection: article.category,
    ...(image ? { image } : {}),
  };
}

export function homeJsonLd(site: URL) {
  const home = new URL('/', site).toString();
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SITE.name,
      url: home,
      logo: new URL('/images/logo.png', site).toString(),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE.name,
      url: home,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${home}?q={search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/** JSON for a <script type="application/ld+json">: `<` escaped so text can never close the tag. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function businessDescription(business: PublicBusiness): string {
  const where = locationLine(business) || 'Lagos';
  return `${business.business_name}: ${business.business_type} in ${where}. ${business.description ?? ''}`
    .trim()
    .slice(0, 158);
}
