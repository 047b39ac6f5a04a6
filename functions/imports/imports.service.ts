import type { Kysely } from 'kysely';
import type { ServiceCategory } from '../../common/schemas/categories.ts';
import {
  splitAddress,
  type BulkBusiness,
  type BulkResult,
  type PlacesSearchResponse,
  type ScrapedBusiness,
} from '../../common/schemas/imports.ts';
import { slugify } from '../../common/schemas/text.ts';
import { toE164 } from '../_lib/phone.ts';
import { enforceRateLimits } from '../_lib/rate-limit.ts';
import type { Database } from '../db/database.ts';
import * as registrations from '../registrations/registrations.repository.ts';
import * as repository from './imports.repository.ts';
import type { PlacesProvider, PlacesQuery } from './places.ts';

type Db = Kysely<Database>;

/** `https://www.Example.com/x` → `example.com`; null when not a URL. */
export function websiteHost(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname
      .toLowerCase()
      .replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** How similar two names must be (pg_trgm similarity, 0..1) to count as the same business in one city. */
export const NAME_SIMILARITY = 0.55;

/**
 * Flags results that probably exist already (issue "Bulk import"): same source id, same phone
 * (normalised to +234), same website host, or a similar name in the same city. Returns the results
 * with `duplicate` set to the existing listing and the reason.
 */
export async function markDuplicates(
  db: Db,
  results: ScrapedBusiness[],
): Promise<ScrapedBusiness[]> {
  return Promise.all(
    results.map(async (result) => {
      const bySource = await repository.findBySource(db, result.source, result.source_id);
      if (bySource)
        return {
          ...result,
          duplicate: { ...bySource, reason: 'already imported from the same source' },
        };

      const phone = toE164(result.phone);
      const host = websiteHost(result.website);
      const { city } = splitAddress(result.address);
      const candidates = await repository.findDuplicateCandidates(db, {
        name: result.name,
        phoneDigits: phone ? phone.slice(-10) : null,
        host,
      });
      for (const c of candidates) {
        if (phone && (toE164(c.phone) === phone || toE164(c.whatsapp) === phone)) {
          return {
            ...result,
            duplicate: { id: c.id, business_name: c.business_name, reason: 'same phone number' },
          };
        }
        if (host && websiteHost(c.website) === host) {
          return {
            ...result,
            duplicate: { id: c.id, business_name: c.business_name, reason: 'same website' },
          };
        }
        if (
          city &&
          c.city &&
          c.city.toLowerCase() === city.toLowerCase() &&
          Number(c.name_similarity) >= NAME_SIMILARITY
        ) {
          return {
            ...result,
            duplicate: {
              id: c.id,
              business_name: c.business_name,
              reason: 'similar name in the same city',
            },
          };
        }
      }
      return { ...result, duplicate: null };
    }),
  );
}

/** Places searches per hour per signed-in user. */
const SEARCHES_PER_HOUR = 60;

/**
 * Searches the places provider for bulk import (SPEC §7) and flags probable duplicates.
 * @throws AppError RATE_LIMITED past 60 searches an hour per user; the provider's AppErrors.
 */
export async function searchPlaces(
  db: Db,
  provider: PlacesProvider,
  input: PlacesQuery,
  userId: string | undefined,
): Promise<PlacesSearchResponse> {
  await enforceRateLimits(db, [
    { key: `places-search:user:${userId}`, limit: SEARCHES_PER_HOUR, windowSeconds: 3600 },
  ]);
  const found = await provider.search(input);
  return {
    businesses: await markDuplicates(db, found),
    provider: provider.name,
    attribution: provider.attribution,
  };
}

const SOURCE_TAG = { google_places: 'Google Search', openstreetmap: 'OpenStreetMap' } as const;

/**
 * SPEC §7 bulk write: city/state from the address (Lagos fallback), contact_visibility public,
 * tags = category + source + Auto-imported, services "<category> services", user_created false,
 * status pending, plus source and source_id so a repeated import never creates a duplicate.
 * @returns one result per business, in order, and the counts.
 */
export async function registerBulk(
  db: Db,
  category: ServiceCategory,
  businesses: BulkBusiness[],
): Promise<{ results: BulkResult[]; registered: number; failed: number }> {
  const results: BulkResult[] = [];
  for (const business of businesses) {
    const { city, state } = splitAddress(business.address);
    const outcome = await registrations
      .insertImported(db, {
        business_name: business.name,
        business_type: category,
        business_categories: [category],
        email: null,
        phone: business.phone ?? null,
        address: business.address ?? null,
        city,
        state,
        zip_code: '',
        website: business.website ?? null,
        description: `${business.name} offers ${category.toLowerCase()} services in ${city ?? 'Lagos'}. Imported from ${SOURCE_TAG[business.source]}; details not yet confirmed by the owner.`,
        services: `${category} services`,
        tags: [category, SOURCE_TAG[business.source], 'Auto-imported'],
        status: 'pending',
        contact_visibility: 'public',
        user_id: null,
        user_created: false,
        latitude: business.latitude ?? null,
        longitude: business.longitude ?? null,
        source: business.source,
        source_id: business.source_id,
        slug: `${slugify(business.name) || 'business'}-${crypto.randomUUID().slice(0, 6)}`,
      })
      .then(
        (id) => ({ id }),
        () => ({ failed: true as const }),
      );
    if ('failed' in outcome)
      results.push({ name: business.name, ok: false, error: 'Could not be saved' });
    else if (!outcome.id)
      results.push({ name: business.name, ok: false, error: 'Already imported' });
    else results.push({ name: business.name, ok: true, id: outcome.id });
  }
  const registered = results.filter((r) => r.ok).length;
  return { results, registered, failed: results.length - registered };
}
