import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table shapes of SPEC §3, snake_case as in Postgres. Columns marked "later" are the ones
 * DESIGN.md asks us to keep from the start for features of later issues.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | undefined, string>;

export type BusinessStatus = 'pending' | 'approved' | 'rejected' | 'suspended';
export type VerificationStatus = 'verified' | 'verification_pending' | 'not_verified' | 'pending';
export type ContactVisibility = 'public' | 'registered_users_only';

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
  status: Generated<BusinessStatus>;
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
}

/** The public read model: approved registrations only, raw (not yet redacted). */
export interface BusinessDirectoryView {
  id: string;
  business_registration_id: string;
  business_name: string;
  business_type: string;
  services: string | null;
  description: string | null;
  tags: string[];
  city: string | null;
  state: string | null;
  general_location: string | null;
  area: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  website: string | null;
  featured: boolean;
  display_order: number;
  created_at: Date;
  updated_at: Date;
  star_rating: number;
  verification_status: VerificationStatus;
  contact_visibility: ContactVisibility;
  slug: string | null;
  latitude: number | null;
  longitude: number | null;
  opening_hours: unknown;
  source: string | null;
  source_id: string | null;
  is_sample: boolean;
  category_keys: string[];
  search_text: string;
  type_text: string;
  location_text: string;
  /** True when an account owns the listing ("Claimed", ADR 018). */
  claimed: boolean;
}

export type ArticleCategory = 'Car Care' | 'Maintenance' | 'Buying Guide' | 'News' | 'Tips';

export interface ArticlesTable {
  id: Generated<string>;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  author: string | null;
  category: ArticleCategory;
  read_time: Generated<number>;
  published: Generated<boolean>;
  featured: Generated<boolean>;
  image_url: string | null;
  meta_title: string | null;
  meta_description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ServiceCardsTable {
  id: Generated<string>;
  title: string;
  description: string | null;
  button_text: string;
  business_type: string;
  route_path: string;
  enabled: Generated<boolean>;
  display_order: Generated<number>;
  /** SPEC §9 "Businesses Available", kept current by triggers (migration 2026_11_23_0002). */
  business_count: ColumnType<number, never, never>;
}

export interface ServiceRequestsTable {
  id: Generated<string>;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_location: string;
  services_requested: string[];
  additional_info: string | null;
  status: Generated<'pending' | 'handled'>;
  created_at: Timestamp;
  handled_at: Timestamp | null;
  email_status: 'sent' | 'failed' | null;
  /** Generated: what the admin's request search covers (SPEC §5; ADR 014). */
  search_text: ColumnType<string, never, never>;
}

export interface ServiceRequestNotificationsTable {
  id: Generated<string>;
  service_request_id: string;
  business_registration_id: string | null;
  email: string;
  /** `sending` while the forwarded e-mail is on its way (ADR 014). */
  status: 'sending' | 'sent' | 'failed';
  error: string | null;
  created_at: Timestamp;
}

export interface ContactsTable {
  id: Generated<string>;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: Generated<'pending' | 'handled'>;
  created_at: Timestamp;
  handled_at: Timestamp | null;
  handled_by: string | null;
  email_status: 'sent' | 'failed' | null;
  /** Generated: what the admin's contact search covers (SPEC §5; ADR 014). */
  search_text: ColumnType<string, never, never>;
}

/** Issue 16.3 (ADR 019): a visitor's report of a listing. */
export interface ListingReportsTable {
  id: Generated<string>;
  business_id: string;
  reason: 'closed' | 'wrong_phone' | 'wrong_address' | 'duplicate' | 'spam' | 'other';
  details: string | null;
  reporter_user_id: string | null;
  /** `user:<id>` or `ip:<keyed hash of the address bucket>`: one open report per reason each. */
  reporter_key: string;
  status: Generated<'open' | 'resolved' | 'dismissed' | 'suspended'>;
  created_at: Timestamp;
  handled_at: Timestamp | null;
  handled_by: string | null;
}

export interface SentMessagesTable {
  id: Generated<string>;
  sent_by: string | null;
  recipient_type: 'users' | 'businesses' | 'custom';
  recipients: Generated<string[]>;
  recipient_emails: Generated<string[]>;
  subject: string;
  message: string;
  sent_at: Timestamp;
  /** `[{ email, status: 'sent' | 'failed', error? }]` */
  outcomes: ColumnType<unknown, string | undefined, string>;
  sent_count: Generated<number>;
  failed_count: Generated<number>;
}

export interface ProfilesTable {
  id: Generated<string>;
  user_id: string;
  display_name: string | null;
  role: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  id: Generated<string>;
  user_id: string;
  role: Generated<'user' | 'admin'>;
  created_at: Timestamp;
}

/** Better Auth's user table (snake_case columns, ADR 002). Roles live in user_roles. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  role: string | null;
  banned: boolean | null;
  ban_reason: string | null;
  ban_expires: Timestamp | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

/** A create request's first answer by `Idempotency-Key` (issue 23.4, ADR 028). */
export interface IdempotencyKeysTable {
  /** `POST /contacts`, plus ` user:<id>` for a signed-in caller. */
  scope: string;
  key: string;
  /** sha256 (hex) of the request body: the same key with another body is refused. */
  fingerprint: string;
  /** HTTP status of the first answer; null while the first request runs. */
  status: number | null;
  /** The first answer's JSON body. */
  body: string | null;
  created_at: Timestamp;
}

export interface AuthFailuresTable {
  key: string;
  failures: number;
  last_failure_at: Generated<Timestamp>;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_addresses: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  template: string | null;
  transport: string;
  status: Generated<'sent' | 'failed'>;
  error: string | null;
  created_at: Timestamp;
}

export type ClaimStatus = 'pending' | 'verified' | 'approved' | 'rejected' | 'expired' | 'locked';

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

/** Issue 23.3: a step of a first start, planned with the schema and marked done when complete. */
export interface SetupStepsTable {
  step: SetupStep;
  planned_at: Generated<Date>;
  done_at: Date | null;
}

export type SetupStep = 'seed' | 'synthetic' | 'admin';

export interface Database {
  setup_steps: SetupStepsTable;
  business_claims: BusinessClaimsTable;
  listing_changes: ListingChangesTable;
  user: UserTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  auth_failures: AuthFailuresTable;
  mail_outbox: MailOutboxTable;
  business_registrations: BusinessRegistrationsTable;
  business_directory: BusinessDirectoryView;
  articles: ArticlesTable;
  service_cards: ServiceCardsTable;
  service_requests: ServiceRequestsTable;
  service_request_notifications: ServiceRequestNotificationsTable;
  contacts: ContactsTable;
  listing_reports: ListingReportsTable;
  sent_messages: SentMessagesTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
}

export type BusinessRegistration = Selectable<BusinessRegistrationsTable>;
export type NewBusinessRegistration = Insertable<BusinessRegistrationsTable>;
export type BusinessRegistrationUpdate = Updateable<BusinessRegistrationsTable>;
export type BusinessDirectoryRow = Selectable<BusinessDirectoryView>;
export type Article = Selectable<ArticlesTable>;
export type NewArticle = Insertable<ArticlesTable>;
export type ServiceCard = Selectable<ServiceCardsTable>;
export type NewServiceCard = Insertable<ServiceCardsTable>;
