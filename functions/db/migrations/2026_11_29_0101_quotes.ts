import { type Kysely, sql } from 'kysely';

/**
 * Find It becomes quotes (issue 36, ADR 079):
 * - `service_requests` gains what a business needs to price a job (the car, the job in plain
 *   words, the area of the shipped Lagos list, how urgent, how the motorist wants to be reached),
 *   the SHA-256 of the private quotes page's key and the key's version (the key is an HMAC of
 *   the request and the version, never stored; a new version revokes the old link), the account
 *   that sent it (when
 *   signed in), the text rules that held it for the admin, and when it was matched.
 * - `service_request_notifications` (one row per business a request reached) says who matched it
 *   (`auto` at once, or an `admin`), when an admin withdrew it, and when the motorist shared
 *   their contact details with that business.
 * - `quotes`: one per business per request: labour and parts in integer naira, each part with
 *   its grade, warranty, when, a note; or a decline with its reason. `total_naira` is kept by
 *   the service with the lines (checked here: never negative, never over ₦50,000,000).
 * - A partial index reads the claimed, approved listings of an area (matching, bounded by the
 *   areas read, not the directory's size).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table service_requests
      add column car_make text,
      add column car_model text,
      add column car_year integer check (car_year between 1950 and 2100),
      add column job text,
      add column area text,
      add column urgency text check (urgency in ('today', 'this_week', 'prices')),
      add column contact_methods text[] not null default '{}',
      add column access_key_hash text,
      add column access_key_version integer not null default 0,
      add column user_id text references "user" (id) on delete set null,
      add column held_reasons text[] not null default '{}',
      add column matched_at timestamptz`.execute(db);
  await sql`create unique index service_requests_access_key on service_requests (access_key_hash)`.execute(
    db,
  );
  await sql`
    create index service_requests_user on service_requests (user_id, created_at desc)
      where user_id is not null`.execute(db);
  await sql`
    alter table service_request_notifications
      add column matched_by text not null default 'admin' check (matched_by in ('auto', 'admin')),
      add column withdrawn_at timestamptz,
      add column shared_at timestamptz`.execute(db);
  await sql`
    create unique index service_request_notifications_one_per_listing
      on service_request_notifications (service_request_id, business_registration_id)
      where status in ('sending', 'sent') and withdrawn_at is null`.execute(db);
  await sql`
    create table quotes (
      id uuid primary key default gen_random_uuid(),
      service_request_id uuid not null references service_requests (id) on delete cascade,
      listing_id uuid not null references business_registrations (id) on delete cascade,
      status text not null check (status in ('quoted', 'declined', 'accepted', 'not_chosen')),
      labour_naira integer check (labour_naira between 0 and 50000000),
      parts jsonb not null default '[]',
      total_naira integer check (total_naira between 0 and 50000000),
      warranty text,
      available text,
      note text,
      decline_reason text,
      hidden_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      accepted_at timestamptz,
      unique (service_request_id, listing_id)
    )`.execute(db);
  await sql`create index quotes_listing on quotes (listing_id, created_at desc)`.execute(db);
  await sql`
    create index business_registrations_claimed_area on business_registrations (area, quality_score desc)
      where status = 'approved' and owner_user_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists business_registrations_claimed_area`.execute(db);
  await sql`drop table if exists quotes`.execute(db);
  await sql`drop index if exists service_request_notifications_one_per_listing`.execute(db);
  await sql`
    alter table service_request_notifications
      drop column if exists shared_at,
      drop column if exists withdrawn_at,
      drop column if exists matched_by`.execute(db);
  await sql`drop index if exists service_requests_user`.execute(db);
  await sql`drop index if exists service_requests_access_key`.execute(db);
  await sql`
    alter table service_requests
      drop column if exists matched_at,
      drop column if exists held_reasons,
      drop column if exists user_id,
      drop column if exists access_key_version,
      drop column if exists access_key_hash,
      drop column if exists contact_methods,
      drop column if exists urgency,
      drop column if exists area,
      drop column if exists job,
      drop column if exists car_year,
      drop column if exists car_model,
      drop column if exists car_make`.execute(db);
}
