import type { BusinessCardData, PublicBusiness } from './listing';

/**
 * The card fields of a listing (ADR 011), apart from listing.ts: only pages with live lists of
 * cards load them; the business page's scripts are budgeted (issue 13.2).
 */

/**
 * What a business card and its detail dialog show (SPEC §2): the props a page hands to its
 * islands, so a page of 24 cards does not carry fields no card uses (ADR 011).
 */
export const CARD_FIELDS = [
  'id',
  'slug',
  'business_name',
  'business_type',
  'services',
  'description',
  'tags',
  'city',
  'state',
  'general_location',
  'area',
  'address',
  'email',
  'phone',
  'whatsapp',
  'website',
  'featured',
  'star_rating',
  'verification_status',
  'contact_protected',
  'latitude',
  'longitude',
  'source',
  'is_sample',
  'claimed',
  'review_count',
  'review_average',
  'verification_checks',
  'verified_at',
  'phone_confirmed_at',
  'cover',
  'opening_hours',
  'open_24_hours',
  'comes_to_you',
  'coverage_areas',
  'callout_fee_min',
  'callout_fee_max',
  'answers_within_hours',
  'answer_rate',
] as const satisfies readonly (keyof PublicBusiness)[];

/** Card fields most listings leave empty: sent only when set, so 24 cards stay small. */
const SPARSE_CARD_FIELDS = new Set<keyof BusinessCardData>([
  'phone_confirmed_at',
  'opening_hours',
  'open_24_hours',
  'comes_to_you',
  'coverage_areas',
  'callout_fee_min',
  'callout_fee_max',
  'answers_within_hours',
  'answer_rate',
]);

/**
 * The card fields of a listing (public view already: contact protection is upstream). A phone
 * never confirmed is left out rather than sent as null: most cards carry no such day (issue 37.5);
 * so are hours, 24 hours, comes to you, its areas and a call-out fee not declared (issue 38.3).
 */
export function toCardData(business: BusinessCardData): BusinessCardData {
  return Object.fromEntries(
    CARD_FIELDS.filter((key) => {
      if (!SPARSE_CARD_FIELDS.has(key)) return true;
      const value = business[key];
      return Array.isArray(value) ? value.length > 0 : Boolean(value) || value === 0;
    }).map((key) => [key, business[key]]),
  ) as BusinessCardData;
}
