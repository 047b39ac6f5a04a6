import { z } from 'zod';
import { CATEGORY_PAGES, type CategoryPageKey } from './categories';

const CATEGORY_PAGE_KEYS = Object.keys(CATEGORY_PAGES) as [CategoryPageKey, ...CategoryPageKey[]];

/**
 * Public directory shapes and the rules shared by the site and the function layer
 * (SPEC §2 business card, §3 business_directory, §4 verification, §7 search, §9 card counts).
 */

export const VERIFICATION_BADGES = {
  verified: 'Verified',
  verification_pending: 'Verification Pending',
  not_verified: 'Not Verified',
} as const;

/** SPEC §4: only these three values show a badge; `pending` and anything else show none. */
export function verificationBadge(status: string | null | undefined): string | null {
  return status && Object.hasOwn(VERIFICATION_BADGES, status)
    ? VERIFICATION_BADGES[status as keyof typeof VERIFICATION_BADGES]
    : null;
}

/**
 * A listing as every public output carries it: a business_directory row (SPEC §3) after
 * contact protection. For `registered_users_only` rows `email`, `phone`, `whatsapp`,
 * `address`, `latitude` and `longitude` are null and `contact_protected` is true.
 * Dates are ISO 8601 strings.
 */
export interface PublicBusiness {
  id: string;
  business_registration_id: string;
  slug: string | null;
  business_name: string;
  business_type: string;
  services: string | null;
  description: string | null;
  tags: string[];
  city: string | null;
  state: string | null;
  general_location: string | null;
  /** Lagos area (LGA or neighbourhood), for the area filter. */
  area: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  website: string | null;
  featured: boolean;
  display_order: number;
  created_at: string;
  star_rating: number;
  verification_status: string;
  contact_visibility: 'public' | 'registered_users_only';
  contact_protected: boolean;
  latitude: number | null;
  longitude: number | null;
  opening_hours: Record<string, string> | null;
  source: string | null;
  source_id: string | null;
  is_sample: boolean;
}

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
] as const satisfies readonly (keyof PublicBusiness)[];

export type BusinessCardData = Pick<PublicBusiness, (typeof CARD_FIELDS)[number]>;

/** The card fields of a listing (public view already: contact protection is upstream). */
export function toCardData(business: BusinessCardData): BusinessCardData {
  return Object.fromEntries(CARD_FIELDS.map((key) => [key, business[key]])) as BusinessCardData;
}

/** Contact details as signed-in users receive them (`GET /api/directory/:id/contact`). */
export interface BusinessContact {
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  /** E.164 forms for tel: and wa.me links, null when the number cannot be read. */
  phone_e164: string | null;
  whatsapp_e164: string | null;
}

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/** Most rows any list endpoint returns at once (ADR 011: every list is paged). */
export const MAX_PAGE_SIZE = 100;
/** Cards on one page of a category page, the featured list and the listing API by default. */
export const DIRECTORY_PAGE_SIZE = 24;
/** Deepest numbered page served (24 × 5,000 = 120,000 listings in one category). */
export const MAX_PAGE_NUMBER = 5_000;

/**
 * `GET /api/directory` parameters: approved listings in the listing order of SPEC §7, paged.
 * `category` is a category page key (its own index); `type` the free SPEC §7 type filter.
 * Either `cursor` (keyset, from the previous page's `nextCursor`) or `page` (1-based, as the
 * numbered category pages link them), never both.
 */
export const DirectoryListQuerySchema = z
  .object({
    category: z.enum(CATEGORY_PAGE_KEYS, 'Unknown category').optional(),
    type: text(100).optional(),
    location: text(100).optional(),
    area: text(100).optional(),
    featured: z.enum(['true']).optional(),
    cursor: z.string().max(300).optional(),
    page: z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DIRECTORY_PAGE_SIZE),
  })
  .refine((q) => !(q.cursor && q.page), {
    message: 'Use either cursor or page, not both.',
    path: ['cursor'],
  });
export type DirectoryListQuery = z.output<typeof DirectoryListQuerySchema>;

/**
 * One page of a list: the rows, the total number of matches, and the cursor of the next page
 * (null on the last page).
 */
export interface DirectoryPage {
  businesses: PublicBusiness[];
  total: number;
  nextCursor: string | null;
}

export const BusinessIdSchema = z.object({ id: z.uuid('Invalid business id') });

/** The type-filter rule (SPEC §7): business_type, services or a tag contains the type, any case. */
export function matchesTypeFilter(
  business: Pick<PublicBusiness, 'business_type' | 'services' | 'tags'>,
  type: string,
): boolean {
  const needle = type.toLowerCase();
  return (
    business.business_type.toLowerCase().includes(needle) ||
    (business.services ?? '').toLowerCase().includes(needle) ||
    business.tags.some((tag) => tag.toLowerCase().includes(needle))
  );
}

/**
 * SPEC §9 "Count per service card": a business counts for a card when its business_type
 * matches the card's type, or its services match it (case-insensitive substring), or one of
 * its tags equals it exactly.
 */
export function countsForServiceCard(
  business: Pick<PublicBusiness, 'business_type' | 'services' | 'tags'>,
  cardType: string,
): boolean {
  const needle = cardType.toLowerCase();
  return (
    business.business_type.toLowerCase().includes(needle) ||
    (business.services ?? '').toLowerCase().includes(needle) ||
    business.tags.includes(cardType)
  );
}

/** The location line of a card: "general location, city, state" without blanks or repeats. */
export function locationLine(
  business: Pick<PublicBusiness, 'general_location' | 'city' | 'state'>,
): string {
  const parts = [business.general_location, business.city, business.state]
    .map((p) => p?.trim())
    .filter((p): p is string => Boolean(p));
  return [...new Set(parts)].join(', ');
}
