import { type Kysely, sql } from 'kysely';
import type { ServiceCategory } from '../../src/schemas/categories.ts';
import type { z } from 'zod';
import {
  splitAddress,
  type BulkRegisterSchema,
  type ScrapedBusiness,
} from '../../src/schemas/imports.ts';
import { slugify } from '../../src/schemas/text.ts';
import { toE164 } from '../_lib/phone.ts';
import type { Database } from '../db/database.ts';

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
      const bySource = await db
        .selectFrom('business_registrations')
        .select(['id', 'business_name'])
        .where('source', '=', result.source)
        .where('source_id', '=', result.source_id)
        .executeTakeFirst();
      if (bySource)
        return {
          ...result,
          duplicate: { ...bySource, reason: 'already imported from the same source' },
        };

      const phone = toE164(result.phone);
      const host = websiteHost(result.website);
      const { city } = splitAddress(result.address);
      const candidates = await db
        .selectFrom('business_registrations')
        .select(['id', 'business_name', 'phone', 'whatsapp', 'website', 'city'])
        .select(
          sql<number>`similarity(lower(business_name), lower(${result.name}))`.as(
            'name_similarity',
          ),
        )
        .where((eb) =>
          eb.or([
            sql<boolean>`lower(business_name) % lower(${result.name})`,
            ...(phone
              ? [
                  sql<boolean>`regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') like ${`%${phone.slice(-10)}`}`,
                  sql<boolean>`regexp_replace(coalesce(whatsapp, ''), '[^0-9]', '', 'g') like ${`%${phone.slice(-10)}`}`,
                ]
              : []),
            ...(host ? [eb('website', 'ilike', `%${host}%`)] : []),
          ]),
        )
        .limit(200)
        .execute();
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

const SOURCE_TAG = { google_places: 'Google Search', openstreetmap: 'OpenStreetMap' } as const;

export interface BulkResult {
  name: string;
  ok: boolean;
  id?: string;
  error?: string;
}

/**
 * SPEC §7 bulk write: city/state from the address (Lagos fallback), contact_visibility public,
 * tags = category + source + Auto-imported, services "<category> services", user_created false,
 * status pending, plus source and source_id so a repeated import never creates a duplicate.
 */
export type BulkBusiness = z.output<typeof BulkRegisterSchema>['businesses'][number];

export async function registerBulk(
  db: Db,
  category: ServiceCategory,
  businesses: BulkBusiness[],
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const business of businesses) {
    const { city, state } = splitAddress(business.address);
    const row = await db
      .insertInto('business_registrations')
      .values({
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
      .onConflict((oc) => oc.columns(['source', 'source_id']).doNothing())
      .returning('id')
      .executeTakeFirst()
      .catch((error: unknown) => ({
        error: error instanceof Error ? error.message : String(error),
      }));
    if (!row) results.push({ name: business.name, ok: false, error: 'Already imported' });
    else if ('error' in row)
      results.push({ name: business.name, ok: false, error: 'Could not be saved' });
    else results.push({ name: business.name, ok: true, id: row.id });
  }
  return results;
}
