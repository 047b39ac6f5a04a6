import { describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../common/schemas/categories.ts';
import { OSM_TAG_CATEGORIES } from './osm.ts';
import { GOOGLE_FIELD_MASK, LAGOS_BBOX, MAX_RESULTS, osmTagsFor, overpassQuery } from './places.ts';

const BBOX = '6.36,2.7,6.75,4.36';

describe('osmTagsFor', () => {
  it.each([
    ['Car Dealership / Sales', ['shop=car']],
    ['Mechanic / Repair Services', ['shop=car_repair', 'craft=car_repair']],
    ['Auto Parts & Accessories', ['shop=car_parts']],
    ['Tyre Services', ['shop=tyres']],
    ['Car Wash & Detailing', ['amenity=car_wash']],
    ['Car Rental', ['amenity=car_rental']],
    ['Auto Electrical', ['shop=car_electrical']],
    ['Vehicle Inspection', ['amenity=vehicle_inspection']],
  ] as const)('%s → %j', (category, tags) => {
    expect(osmTagsFor(category).sort()).toEqual([...tags].sort());
  });

  it('is the inverse of OSM_TAG_CATEGORIES and has nothing for unmapped categories', () => {
    const all = SERVICE_CATEGORIES.flatMap((c) => osmTagsFor(c));
    expect(all.sort()).toEqual(Object.keys(OSM_TAG_CATEGORIES).sort());
    expect(osmTagsFor('Auto Insurance')).toEqual([]);
    expect(osmTagsFor('Listing Websites')).toEqual([]);
    expect(osmTagsFor('Body Work & Paint')).toEqual([]);
  });

  it('never maps fuel', () => {
    expect(all()).not.toContain('amenity=fuel');
    function all() {
      return SERVICE_CATEGORIES.flatMap((c) => osmTagsFor(c));
    }
  });
});

describe('overpassQuery', () => {
  it('is JSON output over the Lagos bounding box', () => {
    expect(LAGOS_BBOX.join(',')).toBe(BBOX);
    const ql = overpassQuery('mechanic', 'Mechanic / Repair Services');
    expect(ql.startsWith('[out:json]')).toBe(true);
    expect(ql).toContain(`(${BBOX})`);
    expect(ql).toContain(`out center tags ${MAX_RESULTS};`);
  });

  it('selects every tag of the category and no others', () => {
    const ql = overpassQuery('Toyota', 'Mechanic / Repair Services');
    expect(ql).toContain('nwr["shop"="car_repair"]');
    expect(ql).toContain('nwr["craft"="car_repair"]');
    expect(ql).not.toContain('car_parts');
    expect(ql.match(/nwr\[/g)).toHaveLength(2);
    expect(overpassQuery('x', 'Car Rental')).toContain('nwr["amenity"="car_rental"]');
    expect(overpassQuery('x', 'Tyre Services')).toContain('nwr["shop"="tyres"]');
  });

  it('selects all automotive tags for a category without OSM tags', () => {
    const ql = overpassQuery('Axa Mansard', 'Auto Insurance');
    expect(ql.match(/nwr\[/g)).toHaveLength(Object.keys(OSM_TAG_CATEGORIES).length);
    expect(ql).not.toContain('fuel');
  });

  it('filters by name only when the query is not the category word', () => {
    const named = overpassQuery('Toyota', 'Mechanic / Repair Services');
    expect(named).toContain('["name"~"Toyota",i]');
    for (const word of ['mechanic', 'Mechanic', ' repair ', 'Mechanic / Repair Services']) {
      const ql = overpassQuery(word, 'Mechanic / Repair Services');
      expect(ql, word).not.toContain('["name"~');
      expect(ql, word).toContain('["name"]');
    }
    expect(overpassQuery('tyre', 'Tyre Services')).not.toContain('["name"~');
    expect(overpassQuery('tyre', 'Mechanic / Repair Services')).toContain('["name"~"tyre",i]');
  });

  it('escapes quotes and backslashes so the query cannot break out of the string', () => {
    const ql = overpassQuery('Joe"s "Garage', 'Mechanic / Repair Services');
    expect(ql).toContain('["name"~"Joe\\"s \\"Garage",i]');
    // Every quote inside the name filter is escaped.
    const filter = ql.match(/\["name"~"((?:[^"\\]|\\.)*)",i\]/)?.[1];
    expect(filter).toBe('Joe\\"s \\"Garage');
    const injected = overpassQuery('x"];out;(node', 'Car Rental');
    expect(injected).not.toContain('"];out;');
    // A literal backslash: escaped for the regex (\\) and again for the QL string (\\\\).
    expect(overpassQuery('a\\b', 'Car Rental')).toContain('a\\\\\\\\b');
  });

  it('escapes regular expression characters in the name', () => {
    const ql = overpassQuery('A.B (Nig) Ltd+', 'Car Rental');
    expect(ql).toContain('A\\\\.B \\\\(Nig\\\\) Ltd\\\\+');
  });
});

describe('GOOGLE_FIELD_MASK', () => {
  it('asks for the fields the import maps', () => {
    for (const field of [
      'id',
      'displayName',
      'formattedAddress',
      'internationalPhoneNumber',
      'nationalPhoneNumber',
      'websiteUri',
      'rating',
      'userRatingCount',
      'location',
    ]) {
      expect(GOOGLE_FIELD_MASK.split(',')).toContain(`places.${field}`);
    }
  });
});
