import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** What visitors leave on a listing: reports, photos, reviews, replies and their moderation. */

/** Issue 16.3 (ADR 019): a visitor's report of a listing. */
export interface ListingReportsTable {
  id: Generated<string>;
  listing_id: string;
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
  listing_id: string;
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
  /**
   * A keyed hash of the author's network at writing time (IPv4 /24, IPv6 /64; issue 37.7,
   * ADR 077), never the address; null on reviews written before it was kept.
   */
  author_network_key: ColumnType<string | null, string | null | undefined, string | null>;
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
  listing_id: string | null;
  action: ModerationAction;
  reasons: Generated<string[]>;
  note: string | null;
  /** The admin who acted; null for a rule. */
  admin_id: string | null;
  created_at: Timestamp;
}
