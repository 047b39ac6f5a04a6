import { type Kysely, sql } from 'kysely';

/**
 * The owners' monthly summary e-mail (issue 27.3, ADR 045).
 *
 * - `email_preferences`: one row per account that changed a preference; no row means the
 *   defaults (the monthly summary is on). Deleted with the account.
 * - `monthly_summary_sends`: one row per owner and month, claimed before the e-mail is sent
 *   (`insert … on conflict … do update … where` takes a row only when it is new, failed, or a
 *   claim older than the lease), so two runs at once, or one run twice, send each owner's month
 *   once; `status` is `claimed`, `sent` or `failed`, `attempts` counts the claims.
 * - `monthly_summary_runs`: one row per month: the keyset cursor (the last owner id done), so a
 *   run cut short by the scheduled function's time limit resumes where it stopped, and
 *   `completed_at` once every owner of the month was handled (later runs then cost one query).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table email_preferences (
      user_id text primary key references "user" (id) on delete cascade,
      monthly_summary boolean not null default true,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table monthly_summary_sends (
      user_id text not null references "user" (id) on delete cascade,
      month date not null,
      status text not null check (status in ('claimed', 'sent', 'failed')),
      attempts integer not null default 1,
      claimed_at timestamptz not null default now(),
      sent_at timestamptz,
      error text,
      primary key (month, user_id)
    )`.execute(db);
  await sql`
    create table monthly_summary_runs (
      month date primary key,
      cursor text,
      started_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists monthly_summary_runs`.execute(db);
  await sql`drop table if exists monthly_summary_sends`.execute(db);
  await sql`drop table if exists email_preferences`.execute(db);
}
