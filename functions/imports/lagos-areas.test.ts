import { describe, expect, it } from 'vitest';
import {
  areaBySlug,
  areaByName,
  areaNamesWithin,
  isNearLagos,
  LAGOS_AREAS,
} from '../../common/config/lagos-areas.ts';
import { AREA_RADIUS_KM, areaNamedIn, deriveArea, distanceKm, nearestArea } from './lagos-areas.ts';

describe('the shipped Lagos area list', () => {
  it('has the 20 LGAs, unique names and slugs, and centres inside Lagos', () => {
    expect(LAGOS_AREAS.filter((a) => a.kind === 'lga')).toHaveLength(20);
    expect(new Set(LAGOS_AREAS.map((a) => a.name)).size).toBe(LAGOS_AREAS.length);
    expect(new Set(LAGOS_AREAS.map((a) => a.slug)).size).toBe(LAGOS_AREAS.length);
    for (const area of LAGOS_AREAS) {
      expect(isNearLagos(area.lat, area.lon), area.name).toBe(true);
      expect(area.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(areaByName(area.lga)?.kind, `${area.name} lies in an LGA of the list`).toBe('lga');
    }
  });

  it('finds areas by slug and by name', () => {
    expect(areaBySlug('victoria-island')?.name).toBe('Victoria Island');
    expect(areaBySlug('IKEJA')?.name).toBe('Ikeja');
    expect(areaBySlug('mile-2')?.name).toBe('Mile 2');
    expect(areaByName('eti-osa')?.slug).toBe('eti-osa');
    expect(areaBySlug('atlantis')).toBeUndefined();
  });
});

describe('areaNamesWithin', () => {
  it('gives an LGA with its neighbourhoods, a neighbourhood alone', () => {
    expect([...areaNamesWithin('Ikeja')].sort()).toEqual([
      'Alausa',
      'Ikeja',
      'Ogba',
      'Ojodu',
      'Opebi',
    ]);
    expect(areaNamesWithin('Opebi')).toEqual(['Opebi']);
    expect(areaNamesWithin('Epe')).toEqual(['Epe']);
    expect(areaNamesWithin('Atlantis')).toEqual(['Atlantis']);
    // Every neighbourhood is within exactly one LGA, and every LGA lists only its own.
    for (const n of LAGOS_AREAS.filter((a) => a.kind === 'neighbourhood')) {
      const lgas = LAGOS_AREAS.filter(
        (a) => a.kind === 'lga' && areaNamesWithin(a.name).includes(n.name),
      );
      expect(
        lgas.map((a) => a.name),
        n.name,
      ).toEqual([n.lga]);
    }
  });
});

describe('deriveArea', () => {
  it('takes the name the address gives, any case and punctuation', () => {
    expect(deriveArea({ address: '12 Allen Avenue, Ikeja' })).toBe('Ikeja');
    expect(deriveArea({ address: 'Plot 5, Adeola Odeku St, V.I.' })).toBe('Victoria Island');
    expect(deriveArea({ address: '3 Ladipo Market Road, Mushin' })).toBe('Ladipo');
    expect(deriveArea({ address: '21 Road, Festac Town' })).toBe('Festac');
    expect(deriveArea({ address: 'Lekki Phase 1' })).toBe('Lekki');
  });

  it('skips place names that are part of a street name', () => {
    expect(deriveArea({ address: 'KM 22 Lekki-Epe Expressway, Ajah' })).toBe('Ajah');
    expect(deriveArea({ address: '120 Ikorodu Road, Maryland' })).toBe('Maryland');
    expect(deriveArea({ address: '45 Agege Motor Road, Mushin' })).toBe('Mushin');
    expect(deriveArea({ address: 'Apapa Road', city: 'Ebute Metta' })).toBe('Ebute Metta');
    // An alias that is a street of its area still names it.
    expect(deriveArea({ address: '9 Bode Thomas Street' })).toBe('Surulere');
  });

  it('prefers the longer name at one place: Ibeju-Lekki is not Lekki, Oshodi-Isolo not Oshodi', () => {
    expect(deriveArea({ address: 'Awoyaya junction, Ibeju-Lekki' })).toBe('Ibeju-Lekki');
    expect(areaNamedIn('Ibeju Lekki')?.name).toBe('Ibeju-Lekki');
    expect(areaNamedIn('Oshodi-Isolo LGA')?.name).toBe('Oshodi-Isolo');
    expect(areaNamedIn('Oshodi')?.name).toBe('Oshodi');
  });

  it('matches whole words only', () => {
    expect(areaNamedIn('Yabatech Gate')).toBeUndefined();
    expect(areaNamedIn('Epeople Motors')).toBeUndefined();
    expect(areaNamedIn('Lagos')).toBeUndefined();
  });

  it('falls back to the general location, then the city', () => {
    expect(
      deriveArea({
        address: '14 Unknown Street',
        general_location: 'Near Ojota bus stop',
        city: 'Ikeja',
      }),
    ).toBe('Ojota');
    expect(deriveArea({ address: null, general_location: null, city: 'Surulere' })).toBe(
      'Surulere',
    );
  });

  it('names the nearest area centre within the radius when no text names one', () => {
    const yaba = areaByName('Yaba')!;
    expect(
      deriveArea({ city: 'Lagos', latitude: yaba.lat + 0.002, longitude: yaba.lon - 0.002 }),
    ).toBe('Yaba');
    const ikorodu = areaByName('Ikorodu')!;
    expect(deriveArea({ latitude: ikorodu.lat, longitude: ikorodu.lon })).toBe('Ikorodu');
  });

  it('gives null when nothing matches: no names, coordinates too far or outside Lagos', () => {
    expect(deriveArea({})).toBeNull();
    expect(deriveArea({ address: '1 Nowhere Road', city: 'Lagos' })).toBeNull();
    // The Lekki lagoon shore east of Sangotedo: far from every centre on the list.
    const point = { latitude: 6.5, longitude: 3.7 };
    expect(nearestArea(point.latitude, point.longitude).km).toBeGreaterThan(AREA_RADIUS_KM);
    expect(deriveArea(point)).toBeNull();
    expect(deriveArea({ latitude: 9.0765, longitude: 7.3986 })).toBeNull(); // Abuja
    expect(deriveArea({ latitude: Number.NaN, longitude: 3.35 })).toBeNull();
  });
});

describe('distanceKm', () => {
  it('measures great-circle kilometres', () => {
    expect(distanceKm(6.5, 3.35, 6.5, 3.35)).toBe(0);
    // One degree of latitude is ~111.2 km.
    expect(distanceKm(6, 3, 7, 3)).toBeCloseTo(111.19, 1);
    const ikeja = areaByName('Ikeja')!;
    const vi = areaByName('Victoria Island')!;
    expect(distanceKm(ikeja.lat, ikeja.lon, vi.lat, vi.lon)).toBeGreaterThan(19);
    expect(distanceKm(ikeja.lat, ikeja.lon, vi.lat, vi.lon)).toBeLessThan(22);
  });
});
