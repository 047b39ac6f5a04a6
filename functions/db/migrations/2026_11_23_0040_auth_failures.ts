import { type Kysely, sql } from 'kysely';

/**
 * Issue 12.5: failed sign-ins counted per key (`sign-in:ip-email:…`, `sign-in:ip:…`) with the
 * time of the last one, for the exponential backoff of functions/_lib/rate-limit.ts. Rows are
 * forgotten a day after their last failure and cleared by a successful sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table auth_failures (
      key text primary key,
      failures integer not null,
      last_failure_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index auth_failures_last_failure_at_idx on auth_failures (last_failure_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists auth_failures`.execute(db);
}
