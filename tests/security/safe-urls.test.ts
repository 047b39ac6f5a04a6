import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BusinessCard } from '../../src/islands/public/BusinessCard.tsx';
import { businessJsonLd } from '../../src/render/seo.ts';
import { toCardData, type PublicBusiness } from '../../common/schemas/directory.ts';

/**
 * Issue 12.4, rendering: a website that breaks the URL rule (stored before the rule, or by hand)
 * is never a link nor a JSON-LD sameAs. The business page is checked on the local server
 * (local-server-attacks.test.ts); the dialog uses the same helper as the card.
 */

function business(website: string | null): PublicBusiness {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    business_registration_id: '00000000-0000-4000-8000-000000000002',
    slug: 'yaba-precision-auto-workshop',
    business_name: 'Yaba Precision Auto Workshop',
    business_type: 'Mechanic / Repair Services',
    services: 'Engine repair',
    description: 'Friendly workshop in Yaba.',
    tags: [],
    city: 'Yaba',
    state: 'Lagos',
    general_location: null,
    area: 'Yaba',
    address: null,
    email: null,
    phone: null,
    whatsapp: null,
    website,
    featured: false,
    display_order: 0,
    created_at: '2026-06-01T08:00:00Z',
    star_rating: 4,
    verification_status: 'verified',
    contact_visibility: 'public',
    contact_protected: false,
    latitude: null,
    longitude: null,
    opening_hours: null,
    source: null,
    source_id: null,
    is_sample: false,
    claimed: false,
    review_count: 0,
    review_average: null,
    verification_checks: [],
    verified_at: null,
  };
}

const HOSTILE = ['javascript:alert(document.cookie)', 'data:text/html,<b>x</b>', 'vbscript:x'];

describe('public rendering refuses websites that break the rule', () => {
  it.each(HOSTILE)('card: no Visit Website link for %j', (website) => {
    const html = renderToStaticMarkup(
      createElement(BusinessCard, { business: toCardData(business(website)) }),
    );
    expect(html).not.toContain('Visit Website');
    expect(html).not.toMatch(/javascript:|data:text|vbscript:/);
  });

  it.each(HOSTILE)('JSON-LD: no sameAs for %j', (website) => {
    const data = businessJsonLd(business(website), 'https://example.ng/business/x/');
    expect(data).not.toHaveProperty('sameAs');
  });

  it('keeps a good website, normalised', () => {
    const html = renderToStaticMarkup(
      createElement(BusinessCard, { business: toCardData(business('HTTPS://Yaba.example.NG')) }),
    );
    expect(html).toContain('href="https://yaba.example.ng"');
    expect(businessJsonLd(business('https://yaba.example.ng'), 'https://x.ng/')).toMatchObject({
      sameAs: ['https://yaba.example.ng'],
    });
  });
});
