import { type Kysely, sql } from 'kysely';

/**
 * Issue 36.1 (ADR 083): up to 3 photos of the car or the problem on a Find It request. Private:
 * the files are in the blob store under `requests/<request id>/` (never under the public photo
 * routes' `listings/`), served only to the admins, the businesses the request reached and the
 * motorist. Only keys and metadata live here.
 *
 * - `position`: 1 to 3, the order the motorist chose them in.
 * - `width`/`height`: the upright size of the largest variant, in pixels.
 * - `variants`: `[{ format, width, height, key, bytes }]` as `photos.variants` (ADR 039).
 * - `content_hash`: SHA-256 of the uploaded file (the same photo twice is kept once).
 * Deleting a request deletes its rows (cascade); its service deletes the files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table service_request_photos (
      id uuid primary key default gen_random_uuid(),
      service_request_id uuid not null references service_requests (id) on delete cascade,
      position smallint not null check (position between 1 and 3),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      variants jsonb not null check (jsonb_typeof(variants) = 'array'),
      content_hash text not null check (content_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null default now(),
      unique (service_request_id, position),
      unique (service_request_id, content_hash)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists service_request_photos`.execute(db);
}
