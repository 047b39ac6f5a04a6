import { type Kysely, sql } from 'kysely';

/**
 * Issue 26.1 (ADR 042): owners' photos go through the reviewed change of their listing; reviewers'
 * photos wait with their review.
 *
 * - `change_id`: for a held photo (`status = 'pending'`), the owner's listing change it waits in.
 *   Deleting the change deletes the row (its service deletes the files first).
 * - `removal_change_id`: a live photo the owner proposes to remove in that change; it stays live
 *   until the admin approves the change (then the row and its files go), and is cleared when the
 *   change is rejected.
 * - `review_id`: a reviewer's photo (issue 26.1, at most 3 a review), held (`pending`) until the
 *   admin publishes the review in the Reviews tab; it goes with its review. Reviewers' photos are
 *   not the listing's: not in its gallery, its cover or its 12.
 * A pending photo always has a change or a review: the check keeps a held photo from being
 * orphaned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table photos
      add column change_id uuid references listing_changes (id) on delete cascade,
      add column removal_change_id uuid references listing_changes (id) on delete set null,
      add column review_id uuid references reviews (id) on delete cascade`.execute(db);
  await sql`
    alter table photos add constraint photos_pending_has_change
      check (status = 'live' or change_id is not null or review_id is not null)`.execute(db);
  await sql`create index photos_change on photos (change_id) where change_id is not null`.execute(
    db,
  );
  await sql`
    create index photos_removal_change on photos (removal_change_id)
      where removal_change_id is not null`.execute(db);
  await sql`create index photos_review on photos (review_id) where review_id is not null`.execute(
    db,
  );
  // The variant route finds a file's photo by its key (`variants @> [{ key }]`): a listing may
  // have thousands of reviewers' photos.
  await sql`create index photos_variants on photos using gin (variants jsonb_path_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists photos_variants`.execute(db);
  await sql`drop index if exists photos_review`.execute(db);
  await sql`drop index if exists photos_removal_change`.execute(db);
  await sql`drop index if exists photos_change`.execute(db);
  await sql`
    alter table photos
      drop constraint if exists photos_pending_has_change,
      drop column if exists review_id,
      drop column if exists removal_change_id,
      drop column if exists change_id`.execute(db);
}
