import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../../functions/_lib/env';
import {
  DEFAULT_MAP_TILE_URL,
  mapTileUrlFrom,
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
});
