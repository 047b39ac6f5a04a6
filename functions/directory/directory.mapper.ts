import type { PublicBusiness } from '../../common/schemas/directory.ts';
import { reviewAverage } from '../../common/schemas/review-rules.ts';
import { responseOf } from '../../common/schemas/listing-lines.ts';
import type { BusinessDirectoryRow } from '../db/database.ts';

/**
 * The one place a directory row becomes public (DESIGN.md "Contact protection"): for
 * `registered_users_only` listings the e-mail, phone, WhatsApp, street address and exact
 * coordinates are removed. Every public output (API, search, pre-rendered HTML) goes through here.
 */
export function toPublicBusiness(row: BusinessDirectoryRow): PublicBusiness {
  const protectedContact = row.contact_visibility === 'registered_users_only';
  return {
    id: row.id,
    business_registration_id: row.business_registration_id,
    slug: row.slug,
    business_name: row.business_name,
    business_type: row.business_type,
    services: row.services,
    description: row.description,
    tags: row.tags,
    city: row.city,
    state: row.state,
    general_location: row.general_location,
    area: row.area,
    address: protectedContact ? null : row.address,
    email: protectedContact ? null : row.email,
    phone: protectedContact ? null : row.phone,
    whatsapp: protectedContact ? null : row.whatsapp,
    website: row.website,
    featured: row.featured,
    display_order: row.display_order,
    created_at: new Date(row.created_at).toISOString(),
    star_rating: Number(row.star_rating),
    verification_status: row.verification_status,
    contact_visibility: row.contact_visibility,
    contact_protected: protectedContact,
    latitude: protectedContact ? null : row.latitude,
    longitude: protectedContact ? null : row.longitude,
    opening_hours: (row.opening_hours as Record<string, string> | null) ?? null,
    source: row.source,
    source_id: row.source_id,
    is_sample: row.is_sample,
    claimed: row.claimed,
    review_count: row.review_count,
    review_average: reviewAverage(row.review_count, row.review_sum),
    verification_checks: row.verification_checks,
    verified_at: row.verified_at ? new Date(row.verified_at).toISOString() : null,
    phone_confirmed_at: row.phone_confirmed_at
      ? new Date(row.phone_confirmed_at).toISOString()
      : null,
    open_24_hours: row.open_24_hours,
    comes_to_you: row.comes_to_you,
    coverage_areas: row.coverage_areas,
    callout_fee_min: row.callout_fee_min,
    callout_fee_max: row.callout_fee_max,
    ...responseOf(row),
  };
}
