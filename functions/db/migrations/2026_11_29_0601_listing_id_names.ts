import { type Kysely, sql } from 'kysely';

/**
 * Issue 39.2 (ADR 085): one name for the key to a listing. The three `business_id` columns
 * (reviews, listing_reports, review_moderation_log) become `listing_id`, as in the tables added
 * since (quotes, listing_stats_daily…). Indexes, constraints and the trigger's column list follow
 * a rename by themselves; the trigger function's body names the column, so it is replaced.
 */
const TABLES = ['reviews', 'listing_reports', 'review_moderation_log'] as const;

const keepStats = (column: 'listing_id' | 'business_id') => sql`
  create or replace function reviews_keep_stats() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' and old.status = new.status and old.rating = new.rating
       and old.${sql.raw(column)} = new.${sql.raw(column)} then
      return null;
    end if;
    if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' then
      update business_registrations
        set review_count = review_count - 1,
            review_sum = review_sum - old.rating,
            review_stars[old.rating] = review_stars[old.rating] - 1
        where id = old.${sql.raw(column)};
    end if;
    if tg_op in ('INSERT', 'UPDATE') and new.status = 'published' then
      update business_registrations
        set review_count = review_count + 1,
            review_sum = review_sum + new.rating,
            review_stars[new.rating] = review_stars[new.rating] + 1
        where id = new.${sql.raw(column)};
    end if;
    return null;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await sql`alter table ${sql.table(table)} rename column business_id to listing_id`.execute(db);
  await keepStats('listing_id').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await sql`alter table ${sql.table(table)} rename column listing_id to business_id`.execute(db);
  await keepStats('business_id').execute(db);
}
