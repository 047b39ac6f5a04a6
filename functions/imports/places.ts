import type { ScrapedBusiness } from '../../common/schemas/imports.ts';
import type { ServiceCategory } from '../../common/schemas/categories.ts';
import { env } from '../_lib/env.ts';
import { AppError } from '../_lib/errors.ts';
import { OSM_ATTRIBUTION } from '../../common/config/openstreetmap.ts';
import { OSM_TAG_CATEGORIES } from './osm.ts';
import { normalizeWebUrl } from '../../common/schemas/url.ts';

/**
 * Places search for bulk import (SPEC §7 scrape-google-businesses): Google Places Text Search when
 * GOOGLE_PLACES_API_KEY is set, otherwise OpenStreetMap through the Overpass API. Both answer
 * {@link ScrapedBusiness} items; provider failures become AppErrors with a readable message.
 */
export interface PlacesQuery {
  query: string;
  location: string;
  category: ServiceCategory;
}

export interface PlacesProvider {
  readonly name: 'google_places' | 'openstreetmap';
  readonly attribution: string | null;
  search(query: PlacesQuery): Promise<ScrapedBusiness[]>;
}

/** Largest number of results one search returns. */
export const MAX_RESULTS = 60;

async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  service: string,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new AppError(
      'BAD_REQUEST',
      `${service} could not be reached: ${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message}`,
    );
  }
}

async function readJsonOrFail(response: Response, service: string): Promise<unknown> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError(
      'BAD_REQUEST',
      `${service} answered something that is not JSON (HTTP ${response.status}).`,
    );
  }
  if (!response.ok) {
    const message =
      (body as { error?: { message?: string }; remark?: string })?.error?.message ??
      (body as { remark?: string })?.remark;
    const hint =
      response.status === 403
        ? ' Check the API key.'
        : response.status === 429
          ? ' Too many requests: try again in a minute.'
          : '';
    throw new AppError(
      'BAD_REQUEST',
      `${service} answered HTTP ${response.status}${message ? `: ${message}` : ''}.${hint}`,
    );
  }
  return body;
}

interface GooglePlace {
  id?: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  nationalPhoneNumber?: string;
  internationalPhoneNumber?: string;
  websiteUri?: string;
  rating?: number;
  userRatingCount?: number;
  location?: { latitude?: number; longitude?: number };
}

/** Only the fields the import needs (the field mask also decides Google's billing tier). */
export const GOOGLE_FIELD_MASK = [
  'places.id',
  'places.displayName',
  'places.formattedAddress',
  'places.nationalPhoneNumber',
  'places.internationalPhoneNumber',
  'places.websiteUri',
  'places.rating',
  'places.userRatingCount',
  'places.location',
].join(',');

/** Google Places API (New) Text Search: POST {base}/v1/places:searchText. */
export function googlePlacesProvider(options: {
  apiKey: string;
  baseUrl?: string | undefined;
  timeoutMs?: number;
}): PlacesProvider {
  const base = (options.baseUrl || 'https://places.googleapis.com').replace(/\/$/, '');
  return {
    name: 'google_places',
    attribution: null,
    async search({ query, location, category }) {
      const response = await fetchWithTimeout(
        `${base}/v1/places:searchText`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-goog-api-key': options.apiKey,
            'x-goog-fieldmask': GOOGLE_FIELD_MASK,
          },
          body: JSON.stringify({
            textQuery: `${query} ${category} in ${location}`,
            pageSize: 20,
            languageCode: 'en',
            regionCode: 'NG',
          }),
        },
        options.timeoutMs ?? 15_000,
        'Google Places',
      );
      const body = (await readJsonOrFail(response, 'Google Places')) as { places?: GooglePlace[] };
      if (body.places !== undefined && !Array.isArray(body.places))
        throw new AppError('BAD_REQUEST', 'Invalid response format');
      return (body.places ?? [])
        .flatMap((place): ScrapedBusiness[] => {
          const name = place.displayName?.text?.trim();
          if (!name || !place.id) return [];
          return [
            {
              name,
              address: place.formattedAddress ?? null,
              phone: place.internationalPhoneNumber ?? place.nationalPhoneNumber ?? null,
              // The one website rule (issue 12.4): a provider's non-http(s) value is dropped.
              website: normalizeWebUrl(place.websiteUri),
              rating: typeof place.rating === 'number' ? place.rating : null,
              reviews: typeof place.userRatingCount === 'number' ? place.userRatingCount : null,
              source: 'google_places',
              source_id: place.id,
              latitude: place.location?.latitude ?? null,
              longitude: place.location?.longitude ?? null,
            },
          ];
        })
        .slice(0, MAX_RESULTS);
    },
  };
}

/** Lagos bounding box (south, west, north, east), as in shared/data/osm. */
export const LAGOS_BBOX = [6.36, 2.7, 6.75, 4.36] as const;

/** Our category → the OSM tags that mean it (inverse of OSM_TAG_CATEGORIES). */
export function osmTagsFor(category: ServiceCategory): string[] {
  return Object.entries(OSM_TAG_CATEGORIES)
    .filter(([, c]) => c === category)
    .map(([tag]) => tag);
}

/** The Overpass QL for a category (all automotive tags when the category has none) and a name filter. */
export function overpassQuery(query: string, category: ServiceCategory): string {
  const tags = osmTagsFor(category);
  const selected = tags.length > 0 ? tags : Object.keys(OSM_TAG_CATEGORIES);
  // First a literal regex (backslash included), then an Overpass string literal.
  const escaped = query.replace(/[\\.*+?^${}()|[\]]/g, '\\$&').replace(/[\\"]/g, '\\$&');
  const bbox = LAGOS_BBOX.join(',');
  const words = query.trim().toLowerCase();
  const categoryWords = category.toLowerCase();
  // A query that just names the category ("mechanic") should not also filter by name.
  const nameFilter =
    words && !categoryWords.includes(words) ? `["name"~"${escaped}",i]` : '["name"]';
  const parts = selected.map((tag) => {
    const [key, value] = tag.split('=');
    return `nwr["${key}"="${value}"]${nameFilter}(${bbox});`;
  });
  return `[out:json][timeout:25];(${parts.join('')});out center tags ${MAX_RESULTS};`;
}

interface OverpassElement {
  type: string;
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
}

/** OpenStreetMap through the Overpass API: POST {base}/api/interpreter, form field `data`. */
export function overpassProvider(
  options: { baseUrl?: string | undefined; timeoutMs?: number } = {},
): PlacesProvider {
  const base = (options.baseUrl || 'https://overpass-api.de').replace(/\/$/, '');
  return {
    name: 'openstreetmap',
    attribution: OSM_ATTRIBUTION.text,
    async search({ query, category }) {
      const response = await fetchWithTimeout(
        `${base}/api/interpreter`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'user-agent': 'LagosAutoHub/1.0 (bulk import)',
          },
          body: new URLSearchParams({ data: overpassQuery(query, category) }).toString(),
        },
        options.timeoutMs ?? 30_000,
        'OpenStreetMap (Overpass)',
      );
      const body = (await readJsonOrFail(response, 'OpenStreetMap (Overpass)')) as {
        elements?: OverpassElement[];
      };
      if (!Array.isArray(body.elements))
        throw new AppError('BAD_REQUEST', 'Invalid response format');
      return body.elements
        .flatMap((element): ScrapedBusiness[] => {
          const tags = element.tags ?? {};
          const name = (tags.name ?? tags['name:en'] ?? '').trim();
          if (!name || tags.amenity === 'fuel') return [];
          const street = [tags['addr:housenumber'], tags['addr:street']].filter(Boolean).join(' ');
          const address = [
            street,
            tags['addr:suburb'] ?? tags['addr:city'],
            tags['addr:state'] ?? 'Lagos',
          ]
            .filter(Boolean)
            .join(', ');
          return [
            {
              name,
              address: address || null,
              phone: tags.phone ?? tags['contact:phone'] ?? null,
              website: normalizeWebUrl(tags.website ?? tags['contact:website']),
              rating: null,
              reviews: null,
              source: 'openstreetmap',
              source_id: `${element.type}/${element.id}`,
              latitude: element.lat ?? element.center?.lat ?? null,
              longitude: element.lon ?? element.center?.lon ?? null,
            },
          ];
        })
        .slice(0, MAX_RESULTS);
    },
  };
}

/** The provider this environment uses: Google with GOOGLE_PLACES_API_KEY, else OpenStreetMap. */
export function placesProviderFromEnv(): PlacesProvider {
  const key = env('GOOGLE_PLACES_API_KEY');
  return key
    ? googlePlacesProvider({ apiKey: key, baseUrl: env('GOOGLE_PLACES_BASE_URL') })
    : overpassProvider({ baseUrl: env('OVERPASS_BASE_URL') });
}
