import { type Kysely, sql } from 'kysely';

/**
 * The Reports tab's view of closed reports (ADR 019, update of 2026-11-23): one page of the
 * resolved, dismissed or "listing suspended" reports, most recently closed first, read on this
 * index (the open reports keep their own partial index, so neither list grows with the other).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index listing_reports_closed_recent
      on listing_reports (status, handled_at desc, id desc) where status <> 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists listing_reports_closed_recent`.execute(db);
}
