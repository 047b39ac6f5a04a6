import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OSM_TAG_CATEGORIES, mapOsmPoints, parseOsmCsv, type OsmPoint } from './osm.ts';
import { LAGOS_AREAS, nearestLagosArea } from './lagos-areas.ts';

const CSV_PATH = resolve(process.cwd(), 'content/osm/nigeria-automotive-2019.csv');
const csv = readFileSync(CSV_PATH, 'utf8');

const point = (over: Partial<OsmPoint> = {}): OsmPoint => ({
  id: 'node/1',
  lat: 6.6018,
  lon: 3.3515,
  name: 'Test Garage',
  tag: 'shop=car_repair',
  inLagos: true,
  ...over,
});

describe('parseOsmCsv on the real 2019 extract', () => {
  const points = parseOsmCsv(csv);

  it('parses every data row', () => {
    expect(points).toHaveLength(674);
  });

  it('builds node ids, numeric coordinates, key=value tags and the Lagos flag', () => {
    for (const p of points) {
      expect(p.id).toMatch(/^node\/\d+$/);
      expect(Number.isFinite(p.lat)).toBe(true);
      expect(Number.isFinite(p.lon)).toBe(true);
      expect(p.tag).toMatch(/^[a-z_]+=[a-z_]+$/);
    }
    expect(points.filter((p) => p.inLagos)).toHaveLength(92);
    const makoko = points.find((p) => p.name === 'Makoko R/A Taxi Park');
    expect(makoko).toEqual({
      id: 'node/4313425389',
      lat: 6.499655,
      lon: 3.386877,
      name: 'Makoko R/A Taxi Park',
      tag: 'amenity=car_rental',
      inLagos: true,
    });
  });

  it('leaves unnamed points with an empty name', () => {
    expect(points.find((p) => p.id === 'node/5739150522')?.name).toBe('');
  });
});

describe('parseOsmCsv (synthetic)', () => {
  it('falls back to name_en and trims names', () => {
    const pts = parseOsmCsv(
      'osm_node_id,lat,lon,name,name_en,osm_key,osm_value,in_lagos_bbox\n' +
        '1,6.5,3.3,,  English Name ,shop,car,1\n' +
        '2,9.0,7.4,  Local  ,Eng,shop,tyres,0\n',
    );
    expect(pts.map((p) => [p.id, p.name, p.tag, p.inLagos])).toEqual([
      ['node/1', 'English Name', 'shop=car', true],
      ['node/2', 'Local', 'shop=tyres', false],
    ]);
  });
});

describe('mapOsmPoints on the real 2019 extract', () => {
  const points = parseOsmCsv(csv);

  it('with lagosOnly maps exactly four named in-scope Lagos businesses', () => {
    const { businesses, skipped } = mapOsmPoints(points, { lagosOnly: true });
    expect(businesses.map((b) => b.name).sort()).toEqual([
      'Landrover repairs',
      'Makoko R/A Taxi Park',
      'Popoola Battery Clinic',
      'Procuremax Autocare',
    ]);
    expect(skipped).toEqual({ outsideLagos: 582, outOfScope: 86, unnamed: 2, duplicate: 0 });
    expect(
      businesses.length +
        skipped.outsideLagos +
        skipped.outOfScope +
        skipped.unnamed +
        skipped.duplicate,
    ).toBe(points.length);
  });

  it('lagosOnly defaults to true', () => {
    expect(mapOsmPoints(points).skipped.outsideLagos).toBe(582);
  });

  it('maps category, coordinates, source id and area of a real point', () => {
    const { businesses } = mapOsmPoints(points);
    const makoko = businesses.find((b) => b.name === 'Makoko R/A Taxi Park');
    expect(makoko).toEqual({
      sourceId: 'node/4313425389',
      name: 'Makoko R/A Taxi Park',
      category: 'Car Rental',
      latitude: 6.499655,
      longitude: 3.386877,
      area: nearestLagosArea(6.499655, 3.386877),
    });
    const mechanics = businesses.filter((b) => b.name !== 'Makoko R/A Taxi Park');
    for (const b of mechanics) expect(b.category).toBe('Mechanic / Repair Services');
  });

  it('never maps fuel stations, even without the Lagos filter', () => {
    const fuelIds = new Set(points.filter((p) => p.tag === 'amenity=fuel').map((p) => p.id));
    expect(fuelIds.size).toBeGreaterThan(500);
    const { businesses, skipped } = mapOsmPoints(points, { lagosOnly: false });
    expect(skipped.outsideLagos).toBe(0);
    expect(businesses.some((b) => fuelIds.has(b.sourceId))).toBe(false);
    expect(businesses).toHaveLength(104);
    expect(skipped).toEqual({ outsideLagos: 0, outOfScope: 536, unnamed: 34, duplicate: 0 });
  });
});

describe('mapOsmPoints tag mapping', () => {
  it.each([
    ['shop=car', 'Car Dealership / Sales'],
    ['shop=car_repair', 'Mechanic / Repair Services'],
    ['shop=car_parts', 'Auto Parts & Accessories'],
    ['shop=tyres', 'Tyre Services'],
    ['amenity=car_wash', 'Car Wash & Detailing'],
    ['amenity=car_rental', 'Car Rental'],
  ])('%s → %s', (tag, category) => {
    expect(OSM_TAG_CATEGORIES[tag]).toBe(category);
    const { businesses } = mapOsmPoints([point({ tag })]);
    expect(businesses).toHaveLength(1);
    expect(businesses[0]!.category).toBe(category);
  });

  it.each(['amenity=fuel', 'shop=motorcycle', 'shop=bakery'])('%s is out of scope', (tag) => {
    const { businesses, skipped } = mapOsmPoints([point({ tag })]);
    expect(businesses).toEqual([]);
    expect(skipped.outOfScope).toBe(1);
  });

  it('counts unnamed, outside-Lagos and duplicate points', () => {
    const { businesses, skipped } = mapOsmPoints([
      point({ id: 'node/1' }),
      point({ id: 'node/1', name: 'Same id again' }),
      point({ id: 'node/1', name: 'And again' }),
      point({ id: 'node/2', name: '' }),
      point({ id: 'node/3', inLagos: false }),
      point({ id: 'node/4', name: 'Other' }),
    ]);
    expect(businesses.map((b) => b.sourceId)).toEqual(['node/1', 'node/4']);
    expect(businesses[0]!.name).toBe('Test Garage');
    expect(skipped).toEqual({ unnamed: 1, outOfScope: 0, outsideLagos: 1, duplicate: 2 });
  });

  it('keeps points outside Lagos when lagosOnly is false', () => {
    const { businesses, skipped } = mapOsmPoints(
      [point({ inLagos: false, lat: 9.05, lon: 7.49 })],
      { lagosOnly: false },
    );
    expect(businesses).toHaveLength(1);
    expect(skipped.outsideLagos).toBe(0);
  });
});

describe('nearestLagosArea', () => {
  it('Ikeja centre → Ikeja', () => {
    expect(nearestLagosArea(6.6018, 3.3515)).toBe('Ikeja');
  });

  it('6.4281, 3.4219 → Victoria Island', () => {
    expect(nearestLagosArea(6.4281, 3.4219)).toBe('Victoria Island');
  });

  it('every area centre maps to itself', () => {
    for (const area of LAGOS_AREAS) expect(nearestLagosArea(area.lat, area.lon)).toBe(area.name);
  });

  it('a point near but not on a centre picks the closest one', () => {
    expect(nearestLagosArea(6.45, 3.58)).toBe('Ajah');
    expect(nearestLagosArea(6.59, 3.97)).toBe('Epe');
  });
});
