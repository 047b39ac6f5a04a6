import type { PhotoCover } from './photos';
import type { CARD_FIELDS } from './card-data';
/**
 * The public listing as the browser sees it (SPEC §2 business card and dialog, §3
 * business_directory, §4 verification and star rating): shapes and small pure rules shared by the
 * pages, the public islands and the function layer. No Zod and no other dependency here: public
 * islands import this module, and their pages carry no validation code (issue 13.2). The request
 * schemas live in `directory.ts`, which re-exports everything here.
 */

export const VERIFICATION_BADGES = {
  verified: 'Verified',
  verification_pending: 'Verification Pending',
  not_verified: 'Not Verified',
} as const;

/**
 * SPEC §3 contact_visibility values and how the admin names them (issue 13: the edit dialog
 * showed the raw values).
 */
export const CONTACT_VISIBILITY_LABELS = {
  public: 'Public',
  registered_users_only: 'Registered users only',
} as const;

export type ContactVisibility = keyof typeof CONTACT_VISIBILITY_LABELS;

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
  contact_visibility: ContactVisibility;
  contact_protected: boolean;
  latitude: number | null;
  longitude: number | null;
  opening_hours: Record<string, string> | null;
  source: string | null;
  source_id: string | null;
  is_sample: boolean;
  /** True when an owner has claimed the listing: "Claimed" instead of "Claim this business" (ADR 018). */
  claimed: boolean;
  /** Published motorists' reviews (issue 24): how many, and their average to one decimal (null: none). */
  review_count: number;
  review_average: number | null;
  /** The checks behind Verified (`phone`, `cac`, `address`, `identity`) and when (issue 24.6). */
  verification_checks: string[];
  verified_at: string | null;
  /** When the owner confirmed the listing's phone with a code (issue 37.5); absent or null: not. */
  phone_confirmed_at?: string | null;
  /** The cover photo a card shows (issue 26.4); null or absent without one. */
  cover?: PhotoCover | null;
  /** What the owner declares for a stranded motorist (issue 38.3): open at any hour. */
  open_24_hours?: boolean;
  /** A mobile business: it comes to the motorist, in `coverage_areas` (area slugs). */
  comes_to_you?: boolean;
  coverage_areas?: string[];
  /** The call-out fee range in whole naira, both or neither (absent: not declared). */
  callout_fee_min?: number | null;
  callout_fee_max?: number | null;
  /**
   * How the business answers Find It requests (issue 36.5), from three requests in 90 days on:
   * the median hours to a first answer (rounded up, at least 1) and the share answered (%).
   * Absent before.
   */
  answers_within_hours?: number | null;
  answer_rate?: number | null;
}

/** What a card shows (the fields of {@link CARD_FIELDS}, common/schemas/card-data.ts). */
export type BusinessCardData = Pick<PublicBusiness, (typeof CARD_FIELDS)[number]>;

/** The location line of a card: "general location, city, state" without blanks or repeats. */
export function locationLine(
  business: Pick<PublicBusiness, 'general_location' | 'city' | 'state'>,
): string {
  const parts = [business.general_location, business.city, business.state]
    .map((p) => p?.trim())
    .filter((p): p is string => Boolean(p));
  return [...new Set(parts)].join(', ');
}

/**
 * SPEC §4 star_rating (0–5 in half steps) as shown: clamped to 0–5 and rounded to the nearest
 * half. `starValue(4.3)` → 4.5.
 */
export function starValue(rating: number): number {
  return Math.max(0, Math.min(5, Math.round(rating * 2) / 2));
}

/**
 * The full address line: street address, then the city and state unless the address already
 * names them (imports often write "12 Allen Avenue, Ikeja" and city "Ikeja": shown once, not
 * "12 Allen Avenue, Ikeja, Ikeja"). Parts are compared case-insensitively as whole
 * comma-separated parts. `fullAddress('12 Allen Avenue, Ikeja', 'Ikeja', 'Lagos')` →
 * `'12 Allen Avenue, Ikeja, Lagos'`; blank parts are left out; all blank gives `''`.
 */
export function fullAddress(
  address: string | null | undefined,
  city: string | null | undefined,
  state: string | null | undefined,
): string {
  const parts = (address ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const seen = new Set(parts.map((p) => p.toLowerCase()));
  for (const extra of [city, state]) {
    const value = extra?.trim();
    if (!value || seen.has(value.toLowerCase())) continue;
    parts.push(value);
    seen.add(value.toLowerCase());
  }
  return parts.join(', ');
}

/** `5000` → `"₦5,000"` (whole naira). */
export function nairaText(amount: number): string {
  return `₦${Math.round(amount).toLocaleString('en-US')}`;
}
