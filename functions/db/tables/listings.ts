import type { ColumnType, Generated } from 'kysely';
import type { ClaimStatus } from '../../../common/schemas/claims.ts';
import type { ContactVisibility, PublicBusiness } from '../../../common/schemas/listing.ts';
import type { RegistrationStatus } from '../../../common/schemas/registrations.ts';
import type { Json, Timestamp } from './columns.ts';

/** The listings' tables (SPEC §3): registrations, the public view, claims and owner edits. */

// The shared value types are defined once, in common/ (issue 39.2), and named here for the tables.
export type { ClaimStatus, ContactVisibility, RegistrationStatus };
export type VerificationStatus = 'verified' | 'verification_pending' | 'not_verified' | 'pending';

export interface BusinessRegistrationsTable {
  id: Generated<string>;
  business_name: string;
  business_type: string;
  display_name: string | null;
  business_categories: Generated<string[]>;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: Generated<string | null>;
  general_location: string | null;
  website: string | null;
  description: string | null;
  services: string | null;
  tags: Generated<string[]>;
  status: Generated<RegistrationStatus>;
  featured: Generated<boolean>;
  verified: Generated<boolean>;
  display_order: Generated<number>;
  verification_status: Generated<VerificationStatus>;
  star_rating: Generated<number>;
  contact_visibility: Generated<ContactVisibility>;
  user_id: string | null;
  user_created: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  // later: business pages, maps, hours, WhatsApp, imports, claims
  slug: string | null;
  latitude: number | null;
  longitude: number | null;
  opening_hours: Json | null;
  whatsapp: string | null;
  source: string | null;
  source_id: string | null;
  /** The account that claimed the listing (issue 16.1, ADR 018); null while unclaimed. */
  owner_user_id: string | null;
  /** Outcome of the new-business notification e-mail (public form). */
  notification_status: 'sent' | 'failed' | null;
  /** True for the demo rows shipped in content/ (shown as "Sample listing"). */
  is_sample: Generated<boolean>;
  /** Lagos area (LGA or neighbourhood) for the area filter (ADR 011). */
  area: string | null;
  /** Generated: the category pages the listing appears on (`directory_category_keys`). */
  category_keys: ColumnType<string[], never, never>;
  /** Generated, lower-cased search columns (DESIGN.md "Search"); never written. */
  search_text: ColumnType<string, never, never>;
  type_text: ColumnType<string, never, never>;
  location_text: ColumnType<string, never, never>;
  /** Generated: what the admin's company search covers (name, type, city, services; ADR 014). */
  admin_search_text: ColumnType<string, never, never>;
  /** Published reviews: how many, their stars' sum, and how many of 1…5 stars (issue 24). */
  review_count: Generated<number>;
  review_sum: Generated<number>;
  review_stars: Generated<number[]>;
  /** Generated: the Top rated score (Bayesian average, ADR 034); null without reviews. */
  review_score: ColumnType<number | null, never, never>;
  /** Which checks passed when an admin set Verified (issue 24.6), when and by whom. */
  verification_checks: Generated<VerificationCheck[]>;
  verified_at: Timestamp | null;
  verified_by: string | null;
  /** When the owner confirmed the listing's phone with a code (issue 37.5); cleared when it changes. */
  phone_confirmed_at: Timestamp | null;
  /** Whether the listing has a live photo, kept by a trigger on `photos` (issue 35.1). */
  has_photos: ColumnType<boolean, never, never>;
  /**
   * Issue 36.5: over the last 90 days, the Find It requests that reached the listing, those it
   * answered, and the median minutes to its first answer (null before any answer).
   */
  quote_requests_90d: Generated<number>;
  quote_answered_90d: Generated<number>;
  quote_answer_minutes: number | null;
  /** Issue 36.8: when an admin blocked the listing from quoting; null when it may quote. */
  quotes_blocked_at: Timestamp | null;
  /** Generated: the trust a listing earns, the search and Recommended order's (ADR 059). */
  quality_score: ColumnType<number, never, never>;
  /** Generated: the weighted 'simple' tsvector relevance search matches (ADR 059). */
  search_vector: ColumnType<string, never, never>;
  /** What the owner declares for a stranded motorist (issue 38.3, ADR 081). */
  open_24_hours: Generated<boolean>;
  comes_to_you: Generated<boolean>;
  /** Slugs of the Lagos areas (and later the major roads) a mobile business covers. */
  coverage_areas: Generated<string[]>;
  /** The call-out fee range in whole naira: both or neither. */
  callout_fee_min: number | null;
  callout_fee_max: number | null;
  /** Generated: the minutes of the Lagos week it is open, int4multirange as text (ADR 081). */
  open_week: ColumnType<string, never, never>;
}

/**
 * `search_listings` (issue 35.8, ADR 089): each approved listing's searched columns, copied by
 * statement triggers on `business_registrations` (migration 2026_11_29_0801), narrow so that
 * ranked search reads its candidates at about a microsecond a row. Never written by the code.
 */
export interface SearchListingsTable {
  quality_score: ColumnType<number, never, never>;
  created_at: ColumnType<Date, never, never>;
  id: ColumnType<string, never, never>;
  area: ColumnType<string | null, never, never>;
  open_week: ColumnType<string | null, never, never>;
  category_keys: ColumnType<string[] | null, never, never>;
  type_text: ColumnType<string | null, never, never>;
  location_text: ColumnType<string | null, never, never>;
  search_vector: ColumnType<string, never, never>;
}

/** The one live code sent to a listing's phone (issue 37.5, ADR 075): its HMAC, never the code. */
export interface ListingPhoneCodesTable {
  listing_id: string;
  user_id: string;
  /** The E.164 number the code went to. */
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}

/** The checks an admin records behind the Verified badge (issue 24.6). */
export type VerificationCheck = 'phone' | 'cac' | 'address' | 'identity';

/** The public read model: approved registrations only, raw (not yet redacted). */
export interface BusinessDirectoryView extends Omit<
  PublicBusiness,
  | 'created_at'
  | 'verification_status'
  | 'contact_protected'
  | 'opening_hours'
  | 'review_average'
  | 'verification_checks'
  | 'verified_at'
  | 'phone_confirmed_at'
  | 'cover'
  | 'open_24_hours'
  | 'comes_to_you'
  | 'coverage_areas'
  | 'callout_fee_min'
  | 'callout_fee_max'
  | 'answers_within_hours'
  | 'answer_rate'
> {
  // The columns PublicBusiness carries as they are (common/schemas/listing.ts, issue 25.5); below, the
  // ones stored in another form, and those no public output carries.
  created_at: Date;
  updated_at: Date;
  verification_status: VerificationStatus;
  opening_hours: unknown;
  category_keys: string[];
  search_text: string;
  type_text: string;
  location_text: string;
  /** Published reviews: count, stars' sum, how many of 1…5 stars (issue 24). */
  review_sum: number;
  review_stars: number[];
  verification_checks: VerificationCheck[];
  verified_at: Date | null;
  phone_confirmed_at: Date | null;
  /** The trust the Recommended order ranks by (ADR 059, ADR 071). */
  quality_score: number;
  /** What the owner declares for a stranded motorist (issue 38.3). */
  open_24_hours: boolean;
  comes_to_you: boolean;
  coverage_areas: string[];
  callout_fee_min: number | null;
  callout_fee_max: number | null;
  /** The minutes of the Lagos week the listing is open (ADR 081); no public output carries it. */
  open_week: string;
  /** Issue 36.5: Find It requests and answers of 90 days, median minutes to a first answer. */
  quote_requests_90d: number;
  quote_answered_90d: number;
  quote_answer_minutes: number | null;
}

/** A request to claim a listing (issue 16.1, ADR 018). */
export interface BusinessClaimsTable {
  id: Generated<string>;
  business_registration_id: string;
  user_id: string;
  /** `email`: a code sent to the listing's e-mail; `manual`: decided by an admin. */
  method: 'email' | 'manual';
  status: Generated<ClaimStatus>;
  /** `salt:hash` (scrypt, hex) of the 6-digit code; never the code itself. */
  code_hash: string | null;
  code_expires_at: Timestamp | null;
  attempts: Generated<number>;
  role: string | null;
  phone: string | null;
  note: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An owner's edit of a listing, live once an admin approves it (issue 16.2, ADR 018). */
export interface ListingChangesTable {
  id: Generated<string>;
  business_registration_id: string;
  user_id: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  /** The fields the owner changed, with their new values. */
  changes: Json;
  /** The same fields' values when the owner sent the change. */
  before: Json;
  reason: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  created_at: Timestamp;
}
