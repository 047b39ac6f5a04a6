import { type Kysely, sql } from 'kysely';

/**
 * The search walk (ADR 012) tests the issue 16.4 area filter on its covering index: the index of
 * 2026_11_23_0010 is rebuilt with `area` included, so walking the newest listings stays
 * index-only with an area condition (ADR 020).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index business_registrations_search_walk_idx`.execute(db);
  await sql`
    create index business_registrations_search_walk_idx on business_registrations
      (created_at desc, id desc)
      include (search_text, type_text, location_text, category_keys, area)
      where status = 'approved'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index business_registrations_search_walk_idx`.execute(db);
  await sql`
    create index business_registrations_search_walk_idx on business_registrations
      (created_at desc, id desc) include (search_text, type_text, location_text, category_keys)
      where status = 'approved'`.execute(db);
}
