import { describe, expect, it } from 'vitest';
import {
  BulkRegisterSchema,
  DEFAULT_BULK_CATEGORY,
  DEFAULT_BULK_LOCATION,
  PlacesSearchSchema,
  splitAddress,
} from './imports';

const business = {
  name: 'Ikeja Auto Clinic',
  address: '12 Allen Ave, Ikeja 101233, Lagos, Nigeria',
  phone: '+234 801 234 5678',
  website: 'https://ikejaautoclinic.example.ng/',
  rating: 4.5,
  reviews: 87,
  source: 'google_places' as const,
  source_id: 'ChIJfake-ikeja-auto-clinic',
  latitude: 6.6,
  longitude: 3.35,
};

describe('splitAddress (SPEC §7 bulk write: city/state, Lagos fallback)', () => {
  it.each([
    ['Ikeja, Lagos', 'Ikeja', 'Lagos'],
    ['Yaba', 'Yaba', 'Lagos'],
    ['', null, 'Lagos'],
    ['12 Allen Ave, Ikeja 101233, Lagos, Nigeria', 'Ikeja', 'Lagos'],
    ['3 Road, Lekki, Lagos State', 'Lekki', 'Lagos'],
    ['3 Admiralty Way, Lekki, Lagos State, Nigeria', 'Lekki', 'Lagos'],
    ['Surulere, Lagos 101283', 'Surulere', 'Lagos'],
    ['Wuse, Abuja', 'Wuse', 'Abuja'],
    ['  Ikeja ,  Lagos  ', 'Ikeja', 'Lagos'],
  ])('%j → %s / %s', (address, city, state) => {
    expect(splitAddress(address)).toEqual({ city, state });
  });

  it('treats null and undefined like an empty address', () => {
    expect(splitAddress(null)).toEqual({ city: null, state: 'Lagos' });
    expect(splitAddress(undefined)).toEqual({ city: null, state: 'Lagos' });
  });

  it('drops the country on its own', () => {
    expect(splitAddress('Nigeria')).toEqual({ city: null, state: 'Lagos' });
    expect(splitAddress('Ikeja, Nigeria')).toEqual({ city: 'Ikeja', state: 'Lagos' });
  });
});

describe('PlacesSearchSchema', () => {
  it("defaults the location to 'Lagos, Nigeria' and the category to 'Mechanic / Repair Services'", () => {
    expect(DEFAULT_BULK_LOCATION).toBe('Lagos, Nigeria');
    expect(DEFAULT_BULK_CATEGORY).toBe('Mechanic / Repair Services');
    expect(PlacesSearchSchema.parse({ query: 'mechanic' })).toEqual({
      query: 'mechanic',
      location: 'Lagos, Nigeria',
      category: 'Mechanic / Repair Services',
    });
  });

  it('trims the query and keeps a given location and category', () => {
    expect(
      PlacesSearchSchema.parse({ query: '  Toyota  ', location: 'Ikeja', category: 'Car Rental' }),
    ).toEqual({
      query: 'Toyota',
      location: 'Ikeja',
      category: 'Car Rental',
    });
  });

  it.each([[''], ['   ']])('rejects the empty query %j', (query) => {
    const result = PlacesSearchSchema.safeParse({ query });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter what to search for');
  });

  it('rejects a missing query, an unknown category and a query over 120 characters', () => {
    expect(PlacesSearchSchema.safeParse({}).success).toBe(false);
    expect(PlacesSearchSchema.safeParse({ query: 'x', category: 'Fuel Stations' }).success).toBe(
      false,
    );
    expect(PlacesSearchSchema.safeParse({ query: 'x'.repeat(121) }).success).toBe(false);
  });
});

describe('BulkRegisterSchema', () => {
  it("needs at least one business: 'No Businesses Selected'", () => {
    const result = BulkRegisterSchema.safeParse({
      category: DEFAULT_BULK_CATEGORY,
      businesses: [],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['No Businesses Selected']);
  });

  it('accepts the search results (nullable fields, duplicate hint stripped)', () => {
    const parsed = BulkRegisterSchema.parse({
      category: 'Tyre Services',
      businesses: [
        business,
        {
          ...business,
          source_id: 'x',
          address: null,
          phone: null,
          website: null,
          rating: null,
          reviews: null,
          duplicate: null,
        },
      ],
    });
    expect(parsed.businesses).toHaveLength(2);
    expect(parsed.businesses[0]).toEqual(business);
    expect(parsed.businesses[1]).not.toHaveProperty('duplicate');
  });

  it('rejects an unknown category or source, a one-letter name, and more than 200 businesses', () => {
    expect(BulkRegisterSchema.safeParse({ category: 'Fuel', businesses: [business] }).success).toBe(
      false,
    );
    expect(
      BulkRegisterSchema.safeParse({
        category: DEFAULT_BULK_CATEGORY,
        businesses: [{ ...business, source: 'yelp' }],
      }).success,
    ).toBe(false);
    expect(
      BulkRegisterSchema.safeParse({
        category: DEFAULT_BULK_CATEGORY,
        businesses: [{ ...business, name: 'X' }],
      }).success,
    ).toBe(false);
    expect(
      BulkRegisterSchema.safeParse({
        category: DEFAULT_BULK_CATEGORY,
        businesses: [{ ...business, rating: 6 }],
      }).success,
    ).toBe(false);
    const many = Array.from({ length: 201 }, (_, i) => ({ ...business, source_id: `id-${i}` }));
    expect(
      BulkRegisterSchema.safeParse({ category: DEFAULT_BULK_CATEGORY, businesses: many }).success,
    ).toBe(false);
  });
});
