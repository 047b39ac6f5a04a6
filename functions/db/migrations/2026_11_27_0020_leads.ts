import { type Kysely, sql } from 'kysely';

/**
 * Lead alerts (issue 27.4, ADR 041): the owner of a listing a Find It request was forwarded to
 * marks it "Contacted" (`contacted_at`, with the account that did); the owner's list of leads
 * reads the notifications of one listing, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table service_request_notifications
      add column contacted_at timestamptz,
      add column contacted_by text references "user" (id) on delete set null`.execute(db);
  await sql`
    create index service_request_notifications_listing
      on service_request_notifications (business_registration_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists service_request_notifications_listing`.execute(db);
  await sql`
    alter table service_request_notifications
      drop column if exists contacted_by,
      drop column if exists contacted_at`.execute(db);
}
