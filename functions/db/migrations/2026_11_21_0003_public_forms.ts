import { type Kysely, sql } from 'kysely';

/**
 * Public forms: which businesses a Find It request was sent to (beyond the spec), and the
 * mail outcome of each submission so an admin can resend what failed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table service_request_notifications (
      id uuid primary key default gen_random_uuid(),
      service_request_id uuid not null references service_requests (id) on delete cascade,
      business_registration_id uuid references business_registrations (id) on delete set null,
      email citext not null,
      status text not null check (status in ('sent', 'failed')),
      error text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index service_request_notifications_request_idx on service_request_notifications (service_request_id)`.execute(
    db,
  );
  await sql`alter table service_requests add column email_status text check (email_status in ('sent', 'failed'))`.execute(
    db,
  );
  await sql`alter table contacts add column email_status text check (email_status in ('sent', 'failed'))`.execute(
    db,
  );
  await sql`alter table business_registrations add column notification_status text check (notification_status in ('sent', 'failed'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table business_registrations drop column if exists notification_status`.execute(
    db,
  );
  await sql`alter table contacts drop column if exists email_status`.execute(db);
  await sql`alter table service_requests drop column if exists email_status`.execute(db);
  await sql`drop table if exists service_request_notifications`.execute(db);
}
