import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** Accounts and the platform's own tables: profiles, roles, users, search words, rate limits, idempotency, mail and SMS. */

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

/** An admin's search word (issue 35.7, ADR 062): a synonym group or `[wrong, right]`. */
export interface SearchWordsTable {
  id: Generated<string>;
  kind: 'synonyms' | 'misspelling';
  terms: string[];
  category: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

/**
 * The directory's own words (issue 35.3, ADR 072): each word of approved listings' searchable
 * text, with how many approved listings hold it. Kept by a trigger.
 */
export interface SearchLexiconTable {
  word: string;
  listings: number;
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
  created_at: Timestamp;
}

/** The one row of SMS settings (issue 37.3, ADR 068). */
export interface SmsSettingsTable {
  id: Generated<boolean>;
  /** Text messages the whole site may send per Lagos day. */
  daily_ceiling: Generated<number>;
  updated_at: Timestamp;
  updated_by: string | null;
}
