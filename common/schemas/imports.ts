import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories';
import { nullableWebsite } from './url';

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

export const PLACES_PROVIDERS = ['google_places', 'openstreetmap'] as const;
export type PlacesProviderName = (typeof PLACES_PROVIDERS)[number];

/** A result of the places search (SPEC §3 plus where it came from and a duplicate hint). */
export const ScrapedBusinessSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  rating: z.number().nullable(),
  reviews: z.number().nullable(),
  source: z.enum(PLACES_PROVIDERS),
  source_id: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Set when the business probably exists already (SPEC-beyond duplicate detection). */
  duplicate: z.object({ id: z.string(), business_name: z.string(), reason: z.string() }).nullish(),
});
export type ScrapedBusiness = z.infer<typeof ScrapedBusinessSchema>;

/** `GET /api/imports/provider` → which provider searches, for the page's status banner. */
export const PlacesProviderResponseSchema = z.object({
  provider: z.enum(PLACES_PROVIDERS),
  attribution: z.string().nullable(),
});
export type PlacesProviderResponse = z.infer<typeof PlacesProviderResponseSchema>;

/** `POST /api/imports/search` → the results (SPEC §7 shape) and who provided them. */
export const PlacesSearchResponseSchema = PlacesProviderResponseSchema.extend({
  businesses: z.array(ScrapedBusinessSchema),
});
export type PlacesSearchResponse = z.infer<typeof PlacesSearchResponseSchema>;

const scraped = z.object({
  name: z.string().trim().min(2).max(120),
  address: z.string().trim().max(300).nullish(),
  phone: z.string().trim().max(40).nullish(),
  website: nullableWebsite,
  rating: z.number().min(0).max(5).nullish(),
  reviews: z.number().int().min(0).nullish(),
  source: z.enum(PLACES_PROVIDERS),
  source_id: z.string().min(1).max(200),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});

export const BulkRegisterSchema = z.object({
  category: z.enum(SERVICE_CATEGORIES),
  businesses: z.array(scraped).min(1, 'No Businesses Selected').max(200),
});

export type BulkBusiness = z.output<typeof BulkRegisterSchema>['businesses'][number];

/** One row of a bulk registration: saved (with its id) or refused with the reason. */
export const BulkResultSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  id: z.uuid().optional(),
  error: z.string().optional(),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** `POST /api/admin/imports/register` → one result per business and the counts. */
export const BulkRegisterResponseSchema = z.object({
  results: z.array(BulkResultSchema),
  registered: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type BulkRegisterResponse = z.infer<typeof BulkRegisterResponseSchema>;

/** `POST /api/admin/imports/csv`: the file's text; `commit` imports the valid rows. */
export const CsvImportSchema = z.object({
  csv: z
    .string()
    .min(1, 'The file is empty')
    .max(2_000_000, 'The file is too large (2 MB at most)'),
  commit: z.boolean().default(false),
});

export const CSV_FORMATS = ['export', 'osm'] as const;
/** `export`: the file Export All Businesses writes (SPEC §9 columns); `osm`: an OpenStreetMap extract. */
export type CsvFormat = (typeof CSV_FORMATS)[number];

export const CsvRowReportSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  ok: z.boolean(),
  errors: z.array(z.string()),
});
export type CsvRowReport = z.infer<typeof CsvRowReportSchema>;

/** `POST /api/admin/imports/csv` → a preview with per-row errors, or the import's outcome. */
export const CsvImportReportSchema = z.object({
  format: z.enum(CSV_FORMATS),
  rows: z.array(CsvRowReportSchema),
  valid: z.number().int().min(0),
  invalid: z.number().int().min(0),
  imported: z.number().int().min(0),
  /** OpenStreetMap rows left out by the mapping (unnamed, fuel and other out-of-scope tags, outside Lagos). */
  skipped: z.record(z.string(), z.number().int()),
});
export type CsvImportReport = z.infer<typeof CsvImportReportSchema>;

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
