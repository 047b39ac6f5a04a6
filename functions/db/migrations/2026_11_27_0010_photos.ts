import { type Kysely, sql } from 'kysely';

/**
 * Issue 26 (ADR 039): photos of a listing. Only keys and metadata live here; the files are in the
 * blob store (Netlify Blobs, or `.data/blobs` locally).
 *
 * - `kind`: cover, workshop, work or team; `caption` at most 200 characters.
 * - `width`/`height`: the upright size of the largest variant, in pixels.
 * - `variants`: `[{ format, width, height, key, bytes }]`, every variant's blob key (named by its
 *   content hash) and size.
 * - `content_hash`: SHA-256 of the uploaded file; the same photo twice on one listing is refused.
 * - `position`: gallery order within the listing (1 first); at most 12 photos per listing, kept by
 *   the service under a lock on the listing's row.
 * - `status`: `live` (shown) or `pending` (an owner's photo awaiting the admin's review).
 * Deleting a listing deletes its rows (cascade); its service deletes the blobs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table photos (
      id uuid primary key default gen_random_uuid(),
      listing_id uuid not null references business_registrations (id) on delete cascade,
      kind text not null check (kind in ('cover', 'workshop', 'work', 'team')),
      caption text not null default '' check (char_length(caption) <= 200),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      variants jsonb not null check (jsonb_typeof(variants) = 'array'),
      content_hash text not null check (content_hash ~ '^[0-9a-f]{64}$'),
      position integer not null check (position > 0),
      status text not null default 'live' check (status in ('live', 'pending')),
      created_by text references "user" (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (listing_id, content_hash)
    )`.execute(db);
  await sql`create index photos_listing_position on photos (listing_id, position)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table photos`.execute(db);
}
