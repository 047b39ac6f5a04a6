import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';
import type { PhotoVariantRecord } from './reviews.ts';

/** The content and inbox tables (SPEC §3): articles, service cards and requests, contacts, sent messages. */

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
  // Issue 36 (ADR 079): what a business needs to price the job.
  car_make: string | null;
  car_model: string | null;
  car_year: number | null;
  /** The job in the motorist's words. */
  job: string | null;
  /** A name of the shipped Lagos areas (common/config/lagos-areas.ts). */
  area: string | null;
  urgency: 'today' | 'this_week' | 'prices' | null;
  /** How the motorist wants to be reached: `call`, `whatsapp`, `email`. */
  contact_methods: Generated<string[]>;
  /** SHA-256 (hex) of the private quotes page's key; the key itself is only in the e-mail. */
  access_key_hash: string | null;
  /** The key's version: the key is HMAC(secret, request, version); a new version revokes it. */
  access_key_version: Generated<number>;
  /** The account that sent it, when signed in. */
  user_id: string | null;
  /** Text rules that held it for the admin (`link`, `phone`, `email`); empty = matched at once. */
  held_reasons: Generated<string[]>;
  /** When it was sent to matching businesses (automatically or by the admin). */
  matched_at: Timestamp | null;
  /** Issue 36.6: the job its words name (common/search/jobs.ts), or null. */
  job_type: string | null;
}

/** Issue 36.6 (ADR 080): the middle half of a job type's quoted totals over 90 days. */
export interface FairPricesTable {
  job_type: string;
  car_class: 'all' | 'standard' | 'luxury';
  quotes: number;
  low_naira: number;
  high_naira: number;
  updated_at: Generated<Date>;
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
  /** Issue 36.2: `auto` (matched at once) or `admin` (added by an admin). */
  matched_by: Generated<'auto' | 'admin'>;
  /** When an admin withdrew the request from this business. */
  withdrawn_at: Timestamp | null;
  /** When the motorist shared their contact details with this business. */
  shared_at: Timestamp | null;
}

/** A part of a quote (issue 36.3): its name, grade and price in naira. */
export interface QuotePartRow {
  name: string;
  grade: 'new_genuine' | 'new_aftermarket' | 'used' | 'refurbished';
  price_naira: number;
}

/** Issue 36.3 (ADR 079): one business's answer to one request. */
/** Issue 36.1 (ADR 083): a photo of a Find It request; its files are private, in the blob store. */
export interface ServiceRequestPhotosTable {
  id: Generated<string>;
  service_request_id: string;
  /** 1 to 3, in the order the motorist chose them. */
  position: number;
  width: number;
  height: number;
  variants: ColumnType<PhotoVariantRecord[], string, string>;
  content_hash: string;
  created_at: Timestamp;
}

export interface QuotesTable {
  id: Generated<string>;
  service_request_id: string;
  listing_id: string;
  status: 'quoted' | 'declined' | 'accepted' | 'not_chosen';
  labour_naira: number | null;
  parts: ColumnType<QuotePartRow[], string, string>;
  total_naira: number | null;
  warranty: string | null;
  available: string | null;
  note: string | null;
  decline_reason: string | null;
  hidden_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  accepted_at: Timestamp | null;
  /** Issue 36.7: when the week-after e-mail went, and the motorist's answers. */
  follow_up_sent_at: Timestamp | null;
  job_done: boolean | null;
  genuine_answer: 'yes' | 'no' | 'unsure' | null;
  followed_up_at: Timestamp | null;
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
