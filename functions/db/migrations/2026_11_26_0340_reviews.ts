import { type Kysely, sql } from 'kysely';
import { CATEGORY_FILTERS } from './2026_11_23_0001_directory_pages.ts';

/**
 * Issue 24 (ADR 034): motorists' reviews, owners' replies, reports of reviews, the admin's
 * moderation, and the checks behind the Verified badge.
 *
 * - `reviews`: one per (listing, account); 1–5 stars, title, text, service, month of the visit.
 *   `status` is `published` (public), `held` (a hold rule put it aside for the admin, the rules in
 *   `hold_reasons`) or `hidden` (an admin hid it, `hidden_reason` is what the author sees).
 *   `body_hash` is the normalised text's hash (the "same text posted elsewhere" rule);
 *   `author_address_key` a keyed hash of the author's address bucket and `new_account` whether the
 *   account was younger than a week (the "several new accounts from one address" rule).
 *   `attention_at` is set while the review waits for the admin (held, reported or its reply held):
 *   the Reviews tab is a walk of its partial index.
 * - `review_replies`: the owner's one reply per review, under the same hold rules.
 * - `review_reports`: a visitor's report of a review (ADR 019's shape: reasons, one open report
 *   per reporter and reason).
 * - `review_blocks`: accounts an admin blocked from reviewing; `review_moderation_log`: every
 *   admin action (and every rule that held something), with who and when.
 * - On `business_registrations`: the published reviews' count, star sum and 5-to-1 distribution,
 *   kept by a trigger as reviews change (never counted on a page view), and the Top rated score,
 *   a Bayesian average `(C·m + sum) / (C + count)` with m = 3.5 and C = 10 (null without reviews),
 *   with one index per category page for Top rated and one for Most reviewed; and the checks behind
 *   Verified (`verification_checks`, `verified_at`, `verified_by`). `business_directory` gains the
 *   public ones as its last columns.
 */
export const REVIEW_PRIOR_MEAN = 3.5;
export const REVIEW_PRIOR_WEIGHT = 10;

const VIEW_COLUMNS = sql`id, id as business_registration_id, business_name, business_type, services,
           description, tags, city, state, general_location, area, address, email, phone, whatsapp,
           website, featured, display_order, created_at, updated_at, star_rating,
           verification_status, contact_visibility, slug, latitude, longitude, opening_hours, source,
           source_id, is_sample, category_keys, search_text, type_text, location_text,
           owner_user_id is not null as claimed`;

/** The Recommended order (SPEC §7) after a sort key: ties keep the listing order. */
const LISTING_ORDER = sql`featured desc, (-display_order) desc, created_at desc, id desc`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table business_registrations
      add column review_count integer not null default 0 check (review_count >= 0),
      add column review_sum integer not null default 0 check (review_sum >= 0),
      add column review_stars integer[] not null default '{0,0,0,0,0}'
        check (array_length(review_stars, 1) = 5),
      add column review_score double precision generated always as (
        case when review_count > 0
          then (${sql.lit(REVIEW_PRIOR_WEIGHT * REVIEW_PRIOR_MEAN)} + review_sum)::float8
               / (${sql.lit(REVIEW_PRIOR_WEIGHT)} + review_count)
        end) stored,
      add column verification_checks text[] not null default '{}'
        check (verification_checks <@ array['phone', 'cac', 'address', 'identity']),
      add column verified_at timestamptz,
      add column verified_by text references "user" (id) on delete set null`.execute(db);

  await sql`
    create or replace view business_directory as
    select ${VIEW_COLUMNS}, review_count, review_sum, review_stars, verification_checks,
           verified_at
    from business_registrations
    where status = 'approved'`.execute(db);

  for (const key of Object.keys(CATEGORY_FILTERS)) {
    const where = sql`where status = 'approved' and category_keys @> ${sql.lit(`{${key}}`)}::text[]`;
    await sql`
      create index ${sql.id(`business_registrations_category_${key}_rated_idx`)}
        on business_registrations (review_score desc nulls last, ${LISTING_ORDER})
        include (display_order, area) ${where}`.execute(db);
    await sql`
      create index ${sql.id(`business_registrations_category_${key}_reviewed_idx`)}
        on business_registrations (review_count desc, ${LISTING_ORDER})
        include (display_order, area) ${where}`.execute(db);
  }

  await sql`
    create table reviews (
      id uuid primary key default gen_random_uuid(),
      business_id uuid not null references business_registrations (id) on delete cascade,
      user_id text not null references "user" (id) on delete cascade,
      rating smallint not null check (rating between 1 and 5),
      title text not null check (char_length(title) between 3 and 100),
      body text not null check (char_length(body) between 20 and 2000),
      service text not null check (char_length(service) <= 100),
      visit_month date not null check (extract(day from visit_month) = 1),
      author_name text not null check (char_length(author_name) between 2 and 40),
      status text not null check (status in ('published', 'held', 'hidden')),
      hold_reasons text[] not null default '{}',
      hidden_reason text check (hidden_reason is null or char_length(hidden_reason) <= 500),
      body_hash text not null,
      author_address_key text not null,
      new_account boolean not null default false,
      attention_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      published_at timestamptz
    )`.execute(db);
  await sql`create unique index reviews_one_per_account on reviews (business_id, user_id)`.execute(
    db,
  );
  await sql`
    create index reviews_listing_published on reviews (business_id, created_at desc, id desc)
      where status = 'published'`.execute(db);
  await sql`create index reviews_user_recent on reviews (user_id, created_at desc)`.execute(db);
  await sql`create index reviews_body_hash on reviews (body_hash)`.execute(db);
  await sql`
    create index reviews_new_accounts on reviews (business_id, author_address_key, created_at)
      where new_account`.execute(db);
  await sql`
    create index reviews_attention on reviews (attention_at desc, id desc)
      where attention_at is not null`.execute(db);

  await sql`
    create table review_replies (
      review_id uuid primary key references reviews (id) on delete cascade,
      user_id text references "user" (id) on delete set null,
      body text not null check (char_length(body) between 2 and 2000),
      status text not null check (status in ('published', 'held', 'hidden')),
      hold_reasons text[] not null default '{}',
      hidden_reason text check (hidden_reason is null or char_length(hidden_reason) <= 500),
      body_hash text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index review_replies_user_recent on review_replies (user_id, updated_at desc)`.execute(
    db,
  );
  await sql`create index review_replies_body_hash on review_replies (body_hash)`.execute(db);

  await sql`
    create table review_reports (
      id uuid primary key default gen_random_uuid(),
      review_id uuid not null references reviews (id) on delete cascade,
      reason text not null check (reason in
        ('fake', 'offensive', 'personal', 'advertising', 'conflict', 'other')),
      details text check (details is null or char_length(details) <= 500),
      reporter_user_id text references "user" (id) on delete set null,
      reporter_key text not null,
      status text not null default 'open' check (status in ('open', 'upheld', 'dismissed')),
      created_at timestamptz not null default now(),
      handled_at timestamptz,
      handled_by text references "user" (id) on delete set null
    )`.execute(db);
  await sql`
    create unique index review_reports_open_once
      on review_reports (review_id, reason, reporter_key) where status = 'open'`.execute(db);

  await sql`
    create table review_blocks (
      user_id text primary key references "user" (id) on delete cascade,
      reason text check (reason is null or char_length(reason) <= 500),
      blocked_by text references "user" (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table review_moderation_log (
      id uuid primary key default gen_random_uuid(),
      review_id uuid references reviews (id) on delete set null,
      business_id uuid references business_registrations (id) on delete set null,
      action text not null check (action in ('held', 'reply_held', 'published', 'hidden',
        'blocked', 'reply_published', 'reply_hidden')),
      reasons text[] not null default '{}',
      note text,
      admin_id text references "user" (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create index review_moderation_log_recent on review_moderation_log (created_at desc, id desc)`.execute(
    db,
  );
  await sql`
    create index review_moderation_log_review on review_moderation_log (review_id, created_at desc)`.execute(
    db,
  );

  // The published reviews' count, sum and distribution, adjusted by each row that enters or
  // leaves `published` (or changes its stars) in the same transaction. The listing's row lock
  // serialises concurrent reviews of one listing, so the counts stay exact.
  await sql`
    create function reviews_keep_stats() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.status = new.status and old.rating = new.rating
         and old.business_id = new.business_id then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' then
        update business_registrations
          set review_count = review_count - 1,
              review_sum = review_sum - old.rating,
              review_stars[old.rating] = review_stars[old.rating] - 1
          where id = old.business_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'published' then
        update business_registrations
          set review_count = review_count + 1,
              review_sum = review_sum + new.rating,
              review_stars[new.rating] = review_stars[new.rating] + 1
          where id = new.business_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger reviews_keep_stats after insert or delete or update of status, rating, business_id
    on reviews for each row execute function reviews_keep_stats()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists reviews_keep_stats on reviews`.execute(db);
  await sql`drop function if exists reviews_keep_stats()`.execute(db);
  await sql`drop table if exists review_moderation_log`.execute(db);
  await sql`drop table if exists review_blocks`.execute(db);
  await sql`drop table if exists review_reports`.execute(db);
  await sql`drop table if exists review_replies`.execute(db);
  await sql`drop table if exists reviews`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS)) {
    await sql`drop index if exists ${sql.id(`business_registrations_category_${key}_rated_idx`)}`.execute(
      db,
    );
    await sql`drop index if exists ${sql.id(`business_registrations_category_${key}_reviewed_idx`)}`.execute(
      db,
    );
  }
  await sql`drop view business_directory`.execute(db);
  await sql`
    create view business_directory as
    select ${VIEW_COLUMNS}
    from business_registrations
    where status = 'approved'`.execute(db);
  await sql`
    alter table business_registrations
      drop column review_score, drop column review_count, drop column review_sum,
      drop column review_stars, drop column verification_checks, drop column verified_at,
      drop column verified_by`.execute(db);
}
