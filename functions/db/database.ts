import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PublicBusiness } from '../../common/schemas/listing.ts';

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
  /** Whether the listing has a live photo, kept by a trigger on `photos` (issue 35.1). */
  has_photos: ColumnType<boolean, never, never>;
  /** Generated: the trust a listing earns, the search and Recommended order's (ADR 059). */
  quality_score: ColumnType<number, never, never>;
  /** Generated: the weighted 'simple' tsvector relevance search matches (ADR 059). */
  search_vector: ColumnType<string, never, never>;
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
  | 'cover'
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
  /** Issue 27.4: when the listing's owner marked the lead "Contacted", and which account. */
  contacted_at: Timestamp | null;
  contacted_by: string | null;
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

/** One stored variant of a photo (issue 26, ADR 039): its blob key, size and format. */
export interface PhotoVariantRecord {
  format: 'avif' | 'webp' | 'jpeg';
  width: number;
  height: number;
  /** Blob key, `listings/<listing id>/<content hash>.<ext>`. */
  key: string;
  bytes: number;
}

/** Issue 26 (ADR 039): a photo of a listing; its files are in the blob store. */
export interface PhotosTable {
  id: Generated<string>;
  listing_id: string;
  kind: 'cover' | 'workshop' | 'work' | 'team';
  caption: Generated<string>;
  width: number;
  height: number;
  variants: ColumnType<PhotoVariantRecord[], string, string>;
  content_hash: string;
  position: number;
  status: Generated<'live' | 'pending'>;
  created_by: string | null;
  created_at: Timestamp;
  /** A held (`pending`) photo's owner change (ADR 042). */
  change_id: string | null;
  /** The owner change that proposes removing this live photo (ADR 042). */
  removal_change_id: string | null;
  /** A reviewer's photo: its review (ADR 042); not part of the listing's gallery. */
  review_id: string | null;
}

export type ReviewStatus = 'published' | 'held' | 'hidden';

/** Issue 24 (ADR 034): a motorist's review of a listing, one per account and listing. */
export interface ReviewsTable {
  id: Generated<string>;
  business_id: string;
  user_id: string;
  rating: number;
  title: string;
  body: string;
  service: string;
  /** The first day of the month of the visit. */
  visit_month: ColumnType<Date, Date | string, Date | string>;
  /** The name shown with the review, chosen by its author. */
  author_name: string;
  status: ReviewStatus;
  /** The hold rules that put it aside (`link`, `phone`, `email`, `duplicate`, …). */
  hold_reasons: Generated<string[]>;
  /** Why an admin hid it: the author sees this. */
  hidden_reason: string | null;
  /** sha256 of the normalised text (the "same text posted elsewhere" rule). */
  body_hash: string;
  /** A keyed hash of the author's address bucket at writing time (never the address). */
  author_address_key: string;
  /** The account was younger than a week when the review was written. */
  new_account: Generated<boolean>;
  /** Keyed hash of the author's confirmed phone at writing time (issue 37.4); unique per listing. */
  author_phone_key: string | null;
  /** Since when it waits for the admin (held, reported, or its reply held); null otherwise. */
  attention_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  published_at: Timestamp | null;
}

/** The owner's one public reply to a review (issue 24.3). */
export interface ReviewRepliesTable {
  review_id: string;
  user_id: string | null;
  body: string;
  status: ReviewStatus;
  hold_reasons: Generated<string[]>;
  hidden_reason: string | null;
  body_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A visitor's report of a review (issue 24.1; ADR 019's shape). */
export interface ReviewReportsTable {
  id: Generated<string>;
  review_id: string;
  reason: 'fake' | 'offensive' | 'personal' | 'advertising' | 'conflict' | 'other';
  details: string | null;
  reporter_user_id: string | null;
  reporter_key: string;
  status: Generated<'open' | 'upheld' | 'dismissed'>;
  created_at: Timestamp;
  handled_at: Timestamp | null;
  handled_by: string | null;
}

/** An account an admin blocked from reviewing (issue 24.4). */
export interface ReviewBlocksTable {
  user_id: string;
  reason: string | null;
  blocked_by: string | null;
  created_at: Timestamp;
}

export type ModerationAction =
  'held' | 'reply_held' | 'published' | 'hidden' | 'blocked' | 'reply_published' | 'reply_hidden';

/** Every moderation step of a review: a rule that held it, or an admin's action (issue 24.4). */
export interface ReviewModerationLogTable {
  id: Generated<string>;
  review_id: string | null;
  business_id: string | null;
  action: ModerationAction;
  reasons: Generated<string[]>;
  note: string | null;
  /** The admin who acted; null for a rule. */
  admin_id: string | null;
  created_at: Timestamp;
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
/** An admin's search word (issue 35.7, ADR 062): a synonym group or `[wrong, right]`. */
export interface SearchWordsTable {
  id: Generated<string>;
  kind: 'synonyms' | 'misspelling';
  terms: string[];
  category: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

/** Who added or removed which search word, when (issue 35.7). */
export interface SearchWordsLogTable {
  id: Generated<string>;
  word_id: string | null;
  action: 'added' | 'removed';
  kind: string;
  terms: string[];
  category: string | null;
  admin_id: string | null;
  created_at: Timestamp;
}

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
  /** E.164, unique (issue 37.1). */
  phone_number: string | null;
  phone_number_verified: Generated<boolean>;
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

/** One text message and its outcome (issue 37.2, ADR 067): no full number, no code. */
export interface SmsOutboxTable {
  id: Generated<string>;
  /** `+234 803 *** **67`. */
  to_masked: string;
  /** Keyed hash of the E.164 number (functions/_lib/sms.ts `keyedPhone`). */
  to_key: string;
  /** The text with its code replaced by `[redacted]`. */
  text_body: string;
  template: string;
  transport: string;
  status: 'sent' | 'failed';
  error: string | null;
  provider_message_id: string | null;
  created_at: Generated<Timestamp>;
}

/** The one row of SMS settings (issue 37.3, ADR 068). */
export interface SmsSettingsTable {
  id: Generated<boolean>;
  /** Text messages the whole site may send per Lagos day. */
  daily_ceiling: Generated<number>;
  updated_at: Generated<Timestamp>;
  updated_by: string | null;
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

/** Issue 27.1: a listing's counted events of one day (ADR 041); see common/schemas/insights.ts. */
export interface ListingStatsDailyTable {
  listing_id: string;
  /** The day in Lagos (UTC+1), as `YYYY-MM-DD`. */
  day: ColumnType<string, string, string>;
  page_views: Generated<number>;
  detail_opens: Generated<number>;
  contact_reveals: Generated<number>;
  call_taps: Generated<number>;
  whatsapp_taps: Generated<number>;
  directions_taps: Generated<number>;
  website_taps: Generated<number>;
  find_it_forwards: Generated<number>;
  /** Openings of the listing's photos in the full-size viewer (ADR 041 update). */
  photo_views: Generated<number>;
  /** The listing's reviews that became public that day, each counted once (ADR 041 update). */
  reviews: Generated<number>;
}

/** Issue 27.6 (ADR 049): the site's page views and contact reveals of one day, kept by triggers. */
export interface SiteStatsDailyTable {
  /** The day in Lagos (UTC+1), as `YYYY-MM-DD`. */
  day: ColumnType<string, string, string>;
  /** Sums (bigint: strings from the driver). */
  page_views: ColumnType<string, number, number>;
  contact_reveals: ColumnType<string, number, number>;
}

/**
 * Issue 27.6 (ADR 049): a listing's counts over the admin's rolling period (the days from
 * `insights_rollup.period_from` on), kept by listing_stats_daily's triggers and the roll.
 */
export interface ListingPeriodStatsTable {
  listing_id: string;
  /** The listing's current area (followed by a trigger), `null` for none. */
  area: string | null;
  /** Its listing-days in the period; the row goes at 0. */
  days: number;
  visits: ColumnType<string, number, number>;
  reveals: ColumnType<string, number, number>;
  taps: ColumnType<string, number, number>;
}

/** Issue 27.6 (ADR 049): per area ('' = none), the period rows' visits and how many there are. */
export interface AreaPeriodStatsTable {
  area: string;
  visits: ColumnType<string, number, number>;
  listings: number;
}

/** Issue 27.6 (ADR 049): one row, the first day the period rows cover (`null`: not built). */
export interface InsightsRollupTable {
  id: Generated<number>;
  period_from: ColumnType<string | null, string | null, string | null>;
}

/** Issue 27.2/27.5: one day's searches of a normalized query in an area and category (ADR 044). */
export interface SearchStatsDailyTable {
  /** The day in Lagos (UTC+1), as `YYYY-MM-DD`. */
  day: ColumnType<string, string, string>;
  query: string;
  /** The area's name, '' for all of Lagos. */
  area: Generated<string>;
  /** The category filter (lower case), '' for none. */
  category: Generated<string>;
  searches: Generated<number>;
  /** The result count of the day's last search. */
  results: Generated<number>;
}

/** Issue 27.2: how often a listing was on the first page of a query's results, per day. */
export interface ListingSearchDailyTable {
  listing_id: string;
  day: ColumnType<string, string, string>;
  query: string;
  impressions: Generated<number>;
}

/** Issue 27.3 (ADR 045): an account's e-mail preferences; no row means the defaults. */
export interface EmailPreferencesTable {
  user_id: string;
  monthly_summary: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** Issue 27.3 (ADR 045): one owner's summary of one month, claimed before it is sent. */
export interface MonthlySummarySendsTable {
  user_id: string;
  /** The first day of the month, `YYYY-MM-01`. */
  month: ColumnType<string, string, string>;
  status: 'claimed' | 'sent' | 'failed';
  attempts: Generated<number>;
  claimed_at: Generated<Date>;
  sent_at: Date | null;
  error: string | null;
}

/** Issue 27.3 (ADR 045): the progress of one month's run (keyset cursor, completion). */
export interface MonthlySummaryRunsTable {
  month: ColumnType<string, string, string>;
  cursor: string | null;
  started_at: Generated<Date>;
  completed_at: Date | null;
}

/**
 * Approved listings per category page and area, kept by triggers on business_registrations
 * (migration 2026_11_27_0080, ADR 051). `category_key` '' is every listing, `area` '' every area.
 */
export interface DirectoryCountsTable {
  category_key: string;
  area: string;
  listings: number;
}

export interface Database {
  search_stats_daily: SearchStatsDailyTable;
  listing_search_daily: ListingSearchDailyTable;
  setup_steps: SetupStepsTable;
  email_preferences: EmailPreferencesTable;
  monthly_summary_sends: MonthlySummarySendsTable;
  monthly_summary_runs: MonthlySummaryRunsTable;
  listing_stats_daily: ListingStatsDailyTable;
  site_stats_daily: SiteStatsDailyTable;
  listing_period_stats: ListingPeriodStatsTable;
  area_period_stats: AreaPeriodStatsTable;
  insights_rollup: InsightsRollupTable;
  business_claims: BusinessClaimsTable;
  listing_changes: ListingChangesTable;
  user: UserTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  auth_failures: AuthFailuresTable;
  mail_outbox: MailOutboxTable;
  sms_outbox: SmsOutboxTable;
  sms_settings: SmsSettingsTable;
  business_registrations: BusinessRegistrationsTable;
  business_directory: BusinessDirectoryView;
  articles: ArticlesTable;
  service_cards: ServiceCardsTable;
  service_requests: ServiceRequestsTable;
  service_request_notifications: ServiceRequestNotificationsTable;
  contacts: ContactsTable;
  listing_reports: ListingReportsTable;
  photos: PhotosTable;
  reviews: ReviewsTable;
  review_replies: ReviewRepliesTable;
  review_reports: ReviewReportsTable;
  review_blocks: ReviewBlocksTable;
  review_moderation_log: ReviewModerationLogTable;
  sent_messages: SentMessagesTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  directory_counts: DirectoryCountsTable;
  search_words: SearchWordsTable;
  search_words_log: SearchWordsLogTable;
}

export type BusinessRegistration = Selectable<BusinessRegistrationsTable>;
export type NewBusinessRegistration = Insertable<BusinessRegistrationsTable>;
export type BusinessRegistrationUpdate = Updateable<BusinessRegistrationsTable>;
export type BusinessDirectoryRow = Selectable<BusinessDirectoryView>;
export type Article = Selectable<ArticlesTable>;
export type NewArticle = Insertable<ArticlesTable>;
export type ServiceCard = Selectable<ServiceCardsTable>;
export type NewServiceCard = Insertable<ServiceCardsTable>;
