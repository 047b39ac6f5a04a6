import { type Kysely, sql } from 'kysely';

/**
 * Issue 16.3 "Report this listing" (ADR 019): one row per report of a listing. `reporter_key`
 * is who reported it: `user:<id>` for a signed-in account, else `ip:<keyed hash of the address
 * bucket>` (the address itself is never stored). A reporter has at most one open report per
 * listing and reason (the partial unique index: a repeat counts once). `status` leaves `open`
 * when an admin resolves, dismisses, or suspends the listing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table listing_reports (
      id uuid primary key default gen_random_uuid(),
      business_id uuid not null references business_registrations (id) on delete cascade,
      reason text not null check (reason in
        ('closed', 'wrong_phone', 'wrong_address', 'duplicate', 'spam', 'other')),
      details text check (details is null or char_length(details) <= 500),
      reporter_user_id text references "user" (id) on delete set null,
      reporter_key text not null,
      status text not null default 'open'
        check (status in ('open', 'resolved', 'dismissed', 'suspended')),
      created_at timestamptz not null default now(),
      handled_at timestamptz,
      handled_by text references "user" (id) on delete set null
    )`.execute(db);
  await sql`
    create unique index listing_reports_open_once
      on listing_reports (business_id, reason, reporter_key) where status = 'open'`.execute(db);
  await sql`
    create index listing_reports_open_recent
      on listing_reports (created_at desc, business_id) where status = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists listing_reports`.execute(db);
}
