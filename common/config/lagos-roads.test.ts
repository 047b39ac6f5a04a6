import { describe, expect, it } from 'vitest';
import { isNearLagos, LAGOS_AREAS } from './lagos-areas';
import {
  coverageName,
  coverageSlugOf,
  LAGOS_ROADS,
  nearestPlace,
  placeBySlug,
  ROAD_POINTS,
} from './lagos-roads';
import {
  BAD_POSITION_MESSAGE,
  locationMessage,
  OUTSIDE_LAGOS_ROADSIDE_MESSAGE,
  roadsideOrigin,
  UNKNOWN_PLACE_MESSAGE,
} from '../schemas/roadside-near';

describe('major roads (issue 38.1)', () => {
  it('has the ten roads the issue names, each placed in Lagos, slugs unique among roads and areas', () => {
    expect(LAGOS_ROADS.map((r) => r.road)).toEqual([
      'Third Mainland Bridge',
      'Lekki–Epe Expressway',
      'Apapa–Oshodi Expressway',
      'Lagos–Ibadan Expressway',
      'Ikorodu Road',
      'Badagry Expressway',
      'Eko Bridge',
      'Carter Bridge',
      'Funsho Williams Avenue',
      'Ikotun–Igando Road',
    ]);
    const slugs = [...ROAD_POINTS.map((p) => p.slug), ...LAGOS_AREAS.map((a) => a.slug)];
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const p of ROAD_POINTS) {
      expect(isNearLagos(p.lat, p.lon)).toBe(true);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('names the road a position is on, else the nearest area', () => {
    expect(nearestPlace(6.513, 3.4028).place.name).toBe('Third Mainland Bridge (middle)');
    expect(nearestPlace(6.6018, 3.3515).place).toMatchObject({ kind: 'area', name: 'Ikeja' });
    expect(placeBySlug('eko-bridge')).toMatchObject({ kind: 'road', name: 'Eko Bridge' });
    expect(placeBySlug('ikeja')).toMatchObject({ kind: 'area' });
    expect(placeBySlug('nowhere')).toBeUndefined();
  });
});

describe('roadside origin (issue 38.7: bad positions and places get a clear message)', () => {
  it.each([
    [{ lat: 'abc', lng: '3.4' }, BAD_POSITION_MESSAGE],
    [{ lat: '', lng: '' }, BAD_POSITION_MESSAGE],
    [{ lat: 'NaN', lng: '3.4' }, BAD_POSITION_MESSAGE],
    [{ lat: '95', lng: '3.4' }, BAD_POSITION_MESSAGE],
    [{ lat: '6.5', lng: '-200' }, BAD_POSITION_MESSAGE],
    [{ lat: 'Infinity', lng: '3.4' }, BAD_POSITION_MESSAGE],
    [{ lat: '9.0765', lng: '7.3986' }, OUTSIDE_LAGOS_ROADSIDE_MESSAGE],
    [{ near: 'third-mainland' }, UNKNOWN_PLACE_MESSAGE],
    [{ near: '' }, UNKNOWN_PLACE_MESSAGE],
  ])('%j → %s', (input, message) => {
    expect(roadsideOrigin(input)).toEqual({ error: message });
  });

  it('rounds a position to about 11 m and names the place near it; keeps a known make only', () => {
    const found = roadsideOrigin({ lat: '6.51301234', lng: '3.40281234', make: 'Toyota' });
    expect(found).toMatchObject({
      origin: { lat: 6.513, lng: 3.4028, exact: true, make: 'Toyota' },
    });
    const chosen = roadsideOrigin({ near: 'eko-bridge', make: '<script>' });
    expect(chosen).toMatchObject({ origin: { exact: false, make: undefined } });
    if (!('origin' in found)) throw new Error('expected an origin');
    expect(locationMessage(found.origin)).toBe(
      "I need help: my car has broken down. I'm near Third Mainland Bridge (middle), Lagos. My car is a Toyota. Map: https://www.openstreetmap.org/?mlat=6.513&mlon=3.4028#map=17/6.513/3.4028",
    );
  });
});

describe('roads a mobile business covers (issue 38.3)', () => {
  it('are slugs of their own beside the areas, named back, read from a CSV cell', async () => {
    const { CoverageAreasSchema } = await import('../schemas/roadside');
    expect(CoverageAreasSchema.parse(['ikeja', 'lekki-epe-expressway', 'ikeja'])).toEqual([
      'ikeja',
      'lekki-epe-expressway',
    ]);
    expect(CoverageAreasSchema.safeParse(['lekki-expressway']).success).toBe(false);
    expect(coverageName('lekki-epe-expressway')).toBe('Lekki–Epe Expressway');
    expect(coverageName('victoria-island')).toBe('Victoria Island');
    expect(coverageSlugOf('Lekki–Epe Expressway')).toBe('lekki-epe-expressway');
    expect(coverageSlugOf('third mainland bridge')).toBe('third-mainland-bridge');
    expect(coverageSlugOf('Victoria Island')).toBe('victoria-island');
    expect(coverageSlugOf('Nowhere Road')).toBeUndefined();
  });
});
