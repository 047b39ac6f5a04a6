import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories';

/**
 * Bulk import (SPEC §2 Bulk registration, §3 Scraped business result, §7, §9), shared by the page and
 * the function layer.
 */
export const DEFAULT_BULK_LOCATION = 'Lagos, Nigeria';
export const DEFAULT_BULK_CATEGORY = 'Mechanic / Repair Services';

export const PlacesSearchSchema = z.object({
  query: z.string().trim().min(1, 'Please enter what to search for').max(120),
  location: z.string().trim().max(120).default(DEFAULT_BULK_LOCATION),
  category: z.enum(SERVICE_CATEGORIES).default(DEFAULT_BULK_CATEGORY),
});

/** A result of the places search (SPEC §3 plus where it came from and a duplicate hint). */
export interface ScrapedBusiness {
  name: string;
  address: string | null;
  phone: string | null;
  website: string | null;
  rating: number | null;
  reviews: number | null;
  source: 'google_places' | 'openstreetmap';
  source_id: string;
  latitude: number | null;
  longitude: number | null;
  /** Set when the business probably exists already (SPEC-beyond duplicate detection). */
  duplicate?: { id: string; business_name: string; reason: string } | null;
}

export interface PlacesSearchResponse {
  businesses: ScrapedBusiness[];
  provider: 'google_places' | 'openstreetmap';
  attribution: string | null;
}

const scraped = z.object({
  name: z.string().trim().min(2).max(120),
  address: z.string().trim().max(300).nullish(),
  phone: z.string().trim().max(40).nullish(),
  website: z.string().trim().max(300).nullish(),
  rating: z.number().min(0).max(5).nullish(),
  reviews: z.number().int().min(0).nullish(),
  source: z.enum(['google_places', 'openstreetmap']),
  source_id: z.string().min(1).max(200),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});

export const BulkRegisterSchema = z.object({
  category: z.enum(SERVICE_CATEGORIES),
  businesses: z.array(scraped).min(1, 'No Businesses Selected').max(200),
});

/**
 * City and state from a one-line address (SPEC §7 bulk write, state fallback Lagos).
 * The spec takes the first two comma parts; real places addresses start with the street
 * (`12 Allen Ave, Ikeja 101233, Lagos, Nigeria`), so once the country and postcodes are dropped,
 * an address of three or more parts gives its last two: city `Ikeja`, state `Lagos`.
 * `Ikeja, Lagos` → Ikeja / Lagos; `Yaba` → Yaba / Lagos; empty → null / Lagos.
 */
export function splitAddress(address: string | null | undefined): {
  city: string | null;
  state: string;
} {
  const parts = (address ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const meaningful = parts
    .filter((p) => !/^(nigeria|ng)$/i.test(p))
    .map((p) => p.replace(/\s*\b\d{5,6}\b\s*/g, ' ').trim())
    .filter(Boolean);
  if (meaningful.length >= 3) {
    const [city, state] = meaningful.slice(-2);
    return { city: city ?? null, state: cleanState(state) };
  }
  return { city: meaningful[0] ?? null, state: cleanState(meaningful[1]) };
}

function cleanState(value: string | undefined): string {
  const state = value
    ?.replace(/\b\d{5,6}\b/g, '')
    .replace(/\bstate\b/i, '')
    .trim();
  return state || 'Lagos';
}
