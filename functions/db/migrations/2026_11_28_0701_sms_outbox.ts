import { type Kysely, sql } from 'kysely';

/**
 * The SMS log and the site-wide SMS ceiling (issue 37.2, 37.3; ADR 067, 068).
 *
 * `sms_outbox` holds one row per text message with its outcome: the number only partly masked
 * (`+234 803 *** **67`, for the admin's view) and as a keyed hash (`to_key`, HMAC with the auth
 * secret: the per-number limits count by it), the text with the code redacted. `sms_settings` is
 * one row: the daily ceiling of messages the whole site may send, which an admin sets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sms_outbox (
      id uuid primary key default gen_random_uuid(),
      to_masked text not null,
      to_key text not null,
      text_body text not null,
      template text not null,
      transport text not null,
      status text not null check (status in ('sent', 'failed')),
      error text,
      provider_message_id text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sms_outbox_created_at_idx on sms_outbox (created_at desc)`.execute(db);
  await sql`create index sms_outbox_to_key_idx on sms_outbox (to_key, created_at desc)`.execute(db);
  await sql`
    create table sms_settings (
      id boolean primary key default true check (id),
      daily_ceiling integer not null default 500 check (daily_ceiling >= 0),
      updated_at timestamptz not null default now(),
      updated_by text references "user"(id) on delete set null
    )`.execute(db);
  await sql`insert into sms_settings (id) values (true)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sms_settings`.execute(db);
  await sql`drop table if exists sms_outbox`.execute(db);
}
