import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../../functions/_lib/env';
import {
  DEFAULT_MAP_TILE_URL,
  mapTileUrlFrom,
  PLACE_ZOOM,
  previewTile,
  TILE_SIZE,
  tileOrigin,
  tileUrlProblem,
  toMapPoints,
} from './map';
import { cspDirectives, DEFAULT_CSP } from './security-headers';

describe('map tiles (issue 16.6, ADR 021)', () => {
  it("defaults to OpenStreetMap's tiles; an empty MAP_TILE_URL counts as unset", () => {
    expect(mapTileUrlFrom({})).toBe(DEFAULT_MAP_TILE_URL);
    expect(mapTileUrlFrom({ MAP_TILE_URL: '' })).toBe(DEFAULT_MAP_TILE_URL);
    expect(mapTileUrlFrom({ MAP_TILE_URL: 'http://127.0.0.1:4391/{z}/{x}/{y}.png' })).toBe(
      'http://127.0.0.1:4391/{z}/{x}/{y}.png',
    );
  });

  it('the CSP source is the template origin, a {s} subdomain as a wildcard', () => {
    expect(tileOrigin(DEFAULT_MAP_TILE_URL)).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('http://127.0.0.1:4391/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:4391');
    expect(tileOrigin('https://{s}.tiles.example.org/v1/{z}/{x}/{y}{r}.png?key=1')).toBe(
      'https://*.tiles.example.org',
    );
  });

  it('refuses templates without {z}/{x}/{y}, other schemes and credentials', () => {
    expect(tileUrlProblem(DEFAULT_MAP_TILE_URL)).toBeNull();
    expect(tileUrlProblem('https://tile.example.org/{z}/{x}.png')).toMatch(/\{y\}/);
    expect(tileUrlProblem('javascript:alert(1)//{z}{x}{y}')).toMatch(/http/);
    expect(tileUrlProblem('ftp://tile.example.org/{z}/{x}/{y}.png')).toMatch(/http/);
    expect(tileUrlProblem('https://u:p@tile.example.org/{z}/{x}/{y}.png')).toMatch(/password/);
    expect(() => tileOrigin('https://tile.example.org/{x}/{y}.png')).toThrow(/MAP_TILE_URL/);
    const schema = ENV_VARIABLES.MAP_TILE_URL.schema;
    expect(schema.parse(undefined)).toBe(DEFAULT_MAP_TILE_URL);
    expect(schema.safeParse('https://tile.example.org/{x}/{y}.png').success).toBe(false);
  });

  it("adds the tiles' origin to img-src only, and only for the pages Astro renders", () => {
    const directives = cspDirectives({ imgSources: ['https://tile.openstreetmap.org'] });
    expect(directives).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(directives.filter((d) => d.includes('openstreetmap'))).toHaveLength(1);
    expect(DEFAULT_CSP).toContain("img-src 'self' data: blob:;");
    expect(cspDirectives({ imgSources: [] })).toContain("img-src 'self' data: blob:");
  });

  it('map points: listings with a slug and both coordinates, in order', () => {
    const base = { business_type: 'Mechanic', slug: 'a', latitude: 6.5, longitude: 3.3 };
    expect(
      toMapPoints([
        { ...base, business_name: 'A' },
        { ...base, business_name: 'Protected', latitude: null, longitude: null },
        { ...base, business_name: 'No slug', slug: null },
        { ...base, business_name: 'B', slug: 'b', latitude: 0, longitude: 0 },
      ]),
    ).toEqual([
      { name: 'A', slug: 'a', lat: 6.5, lng: 3.3, category: 'Mechanic' },
      { name: 'B', slug: 'b', lat: 0, lng: 0, category: 'Mechanic' },
    ]);
  });

  it("the preview tile: the business page's one tile, and where the place is in it (ADR 030)", () => {
    const osm = DEFAULT_MAP_TILE_URL;
    // Web Mercator through the other textbook formula (y from atanh(sin φ)): the global pixel.
    const reference = (lat: number, lng: number, zoom: number) => {
      const size = TILE_SIZE * 2 ** zoom;
      const phi = (lat * Math.PI) / 180;
      return {
        x: ((lng + 180) / 360) * size,
        y: (0.5 - Math.atanh(Math.sin(phi)) / (2 * Math.PI)) * size,
      };
    };
    for (const [lat, lng] of [
      [6.508, 3.3717], // Yaba
      [6.4281, 3.4219], // Victoria Island
      [6.6018, 3.3515], // Ikeja
      [-33.8688, 151.2093],
      [51.5074, -0.1278],
    ] as const) {
      const tile = previewTile(osm, { lat, lng });
      const { x, y } = reference(lat, lng, PLACE_ZOOM);
      const [z, tx, ty] = tile.url
        .match(/(\d+)\/(\d+)\/(\d+)\.png$/)!
        .slice(1)
        .map(Number);
      expect(z).toBe(PLACE_ZOOM);
      expect(tx! * TILE_SIZE + tile.x).toBeCloseTo(x, -0.5);
      expect(ty! * TILE_SIZE + tile.y).toBeCloseTo(y, -0.5);
      expect(tile.x).toBeGreaterThanOrEqual(0);
      expect(tile.y).toBeLessThan(TILE_SIZE);
    }
    expect(previewTile(osm, { lat: 6.508, lng: 3.3717 })).toEqual({
      url: 'https://tile.openstreetmap.org/16/33381/31580.png',
      x: 205,
      y: 179,
    });
    // The equator and the prime meridian are tile corners; {s} and {r} as Leaflet fills them.
    expect(previewTile(osm, { lat: 0, lng: 0 }, 1)).toEqual({
      url: 'https://tile.openstreetmap.org/1/1/1.png',
      x: 0,
      y: 0,
    });
    expect(
      previewTile('https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png', { lat: 0, lng: 0 }, 1).url,
    ).toBe('https://a.tiles.example.org/1/1/1.png');
    // The edges of the world stay on its tiles.
    expect(previewTile(osm, { lat: 89, lng: 180 }, 2).url).toMatch(/\/2\/3\/0\.png$/);
    expect(previewTile(osm, { lat: -89, lng: -180 }, 2).url).toMatch(/\/2\/0\/3\.png$/);
  });
});
