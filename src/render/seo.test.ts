import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGES } from '../../common/schemas/categories';
import type { PublicBusiness } from '../../common/schemas/directory';
import {
  businessJsonLd,
  businessOgImage,
  categoryPageFor,
  homeJsonLd,
  jsonLdScript,
  openingHoursSpecification,
  schemaTypeFor,
} from './seo';

const HOURS = { mo: '08:00-18:00', tu: '08:00-18:00', sa: '09:00-15:00', su: '00:00-24:00' };

function business(overrides: Partial<PublicBusiness> = {}): PublicBusiness {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    business_registration_id: '00000000-0000-4000-8000-000000000002',
    slug: 'yaba-precision-auto-workshop',
    business_name: 'Yaba Precision Auto Workshop',
    business_type: 'Mechanic / Repair Services',
    services: 'Engine repair and servicing',
    description: 'Friendly workshop in Yaba.',
    tags: ['Toyota'],
    city: 'Yaba',
    state: 'Lagos',
    general_location: 'Herbert Macaulay Way',
    area: 'Yaba',
    address: '12 Herbert Macaulay Way',
    email: 'hello@yaba-precision.example.com',
    phone: '+234 802 555 0101',
    whatsapp: '+234 802 555 0101',
    website: 'https://yaba-precision.example.com',
    featured: false,
    display_order: 0,
    created_at: '2026-06-01T08:00:00Z',
    star_rating: 4.5,
    verification_status: 'verified',
    contact_visibility: 'public',
    contact_protected: false,
    latitude: 6.508,
    longitude: 3.3792,
    opening_hours: HOURS,
    source: null,
    source_id: null,
    is_sample: true,
    claimed: false,
    review_count: 0,
    review_average: null,
    verification_checks: [],
    verified_at: null,
    ...overrides,
  };
}

const URL_OF = 'https://lagosautohub.example.com/business/yaba-precision-auto-workshop/';

describe('schemaTypeFor', () => {
  it.each([
    ['Mechanic / Repair Services', 'AutoRepair'],
    ['Auto Electrical', 'AutoRepair'],
    ['Air Conditioning Repair', 'AutoRepair'],
    ['Auto Parts & Accessories', 'AutoPartsStore'],
    ['Tyre Services', 'AutoPartsStore'],
    ['Car Dealership / Sales', 'AutoDealer'],
    ['Body Work & Paint', 'AutoBodyShop'],
    ['Windscreen / Glass - Repair / Replacement', 'AutoBodyShop'],
    ['Car Wash & Detailing', 'AutoWash'],
    ['Car Rental', 'AutoRental'],
  ])('%s → %s', (category, type) => {
    expect(schemaTypeFor(category)).toBe(type);
  });

  it.each([
    'Breakdown Recovery / Towing',
    'Listing Websites',
    'Auto Insurance',
    'Vehicle Inspection',
    '',
    'Something else',
  ])('%s → AutomotiveBusiness (fallback)', (category) => {
    expect(schemaTypeFor(category)).toBe('AutomotiveBusiness');
  });
});

describe('categoryPageFor', () => {
  const page = (business_type: string, services: string | null = null, tags: string[] = []) =>
    categoryPageFor({ business_type, services, tags });

  it('maps each main category to its page', () => {
    expect(page('Mechanic / Repair Services')?.path).toBe(CATEGORY_PAGES.mechanic.path);
    expect(page('Auto Parts & Accessories')?.path).toBe(CATEGORY_PAGES.parts.path);
    expect(page('Car Dealership / Sales')?.path).toBe(CATEGORY_PAGES.dealers.path);
    expect(page('Body Work & Paint')?.path).toBe(CATEGORY_PAGES.bodywork.path);
    expect(page('Breakdown Recovery / Towing')?.path).toBe(CATEGORY_PAGES.breakdown.path);
    expect(page('Listing Websites')?.path).toBe(CATEGORY_PAGES.listings.path);
  });

  it('uses services and tags when the type does not match, and null when nothing matches', () => {
    expect(page('Auto Electrical', 'Wiring and parts sales')?.path).toBe(CATEGORY_PAGES.parts.path);
    expect(page('Car Wash & Detailing', null, ['Mobile workshop'])?.path).toBe(
      CATEGORY_PAGES.workshops.path,
    );
    expect(page('Car Wash & Detailing', 'Washing and valeting', ['Foam wash'])).toBeNull();
  });
});

describe('openingHoursSpecification', () => {
  it('lists open days with schema.org day URLs and maps 24:00 to 23:59', () => {
    const specs = openingHoursSpecification(HOURS)!;
    expect(specs.map((s) => s.dayOfWeek)).toEqual([
      'https://schema.org/Monday',
      'https://schema.org/Tuesday',
      'https://schema.org/Saturday',
      'https://schema.org/Sunday',
    ]);
    expect(specs[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '08:00',
      closes: '18:00',
    });
    expect(specs[3]).toMatchObject({ opens: '00:00', closes: '23:59' });
  });

  it('is undefined without hours or with only malformed ranges', () => {
    expect(openingHoursSpecification(null)).toBeUndefined();
    expect(openingHoursSpecification({})).toBeUndefined();
    expect(openingHoursSpecification({ mo: 'all day' })).toBeUndefined();
  });
});

describe('businessJsonLd', () => {
  it('public listing: subtype, name, url, address, telephone, geo and hours; no rating', () => {
    const data = businessJsonLd(
      business(),
      URL_OF,
      'https://lagosautohub.example.com/og/business/yaba-precision-auto-workshop.png',
    );
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('AutoRepair');
    expect(data.name).toBe('Yaba Precision Auto Workshop');
    expect(data.url).toBe(URL_OF);
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '12 Herbert Macaulay Way',
      addressLocality: 'Yaba',
      addressRegion: 'Lagos',
      addressCountry: 'NG',
    });
    expect(data.telephone).toBe('+234 802 555 0101');
    expect(data.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 6.508, longitude: 3.3792 });
    expect(data.openingHoursSpecification).toHaveLength(4);
    expect(data).not.toHaveProperty('aggregateRating');
    expect(JSON.stringify(data)).not.toMatch(/aggregateRating|AggregateRating|ratingValue/);
  });

  it('public listing without phone, coordinates or hours omits those properties', () => {
    const data = businessJsonLd(
      business({
        phone: null,
        latitude: null,
        longitude: null,
        opening_hours: null,
        address: null,
      }),
      URL_OF,
    );
    expect(data).not.toHaveProperty('telephone');
    expect(data).not.toHaveProperty('geo');
    expect(data).not.toHaveProperty('openingHoursSpecification');
    expect(data.address).not.toHaveProperty('streetAddress');
    expect(data.address).toMatchObject({ addressRegion: 'Lagos', addressCountry: 'NG' });
  });

  it('protected listing: the builder itself drops telephone, street address, geo and e-mail', () => {
    const input = business({
      contact_visibility: 'registered_users_only',
      contact_protected: true,
      // Non-null on purpose: the builder must drop them even if a caller passes them.
      phone: '+234 809 111 2222',
      whatsapp: '+234 809 111 2222',
      email: 'secret@protected.example.com',
      address: '7 Hidden Close, Lekki Phase 1',
      latitude: 6.4487,
      longitude: 3.4736,
    });
    const data = businessJsonLd(input, URL_OF);
    const text = JSON.stringify(data);
    expect(data).not.toHaveProperty('telephone');
    expect(data).not.toHaveProperty('geo');
    expect(data).not.toHaveProperty('email');
    expect(data.address).not.toHaveProperty('streetAddress');
    expect(data.address).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: 'Yaba',
      addressRegion: 'Lagos',
      addressCountry: 'NG',
    });
    for (const secret of [
      '+234 809 111 2222',
      '+2348091112222',
      'secret@protected.example.com',
      '7 Hidden Close',
      '6.4487',
      '3.4736',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/aggregateRating/i);
    // Public, non-contact details are still there.
    expect(data.name).toBe('Yaba Precision Auto Workshop');
    expect(data.openingHoursSpecification).toHaveLength(4);
  });

  it('falls back to AutomotiveBusiness for unmapped categories', () => {
    expect(
      businessJsonLd(business({ business_type: 'Breakdown Recovery / Towing' }), URL_OF)['@type'],
    ).toBe('AutomotiveBusiness');
  });
});

describe('businessJsonLd: reviews (issue 24.7)', () => {
  const reviews = {
    summary: { count: 27, average: 4.3, stars: [1, 1, 2, 8, 15] },
    reviews: [
      {
        id: '00000000-0000-4000-8000-0000000000aa',
        rating: 5,
        title: 'Fixed my gearbox in a day',
        body: 'Honest price, the old parts were shown to me before they were thrown away.',
        service: 'Mechanic',
        visit_month: '2026-10',
        author_name: 'Tunde',
        phone_confirmed: false,
        booked: false,
        created_at: '2026-11-02T09:30:00.000Z',
        updated_at: '2026-11-02T09:30:00.000Z',
        reply: null,
        photos: [],
      },
    ],
  };

  /**
   * Google's documented required properties (developers.google.com/search/docs/appearance/
   * structured-data/review-snippet): AggregateRating needs `ratingValue` and `ratingCount` or
   * `reviewCount`; a Review needs `author` with a `name` and `reviewRating` with a `ratingValue`
   * (nested in the item reviewed, here the LocalBusiness); ratings outside 1–5 need best/worst.
   */
  function checkGoogleRequired(ld: Record<string, unknown>): string[] {
    const problems: string[] = [];
    const aggregate = ld.aggregateRating as Record<string, unknown> | undefined;
    if (aggregate) {
      if (aggregate['@type'] !== 'AggregateRating') problems.push('aggregateRating @type');
      if (typeof aggregate.ratingValue !== 'number') problems.push('aggregate ratingValue');
      if (typeof aggregate.ratingCount !== 'number' && typeof aggregate.reviewCount !== 'number')
        problems.push('aggregate ratingCount or reviewCount');
      const value = aggregate.ratingValue as number;
      if (
        value < ((aggregate.worstRating as number) ?? 1) ||
        value > ((aggregate.bestRating as number) ?? 5)
      )
        problems.push('aggregate ratingValue out of range');
    }
    for (const review of (ld.review as Record<string, unknown>[] | undefined) ?? []) {
      if (review['@type'] !== 'Review') problems.push('review @type');
      const author = review.author as Record<string, unknown> | undefined;
      if (!author || typeof author.name !== 'string' || !author.name)
        problems.push('review author.name');
      if (author && !['Person', 'Organization'].includes(author['@type'] as string))
        problems.push('review author @type');
      const rating = review.reviewRating as Record<string, unknown> | undefined;
      if (!rating || typeof rating.ratingValue !== 'number') problems.push('review ratingValue');
    }
    return problems;
  }

  it("carries AggregateRating and the page's Review items with every required property", () => {
    const ld = businessJsonLd(
      business({ star_rating: 2 }),
      'https://x.test/b/',
      undefined,
      reviews,
    );
    expect(checkGoogleRequired(ld)).toEqual([]);
    expect(ld).toMatchObject({
      aggregateRating: { ratingValue: 4.3, reviewCount: 27, bestRating: 5, worstRating: 1 },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Tunde' },
          reviewRating: { ratingValue: 5 },
          datePublished: '2026-11-02',
        },
      ],
    });
  });

  it("never carries the admin's own rating, and nothing without reviews", () => {
    const ld = businessJsonLd(business({ star_rating: 2 }), 'https://x.test/b/', undefined, {
      summary: { count: 0, average: null, stars: [0, 0, 0, 0, 0] },
      reviews: [],
    });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
    expect(JSON.stringify(ld)).not.toMatch(/"ratingValue":2\b/);
  });

  it('the checker itself finds a missing author name and a missing count', () => {
    expect(
      checkGoogleRequired({
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4 },
        review: [{ '@type': 'Review', author: { '@type': 'Person' }, reviewRating: {} }],
      }),
    ).toEqual(['aggregate ratingCount or reviewCount', 'review author.name', 'review ratingValue']);
  });
});

describe('jsonLdScript', () => {
  it("escapes '<' so a value cannot close the script tag, and still parses back", () => {
    const data = businessJsonLd(
      business({ business_name: 'Evil </script><script>alert(1)</script> Motors' }),
      URL_OF,
    );
    const script = jsonLdScript(data);
    expect(script).not.toContain('<');
    expect(script).not.toMatch(/<\/script/i);
    expect(script).toContain('\\u003c/script>');
    expect(JSON.parse(script)).toEqual(data);
  });
});

describe('homeJsonLd', () => {
  it('has an Organization and a WebSite with a SearchAction', () => {
    const site = new URL('https://lagosautohub.example.com');
    const items = homeJsonLd(site) as Record<string, unknown>[];
    const organization = items.find((i) => i['@type'] === 'Organization');
    const website = items.find((i) => i['@type'] === 'WebSite') as {
      url: string;
      potentialAction: { '@type': string; target: string; 'query-input': string };
    };
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      url: 'https://lagosautohub.example.com/',
      logo: 'https://lagosautohub.example.com/images/logo.png',
    });
    expect(website).toBeTruthy();
    expect(website.url).toBe('https://lagosautohub.example.com/');
    expect(website.potentialAction['@type']).toBe('SearchAction');
    expect(website.potentialAction.target).toContain('{search_term_string}');
    expect(website.potentialAction.target.startsWith('https://lagosautohub.example.com/')).toBe(
      true,
    );
    expect(website.potentialAction['query-input']).toBe('required name=search_term_string');
  });
});

describe('businessOgImage (issue 26.4)', () => {
  const variant = (format: 'avif' | 'webp' | 'jpeg', width: number) => ({
    format,
    width,
    height: (width * 3) / 4,
    url: `/api/photos/l/${format}${width}.${format === 'jpeg' ? 'jpg' : format}`,
    bytes: 1000,
  });
  const photo = (kind: 'cover' | 'workshop', widths: number[]) => ({
    kind,
    variants: widths.flatMap((w) => [variant('avif', w), variant('webp', w), variant('jpeg', w)]),
  });

  it("is the cover's largest JPEG: 1280 px, or the photo's own width when smaller", () => {
    expect(
      businessOgImage(business(), [photo('workshop', [320]), photo('cover', [320, 640, 1280])]),
    ).toBe('/api/photos/l/jpeg1280.jpg');
    expect(businessOgImage(business(), [photo('cover', [320, 640, 900])])).toBe(
      '/api/photos/l/jpeg900.jpg',
    );
  });

  it('is the image made for the business without a cover photo', () => {
    expect(businessOgImage(business(), [photo('workshop', [320, 640, 1280])])).toBe(
      '/og/business/yaba-precision-auto-workshop.png',
    );
    expect(businessOgImage(business(), [])).toBe('/og/business/yaba-precision-auto-workshop.png');
  });
});
