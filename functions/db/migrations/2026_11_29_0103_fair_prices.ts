import { type Kysely, sql } from 'kysely';

/**
 * Fair prices (issue 36.6, ADR 080):
 * - `service_requests.job_type`: the job the request names (common/search/jobs.ts), set when it
 *   is saved; an index reads one job type's last 90 days.
 * - `fair_prices`: per job type and car class (`all`, `standard`, `luxury`), how many quotes the
 *   last 90 days hold and the middle half of their totals (the 25th and 75th percentiles, whole
 *   naira). Kept by the writes that change a quote; a row exists only from 5 quotes on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table service_requests add column job_type text`.execute(db);
  await sql`
    create index service_requests_job_type on service_requests (job_type, created_at)
      where job_type is not null`.execute(db);
  await sql`
    create table fair_prices (
      job_type text not null,
      car_class text not null check (car_class in ('all', 'standard', 'luxury')),
      quotes integer not null check (quotes >= 5),
      low_naira integer not null check (low_naira >= 0),
      high_naira integer not null check (high_naira >= low_naira),
      updated_at timestamptz not null default now(),
      primary key (job_type, car_class)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists fair_prices`.execute(db);
  await sql`drop index if exists service_requests_job_type`.execute(db);
  await sql`alter table service_requests drop column if exists job_type`.execute(db);
}
