import { type Kysely, sql } from 'kysely';

/**
 * Roll-ups of the listing counters for the admin's Insights (issue 27.6, ADR 049): the screens
 * read what they show, not the period's ~400,000 listing-days at 100,000 listings.
 *
 * - `site_stats_daily`: per day, the site's page views and contact reveals (the sums of
 *   listing_stats_daily's day): the site-wide figures read 30 rows.
 * - `listing_period_stats`: per listing with any count in the admin's rolling period (the days
 *   from `insights_rollup.period_from` on), its listing-days, visits, reveals and taps, and its
 *   area; indexed in the top listings' order, so a page of them is an index scan.
 * - `area_period_stats`: per area ('' = none), the visits of its listings in the period and how
 *   many of its listings have counts in it (the rows of listing_period_stats, so it stays exact
 *   where per-day area counts could not count distinct listings); ~60 rows.
 * - `insights_rollup`: one row, the first day of the period the listing and area rows cover
 *   (`null`: not built yet; functions/insights/admin-insights.repository.ts builds and rolls it).
 *
 * Kept by statement-level triggers in the statement that writes the counters (the batched flush,
 * a seed, a listing's deletion): `listing_stats_daily` → the site's day and, for days in the
 * period, the listing's period row; `listing_period_stats` → its area's row; a listing whose area
 * changes moves its period row (and so its counts) to the new area.
 */

/** The counters' changes of a statement, by transition table: listing, day, days, sums. */
const statsRows = {
  insert: {
    referencing: sql`new table as new_rows`,
    rows: sql`select listing_id, day, 1 as days, page_views, contact_reveals,
                call_taps + whatsapp_taps + directions_taps + website_taps as taps
              from new_rows`,
  },
  update: {
    referencing: sql`old table as old_rows new table as new_rows`,
    rows: sql`select listing_id, day, -1 as days, -page_views as page_views,
                -contact_reveals as contact_reveals,
                -(call_taps + whatsapp_taps + directions_taps + website_taps) as taps
              from old_rows
              union all
              select listing_id, day, 1, page_views, contact_reveals,
                call_taps + whatsapp_taps + directions_taps + website_taps
              from new_rows`,
  },
  delete: {
    referencing: sql`old table as old_rows`,
    rows: sql`select listing_id, day, -1 as days, -page_views as page_views,
                -contact_reveals as contact_reveals,
                -(call_taps + whatsapp_taps + directions_taps + website_taps) as taps
              from old_rows`,
  },
};

/** A period row's changes, by transition table: area ('' = none), visits, listings. */
const periodRows = {
  insert: {
    referencing: sql`new table as new_rows`,
    rows: sql`select coalesce(area, '') as area, visits, 1 as listings from new_rows`,
  },
  update: {
    referencing: sql`old table as old_rows new table as new_rows`,
    rows: sql`select coalesce(area, '') as area, -visits as visits, -1 as listings from old_rows
              union all
              select coalesce(area, ''), visits, 1 from new_rows`,
  },
  delete: {
    referencing: sql`old table as old_rows`,
    rows: sql`select coalesce(area, '') as area, -visits as visits, -1 as listings from old_rows`,
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table insights_rollup (
      id smallint primary key default 1 check (id = 1),
      period_from date
    )`.execute(db);
  await sql`insert into insights_rollup (id, period_from) values (1, null)`.execute(db);
  await sql`
    create table site_stats_daily (
      day date primary key,
      page_views bigint not null default 0,
      contact_reveals bigint not null default 0
    )`.execute(db);
  await sql`
    create table listing_period_stats (
      listing_id uuid primary key references business_registrations (id) on delete cascade,
      area text,
      days integer not null,
      visits bigint not null,
      reveals bigint not null,
      taps bigint not null
    )`.execute(db);
  await sql`
    create index listing_period_stats_order
      on listing_period_stats (visits desc, taps desc, listing_id)`.execute(db);
  await sql`
    create table area_period_stats (
      area text primary key,
      visits bigint not null default 0,
      listings integer not null default 0
    )`.execute(db);

  await sql`
    insert into site_stats_daily (day, page_views, contact_reveals)
    select day, sum(page_views), sum(contact_reveals) from listing_stats_daily group by day`.execute(
    db,
  );

  for (const [op, { referencing, rows }] of Object.entries(statsRows)) {
    // Days before the period are not in it; the period's `for share` waits for a roll under way
    // (which holds the row `for update`), so a count is either rolled out or never added.
    await sql`
      create function ${sql.id(`listing_stats_rollup_after_${op}`)}() returns trigger
      language plpgsql as $$
      declare
        first_day date;
      begin
        insert into site_stats_daily as s (day, page_views, contact_reveals)
        select x.day, sum(x.page_views), sum(x.contact_reveals) from (${rows}) x
        group by x.day order by x.day
        on conflict (day) do update set
          page_views = s.page_views + excluded.page_views,
          contact_reveals = s.contact_reveals + excluded.contact_reveals;

        select period_from into first_day from insights_rollup where id = 1 for share;
        if first_day is null then
          return null;
        end if;
        insert into listing_period_stats as t (listing_id, area, days, visits, reveals, taps)
        select x.listing_id, r.area, sum(x.days), sum(x.page_views), sum(x.contact_reveals),
          sum(x.taps)
        from (${rows}) x join business_registrations r on r.id = x.listing_id
        where x.day >= first_day
        group by x.listing_id, r.area order by x.listing_id
        on conflict (listing_id) do update set
          days = t.days + excluded.days,
          visits = t.visits + excluded.visits,
          reveals = t.reveals + excluded.reveals,
          taps = t.taps + excluded.taps;
        ${
          op === 'insert'
            ? sql``
            : sql`delete from listing_period_stats t
        where t.days <= 0 and t.listing_id in (select x.listing_id from (${rows}) x);`
        }
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.id(`listing_stats_rollup_${op}`)}
      after ${sql.raw(op)} on listing_stats_daily referencing ${referencing}
      for each statement execute function ${sql.id(`listing_stats_rollup_after_${op}`)}()`.execute(
      db,
    );
  }

  for (const [op, { referencing, rows }] of Object.entries(periodRows)) {
    await sql`
      create function ${sql.id(`listing_period_stats_areas_after_${op}`)}() returns trigger
      language plpgsql as $$
      begin
        insert into area_period_stats as a (area, visits, listings)
        select x.area, sum(x.visits), sum(x.listings) from (${rows}) x
        group by x.area having sum(x.visits) <> 0 or sum(x.listings) <> 0 order by x.area
        on conflict (area) do update set
          visits = a.visits + excluded.visits,
          listings = a.listings + excluded.listings;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.id(`listing_period_stats_areas_${op}`)}
      after ${sql.raw(op)} on listing_period_stats referencing ${referencing}
      for each statement execute function ${sql.id(`listing_period_stats_areas_after_${op}`)}()`.execute(
      db,
    );
  }

  // A listing that changes area takes its period's counts with it (the admin's top areas group
  // by the listing's current area, as they did when they were summed on each view).
  await sql`
    create function listing_period_stats_follow_area() returns trigger language plpgsql as $$
    begin
      update listing_period_stats set area = new.area where listing_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger business_registrations_period_area
    after update of area on business_registrations
    for each row when (old.area is distinct from new.area)
    execute function listing_period_stats_follow_area()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists business_registrations_period_area on business_registrations`.execute(
    db,
  );
  await sql`drop function if exists listing_period_stats_follow_area()`.execute(db);
  for (const op of Object.keys(statsRows)) {
    await sql`drop trigger if exists ${sql.id(`listing_stats_rollup_${op}`)} on listing_stats_daily`.execute(
      db,
    );
    await sql`drop function if exists ${sql.id(`listing_stats_rollup_after_${op}`)}()`.execute(db);
  }
  await sql`drop table if exists area_period_stats`.execute(db);
  await sql`drop table if exists listing_period_stats`.execute(db);
  await sql`drop table if exists site_stats_daily`.execute(db);
  await sql`drop table if exists insights_rollup`.execute(db);
  for (const op of Object.keys(periodRows)) {
    await sql`drop function if exists ${sql.id(`listing_period_stats_areas_after_${op}`)}()`.execute(
      db,
    );
  }
}
