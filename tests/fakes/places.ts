import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback fake of the two places providers of bulk import (functions/imports/places.ts):
 * Google Places API (New) Text Search (`POST /v1/places:searchText`, JSON) and the Overpass API
 * (`POST /api/interpreter`, form field `data` with Overpass QL). Answers are deterministic
 * fixtures of Lagos automotive businesses in each provider's wire format. Used in-process by the
 * integration tests (`start(0)`) and standalone by Playwright (tests/fakes/places-server.ts).
 */
export interface RecordedPlacesRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  /** JSON body (Google) or undefined. */
  json: unknown;
  /** The Overpass QL of the form field `data` (Overpass) or undefined. */
  data: string | undefined;
}

export interface GooglePlaceFixture {
  id?: string;
  displayName?: { text: string; languageCode?: string };
  formattedAddress?: string;
  internationalPhoneNumber?: string;
  nationalPhoneNumber?: string;
  websiteUri?: string;
  rating?: number;
  userRatingCount?: number;
  location?: { latitude: number; longitude: number };
}

export interface OverpassElementFixture {
  type: 'node' | 'way' | 'relation';
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
}

/** Google Text Search results (one without a display name, which the provider drops). */
export const GOOGLE_PLACES: readonly GooglePlaceFixture[] = [
  {
    id: 'ChIJfake-ikeja-auto-clinic',
    displayName: { text: 'Ikeja Auto Clinic', languageCode: 'en' },
    formattedAddress: '12 Allen Ave, Ikeja 101233, Lagos, Nigeria',
    internationalPhoneNumber: '+234 801 234 5678',
    nationalPhoneNumber: '0801 234 5678',
    websiteUri: 'https://ikejaautoclinic.example.ng/',
    rating: 4.5,
    userRatingCount: 87,
    location: { latitude: 6.6018, longitude: 3.3515 },
  },
  {
    id: 'ChIJfake-yaba-tyre-battery',
    displayName: { text: 'Yaba Tyre & Battery Centre', languageCode: 'en' },
    formattedAddress: '45 Herbert Macaulay Way, Yaba 101245, Lagos, Nigeria',
    internationalPhoneNumber: '+234 802 000 1111',
    nationalPhoneNumber: '0802 000 1111',
    websiteUri: 'http://www.yabatyres.example.ng/',
    rating: 4.1,
    userRatingCount: 23,
    location: { latitude: 6.5095, longitude: 3.3711 },
  },
  {
    id: 'ChIJfake-lekki-motors',
    displayName: { text: 'Lekki Motors Service Centre', languageCode: 'en' },
    formattedAddress: '3 Admiralty Way, Lekki, Lagos State, Nigeria',
    nationalPhoneNumber: '0803 333 4444',
    rating: 3.9,
    userRatingCount: 12,
    location: { latitude: 6.4474, longitude: 3.4726 },
  },
  {
    id: 'ChIJfake-surulere-auto-electricals',
    displayName: { text: 'Surulere Auto Electricals', languageCode: 'en' },
    formattedAddress: 'Adeniran Ogunsanya St, Surulere, Lagos, Nigeria',
    location: { latitude: 6.4926, longitude: 3.3565 },
  },
  {
    id: 'ChIJfake-festac-car-wash',
    displayName: { text: 'Festac Sparkle Car Wash', languageCode: 'en' },
    formattedAddress: '2nd Avenue, Festac Town, Lagos, Nigeria',
    internationalPhoneNumber: '+234 809 876 5432',
    rating: 4.8,
    userRatingCount: 5,
    location: { latitude: 6.4664, longitude: 3.2832 },
  },
  {
    id: 'ChIJfake-nameless',
    formattedAddress: 'Ikorodu Rd, Lagos, Nigeria',
  },
];

/**
 * Overpass elements (`out center tags`): named shops, an unnamed repair node, a fuel station
 * and a way (with `center` instead of lat/lon). "Ikeja Accident Repair Centre" repeats a sample
 * business of content/sample-businesses.json (same phone) so the e2e run sees a likely duplicate.
 */
export const OVERPASS_ELEMENTS: readonly OverpassElementFixture[] = [
  {
    type: 'node',
    id: 9100000001,
    lat: 6.6011,
    lon: 3.3517,
    tags: {
      name: 'Allen Avenue Motor Works',
      shop: 'car_repair',
      'addr:housenumber': '14',
      'addr:street': 'Allen Avenue',
      'addr:suburb': 'Ikeja',
      phone: '+234 805 111 2233',
      website: 'https://allenmotorworks.example.ng',
    },
  },
  {
    type: 'node',
    id: 9100000002,
    lat: 6.5094,
    lon: 3.3712,
    tags: {
      name: 'Yaba Spare Parts Hub',
      shop: 'car_parts',
      'addr:street': 'Herbert Macaulay Way',
      'addr:suburb': 'Yaba',
      phone: '+234 806 222 3344',
    },
  },
  {
    type: 'node',
    id: 9100000003,
    lat: 6.4473,
    lon: 3.4727,
    tags: {
      name: 'Lekki Auto Mall',
      shop: 'car',
      'addr:suburb': 'Lekki',
      website: 'http://www.lekkiautomall.example.ng',
    },
  },
  {
    type: 'way',
    id: 9100000004,
    center: { lat: 6.5863, lon: 3.3792 },
    tags: { name: 'Ojota Mechanic Village', craft: 'car_repair', 'addr:suburb': 'Ojota' },
  },
  {
    type: 'node',
    id: 9100000005,
    lat: 6.5244,
    lon: 3.3792,
    tags: { shop: 'car_repair' },
  },
  {
    type: 'node',
    id: 9100000006,
    lat: 6.5986,
    lon: 3.3489,
    tags: {
      name: 'Obafemi Awolowo Way Filling Station',
      amenity: 'fuel',
      shop: 'car_repair',
      brand: 'TotalEnergies',
    },
  },
  {
    type: 'node',
    id: 9100000007,
    lat: 6.6052,
    lon: 3.3499,
    tags: {
      name: 'Ikeja Accident Repair Centre',
      shop: 'car_repair',
      'addr:street': 'Oba Akran Avenue',
      'addr:suburb': 'Ikeja',
      phone: '+234 803 000 1740',
    },
  },
  {
    type: 'node',
    id: 9100000008,
    lat: 6.4917,
    lon: 3.3553,
    tags: {
      name: 'Surulere Tyre Masters',
      shop: 'tyres',
      'addr:suburb': 'Surulere',
      'contact:phone': '0807 444 5566',
    },
  },
];

/** The key=value tags an Overpass QL query selects (`nwr["shop"="car_repair"]...`). */
export function qlTags(ql: string): string[] {
  return [...ql.matchAll(/nwr\["([^"]+)"="([^"]+)"\]/g)].map((m) => `${m[1]}=${m[2]}`);
}

/** The name filter of an Overpass QL query (`["name"~"...",i]`), unescaped; null when none. */
export function qlNameFilter(ql: string): string | null {
  const match = ql.match(/\["name"~"((?:[^"\\]|\\.)*)",i\]/);
  return match ? match[1]!.replace(/\\(.)/g, '$1').replace(/\\(.)/g, '$1') : null;
}

/** Elements an Overpass query would return: tag match (any of the element's tags) and name filter. */
export function overpassAnswer(ql: string): OverpassElementFixture[] {
  const tags = new Set(qlTags(ql));
  const name = qlNameFilter(ql)?.toLowerCase();
  return OVERPASS_ELEMENTS.filter((e) => {
    const own = Object.entries(e.tags ?? {}).map(([k, v]) => `${k}=${v}`);
    if (tags.size > 0 && !own.some((t) => tags.has(t))) return false;
    if (name && !(e.tags?.name ?? '').toLowerCase().includes(name)) return false;
    return true;
  });
}

type Mode =
  { kind: 'ok' } | { kind: 'reply'; status: number; body: string } | { kind: 'malformed' };

export interface FakePlaces {
  baseUrl: string;
  /** Every request received (health checks excluded), in arrival order. */
  requests: RecordedPlacesRequest[];
  /** Answer the following provider requests with `status` and a Google-style error body (or `body`). */
  fail(status: number, body?: unknown): void;
  /** Answer the following provider requests with 200 and `body` (JSON). */
  reply(body: unknown, status?: number): void;
  /** Answer the following provider requests with 200 and text that is not JSON. */
  malformed(): void;
  /** Back to the fixtures; clears `requests`. */
  reset(): void;
  stop(): Promise<void>;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const DEFAULT_MESSAGES: Record<number, string> = {
  403: 'The provided API key is invalid.',
  429: 'Quota exceeded for quota metric "Text Search requests".',
};

/** Starts the fake on 127.0.0.1 (`port` 0 picks a free one). */
export async function start(port = 0): Promise<FakePlaces> {
  const requests: RecordedPlacesRequest[] = [];
  let mode: Mode = { kind: 'ok' };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      const send = (status: number, body: string, type = 'application/json; charset=utf-8') => {
        res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      };
      if (req.method === 'GET' && path === '/health') return send(200, '{"ok":true}');

      const isGoogle = req.method === 'POST' && path === '/v1/places:searchText';
      const isOverpass = req.method === 'POST' && path === '/api/interpreter';
      let json: unknown;
      let data: string | undefined;
      if (isGoogle) {
        try {
          json = JSON.parse(raw);
        } catch {
          json = undefined;
        }
      }
      if (isOverpass) data = new URLSearchParams(raw).get('data') ?? undefined;
      requests.push({ method: req.method ?? '', path, headers: req.headers, raw, json, data });

      if (!isGoogle && !isOverpass)
        return send(
          404,
          JSON.stringify({ error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } }),
        );
      if (mode.kind === 'reply') return send(mode.status, mode.body);
      if (mode.kind === 'malformed')
        return send(200, '<html><body>Service temporarily unavailable{', 'text/html');

      if (isGoogle) {
        if (!req.headers['x-goog-api-key']) {
          return send(
            403,
            JSON.stringify({
              error: {
                code: 403,
                message: 'The request is missing a valid API key.',
                status: 'PERMISSION_DENIED',
              },
            }),
          );
        }
        const textQuery = (json as { textQuery?: unknown } | undefined)?.textQuery;
        if (typeof textQuery !== 'string' || !textQuery.trim()) {
          return send(
            400,
            JSON.stringify({
              error: { code: 400, message: 'Empty text_query.', status: 'INVALID_ARGUMENT' },
            }),
          );
        }
        return send(200, JSON.stringify({ places: GOOGLE_PLACES }));
      }
      if (!data) return send(400, JSON.stringify({ remark: 'runtime error: no query given' }));
      return send(
        200,
        JSON.stringify({
          version: 0.6,
          generator: 'Overpass API (fake)',
          osm3s: {
            timestamp_osm_base: '2024-01-01T00:00:00Z',
            copyright:
              'The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.',
          },
          elements: overpassAnswer(data),
        }),
      );
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${actual}`,
    requests,
    fail(status, body) {
      mode = {
        kind: 'reply',
        status,
        body: JSON.stringify(
          body ?? {
            error: {
              code: status,
              message: DEFAULT_MESSAGES[status] ?? 'Request failed.',
              status: STATUS_NAMES[status] ?? 'UNKNOWN',
            },
          },
        ),
      };
    },
    reply(body, status = 200) {
      mode = { kind: 'reply', status, body: JSON.stringify(body) };
    },
    malformed() {
      mode = { kind: 'malformed' };
    },
    reset() {
      mode = { kind: 'ok' };
      requests.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
