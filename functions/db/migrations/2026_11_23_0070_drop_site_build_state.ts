import { type Kysely, sql } from 'kysely';

/**
 * `site_build_state` was the rebuild bookkeeping of ADR 001 (a scheduled function fired the
 * Netlify build hook when it was dirty). Since ADR 011 no build follows a data change: pages are
 * rendered on demand and purged by tag, and nothing reads or writes the table (ADR 017).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists site_build_state`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_build_state (
      id integer primary key default 1 check (id = 1),
      dirty boolean not null default false,
      reason text,
      requested_at timestamptz,
      triggered_at timestamptz
    )`.execute(db);
  await sql`insert into site_build_state (id) values (1)`.execute(db);
}
