import { type Kysely, sql } from 'kysely';

/**
 * Claims and owner edits (issue 16 points 1 and 2, ADR 018):
 * - `business_registrations.claimed_by` (kept unused since the first schema) becomes
 *   `owner_user_id`, a reference to the owning account (several listings per account).
 * - `business_directory` gains `claimed` (owner set) as its last column, so the public pages can
 *   show "Claimed" without ever carrying the owner's id.
 * - `business_claims`: one request to claim a listing, verified by a 6-digit code sent to the
 *   listing's e-mail (stored as a salted scrypt hash, 15 minutes, 5 attempts) or decided by an
 *   admin from the claimant's evidence (role, phone) when the listing has no e-mail.
 * - `listing_changes`: an owner's edit, pending until an admin approves or rejects it; at most one
 *   pending change per listing.
 */
const VIEW_COLUMNS = sql`id, id as business_registration_id, business_name, business_type, services,
           description, tags, city, state, general_location, area, address, email, phone, whatsapp,
           website, featured, display_order, created_at, updated_at, star_rating,
           verification_status, contact_visibility, slug, latitude, longitude, opening_hours, source,
           source_id, is_sample, category_keys, search_text, type_text, location_text`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table business_registrations rename column claimed_by to owner_user_id`.execute(
    db,
  );
  await sql`
    alter table business_registrations add constraint business_registrations_owner_user_id_fkey
      foreign key (owner_user_id) references "user" (id) on delete set null`.execute(db);
  await sql`
    create index business_registrations_owner_idx on business_registrations (owner_user_id)
      where owner_user_id is not null`.execute(db);
  // Appending a column is what `create or replace view` allows without dropping the view.
  await sql`
    create or replace view business_directory as
    select ${VIEW_COLUMNS}, owner_user_id is not null as claimed
    from business_registrations
    where status = 'approved'`.execute(db);

  await sql`
    create table business_claims (
      id uuid primary key default gen_random_uuid(),
      business_registration_id uuid not null references business_registrations (id) on delete cascade,
      user_id text not null references "user" (id) on delete cascade,
      method text not null check (method in ('email', 'manual')),
      status text not null default 'pending'
        check (status in ('pending', 'verified', 'approved', 'rejected', 'expired', 'locked')),
      code_hash text,
      code_expires_at timestamptz,
      attempts integer not null default 0,
      role text,
      phone text,
      note text,
      decided_by text references "user" (id) on delete set null,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create unique index business_claims_open_idx on business_claims (business_registration_id, user_id)
      where status = 'pending'`.execute(db);
  await sql`create index business_claims_status_idx on business_claims (status, created_at desc)`.execute(
    db,
  );
  await sql`create index business_claims_user_idx on business_claims (user_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table listing_changes (
      id uuid primary key default gen_random_uuid(),
      business_registration_id uuid not null references business_registrations (id) on delete cascade,
      user_id text not null references "user" (id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
      changes jsonb not null,
      before jsonb not null,
      reason text,
      decided_by text references "user" (id) on delete set null,
      decided_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create unique index listing_changes_pending_idx on listing_changes (business_registration_id)
      where status = 'pending'`.execute(db);
  await sql`create index listing_changes_status_idx on listing_changes (status, created_at desc)`.execute(
    db,
  );
  await sql`
    create index listing_changes_listing_idx on listing_changes (business_registration_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table listing_changes`.execute(db);
  await sql`drop table business_claims`.execute(db);
  await sql`drop view business_directory`.execute(db);
  await sql`
    create view business_directory as
    select ${VIEW_COLUMNS}
    from business_registrations
    where status = 'approved'`.execute(db);
  await sql`drop index business_registrations_owner_idx`.execute(db);
  await sql`alter table business_registrations drop constraint business_registrations_owner_user_id_fkey`.execute(
    db,
  );
  await sql`alter table business_registrations rename column owner_user_id to claimed_by`.execute(
    db,
  );
}
