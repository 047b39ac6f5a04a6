import { describe, expect, it } from 'vitest';
import type { BusinessDirectoryRow } from '../db/database.ts';
import { toPublicBusiness } from './directory.mapper.ts';
import { responseText } from '../../common/schemas/listing-lines.ts';

const row = (over: Partial<BusinessDirectoryRow> = {}): BusinessDirectoryRow => ({
  id: '11111111-1111-4111-8111-111111111111',
  business_registration_id: '22222222-2222-4222-8222-222222222222',
  business_name: 'Ladipo Spares Ltd',
  business_type: 'Auto Parts & Accessories',
  services: 'Genuine and tokunbo parts',
  description: 'Parts for Toyota and Honda',
  tags: ['Parts', 'Toyota'],
  city: 'Mushin',
  state: 'Lagos',
  general_location: 'Ladipo Market',
  area: 'Mushin',
  address: '12 Ladipo Street',
  email: 'sales@ladipo.example',
  phone: '+2348012345678',
  whatsapp: '+2348012345679',
  website: 'https://ladipo.example',
  featured: true,
  display_order: 3,
  created_at: new Date('2026-01-02T03:04:05.000Z'),
  updated_at: new Date('2026-01-03T03:04:05.000Z'),
  star_rating: '4.5' as unknown as number, // numeric columns arrive as strings from pg
  verification_status: 'verified',
  contact_visibility: 'public',
  slug: 'ladipo-spares-ltd',
  latitude: 6.5273,
  longitude: 3.3525,
  opening_hours: { mon: '08:00-18:00' },
  open_24_hours: false,
  comes_to_you: true,
  coverage_areas: ['ikeja'],
  callout_fee_min: 5000,
  callout_fee_max: 15000,
  open_week: '{}',
  quote_requests_90d: 0,
  quote_answered_90d: 0,
  quote_answer_minutes: null,
  source: 'registration',
  source_id: null,
  is_sample: false,
  claimed: false,
  review_count: 4,
  review_sum: 17,
  review_stars: [0, 0, 1, 1, 2],
  verification_checks: ['phone', 'cac'],
  verified_at: new Date('2026-11-20T10:00:00.000Z'),
  phone_confirmed_at: null,
  quality_score: 1.25,
  category_keys: ['parts'],
  search_text: 'internal search text',
  type_text: 'internal type text',
  location_text: 'internal location text',
  ...over,
});

describe('toPublicBusiness', () => {
  it('keeps every contact field of a public listing', () => {
    const b = toPublicBusiness(row());
    expect(b.contact_protected).toBe(false);
    expect(b).toMatchObject({
      email: 'sales@ladipo.example',
      phone: '+2348012345678',
      whatsapp: '+2348012345679',
      address: '12 Ladipo Street',
      latitude: 6.5273,
      longitude: 3.3525,
      website: 'https://ladipo.example',
      contact_visibility: 'public',
    });
  });

  it('removes contact details of registered_users_only listings', () => {
    const b = toPublicBusiness(row({ contact_visibility: 'registered_users_only' }));
    expect(b.contact_protected).toBe(true);
    expect(b.contact_visibility).toBe('registered_users_only');
    expect(b.email).toBeNull();
    expect(b.phone).toBeNull();
    expect(b.whatsapp).toBeNull();
    expect(b.address).toBeNull();
    expect(b.latitude).toBeNull();
    expect(b.longitude).toBeNull();
    // non-contact fields stay
    expect(b.business_name).toBe('Ladipo Spares Ltd');
    expect(b.city).toBe('Mushin');
    expect(b.state).toBe('Lagos');
    expect(b.general_location).toBe('Ladipo Market');
    expect(b.website).toBe('https://ladipo.example');
    expect(b.tags).toEqual(['Parts', 'Toyota']);
  });

  it('protected output contains no trace of the hidden values', () => {
    const text = JSON.stringify(
      toPublicBusiness(row({ contact_visibility: 'registered_users_only' })),
    );
    for (const secret of [
      'sales@ladipo.example',
      '+2348012345678',
      '+2348012345679',
      '12 Ladipo Street',
      '6.5273',
      '3.3525',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('serialises created_at as ISO 8601', () => {
    expect(toPublicBusiness(row()).created_at).toBe('2026-01-02T03:04:05.000Z');
  });

  it('converts a string star_rating to a number', () => {
    const b = toPublicBusiness(row());
    expect(b.star_rating).toBe(4.5);
    expect(typeof b.star_rating).toBe('number');
    expect(toPublicBusiness(row({ star_rating: 0 })).star_rating).toBe(0);
  });

  it('does not leak internal search columns and copies the rest', () => {
    const b = toPublicBusiness(row());
    expect(b).not.toHaveProperty('search_text');
    expect(b).not.toHaveProperty('type_text');
    expect(b).not.toHaveProperty('location_text');
    expect(b).toMatchObject({
      id: '11111111-1111-4111-8111-111111111111',
      business_registration_id: '22222222-2222-4222-8222-222222222222',
      slug: 'ladipo-spares-ltd',
      featured: true,
      display_order: 3,
      verification_status: 'verified',
      opening_hours: { mon: '08:00-18:00' },
      source: 'registration',
      source_id: null,
      is_sample: false,
      claimed: false,
    });
  });

  it('opening_hours null stays null', () => {
    expect(toPublicBusiness(row({ opening_hours: null })).opening_hours).toBeNull();
  });
});

describe('toPublicBusiness: reviews and verification (issue 24)', () => {
  it("carries the reviews' count and average to one decimal, null without reviews", () => {
    expect(toPublicBusiness(row())).toMatchObject({ review_count: 4, review_average: 4.3 });
    expect(
      toPublicBusiness(row({ review_count: 0, review_sum: 0, review_stars: [0, 0, 0, 0, 0] })),
    ).toMatchObject({ review_count: 0, review_average: null });
  });

  it('carries the checks behind Verified and their date, never who checked', () => {
    const b = toPublicBusiness(row());
    expect(b.verification_checks).toEqual(['phone', 'cac']);
    expect(b.verified_at).toBe('2026-11-20T10:00:00.000Z');
    expect(b).not.toHaveProperty('verified_by');
    expect(toPublicBusiness(row({ verified_at: null })).verified_at).toBeNull();
  });
});

describe('response time (issue 36.5)', () => {
  it('shows the median hours and the answer rate from three requests on', () => {
    expect(toPublicBusiness(row()).answers_within_hours).toBeNull();
    const two = row({ quote_requests_90d: 2, quote_answered_90d: 2, quote_answer_minutes: 30 });
    expect(toPublicBusiness(two)).toMatchObject({ answers_within_hours: null, answer_rate: null });
    const five = row({ quote_requests_90d: 5, quote_answered_90d: 4, quote_answer_minutes: 130 });
    expect(toPublicBusiness(five)).toMatchObject({ answers_within_hours: 3, answer_rate: 80 });
    expect(responseText(toPublicBusiness(five))).toBe(
      'Usually answers within 3 hours · answers 80% of requests',
    );
    const quick = row({ quote_requests_90d: 3, quote_answered_90d: 3, quote_answer_minutes: 4 });
    expect(responseText(toPublicBusiness(quick))).toBe(
      'Usually answers within 1 hour · answers 100% of requests',
    );
  });
});
