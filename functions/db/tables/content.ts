import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

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
