import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.ts';

/**
 * Synthetic reviews for `npm run bench:scale --reviews N` (issue 24.8): set-based SQL
 * (`insert … select` from `generate_series`), so 1,000,000 reviews take seconds to minutes, not
 * a round trip each. Never shipped: the authors are `bench-reviewer-<n>` accounts.
 */

/** One review in this many is held for the admin (a link), so the Reviews tab has a queue. */
export const HELD_EVERY = 100;

/** Stars of the synthetic reviews, cycled: mostly 4s and 5s, as real reviews are (mean 3.8). */
const STARS = [5, 4, 5, 3, 4, 5, 2, 4, 1, 5] as const;

/**
 * Inserts `count` reviews (one in {@link HELD_EVERY} held, the rest published) spread evenly over the approved listings (review `g` goes to
 * listing `g mod L` by id, written by account `floor(g / L)`, so one review per account and
 * listing), then sets every listing's kept figures (`review_count`, `review_sum`,
 * `review_stars`) from its published reviews in one update. The counting trigger is switched
 * off for the insert and on again in the same transaction (a row-level trigger would update a
 * listing row per review). Returns the milliseconds of the insert and of the recount.
 * @throws when there is no approved listing.
 */
export async function bulkInsertSyntheticReviews(
  db: Kysely<Database>,
  count: number,
): Promise<{ insertMs: number; statsMs: number; listings: number }> {
  const { listings } = await db
    .selectFrom('business_registrations')
    .select((eb) => eb.fn.countAll<string>().as('listings'))
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow();
  const total = Number(listings);
  if (total === 0) throw new Error('No approved listing to review');
  const authors = Math.max(1, Math.ceil(count / total));
  const stars = sql.raw(`array[${STARS.join(',')}]`);
  return db.transaction().execute(async (trx) => {
    const started = performance.now();
    await sql`
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select 'bench-reviewer-' || u, 'Bench Reviewer ' || u,
             'bench-reviewer-' || u || '@example.com', true,
             now() - interval '1 year', now() - interval '1 year'
      from generate_series(0, ${authors - 1}::int) u
      on conflict do nothing`.execute(trx);
    await sql`alter table reviews disable trigger reviews_keep_stats`.execute(trx);
    await sql`
      with listings as (
        select id, (row_number() over (order by id) - 1)::int as n
        from business_registrations where status = 'approved')
      insert into reviews (listing_id, user_id, rating, title, body, service, visit_month,
                           author_name, status, hold_reasons, attention_at, body_hash,
                           author_address_key, created_at, updated_at, published_at)
      select l.id, 'bench-reviewer-' || (g / ${total}::int),
             (${stars})[1 + ((g % ${STARS.length}::int) * 7919) % ${STARS.length}::int],
             'Synthetic review ' || g,
             'A synthetic review written by the benchmark, number ' || g || '.',
             'Mechanic / Repair Services',
             date_trunc('month', now() - make_interval(months => g % 24))::date,
             'Bench R.',
             case when g % ${HELD_EVERY}::int = 0 then 'held' else 'published' end,
             case when g % ${HELD_EVERY}::int = 0 then array['link'] else '{}'::text[] end,
             case when g % ${HELD_EVERY}::int = 0 then now() - make_interval(hours => g % 10000) end,
             md5(g::text), 'bench',
             now() - make_interval(hours => g % 10000), now(),
             case when g % ${HELD_EVERY}::int <> 0 then now() - make_interval(hours => g % 10000) end
      from generate_series(0, ${count - 1}::int) g
      join listings l on l.n = g % ${total}::int`.execute(trx);
    await sql`alter table reviews enable trigger reviews_keep_stats`.execute(trx);
    const inserted = performance.now();
    await sql`
      update business_registrations b
      set review_count = s.c, review_sum = s.s, review_stars = s.d
      from (
        select listing_id, count(*)::int as c, sum(rating)::int as s,
               array[count(*) filter (where rating = 1), count(*) filter (where rating = 2),
                     count(*) filter (where rating = 3), count(*) filter (where rating = 4),
                     count(*) filter (where rating = 5)]::int[] as d
        from reviews where status = 'published' group by listing_id) s
      where b.id = s.listing_id`.execute(trx);
    return {
      insertMs: inserted - started,
      statsMs: performance.now() - inserted,
      listings: total,
    };
  });
}
