import { type Kysely, sql } from 'kysely';

/**
 * Approved listings counted per category page and area, kept current by the database (issue 28,
 * ADR 051): a category page's "n businesses" and its area chips counted the category on every
 * uncached render, which grows with the directory (307,686 index entries for `/mechanic/` at
 * 1,000,000 listings, 40 ms). Each listing write now adjusts the counts it touches in the same
 * transaction, by work proportional to the rows it changed, as the service cards' counts do
 * (2026_11_23_0002).
 *
 * `directory_counts (category_key, area, listings)`: `category_key` is a category page's key or
 * '' for every listing, `area` a stored area name or '' for every area; a listing counts in
 * ('', ''), ('', its area) and, for each key of its `category_keys`, (key, '') and (key, area).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table directory_counts (
      category_key text not null,
      area text not null,
      listings integer not null,
      primary key (category_key, area)
    )`.execute(db);

  // The counts a set of approved listings adds (sign 1) or takes away (sign -1), per cell.
  const cells = (rows: ReturnType<typeof sql>) => sql`
    select k as category_key, a as area, sum(x.sign)::int as listings
    from (${rows}) x
    cross join lateral unnest(array['']::text[] || coalesce(x.category_keys, '{}')) k
    cross join lateral unnest(case when x.area is null then array['']::text[]
                                   else array['', x.area] end) a
    group by k, a`;

  const triggers = {
    insert: {
      referencing: sql`new table as new_rows`,
      rows: sql`select 1 as sign, category_keys, area from new_rows where status = 'approved'`,
    },
    update: {
      referencing: sql`old table as old_rows new table as new_rows`,
      rows: sql`select -1 as sign, category_keys, area from old_rows where status = 'approved'
                union all
                select 1, category_keys, area from new_rows where status = 'approved'`,
    },
    delete: {
      referencing: sql`old table as old_rows`,
      rows: sql`select -1 as sign, category_keys, area from old_rows where status = 'approved'`,
    },
  };
  for (const [op, { referencing, rows }] of Object.entries(triggers)) {
    // Cells in one order, so two writers never wait on each other's rows crosswise.
    await sql`
      create function ${sql.id(`directory_counts_after_${op}`)}() returns trigger language plpgsql as $$
      begin
        insert into directory_counts as c (category_key, area, listings)
        select * from (${cells(rows)}) d where d.listings <> 0
        order by d.category_key, d.area
        on conflict (category_key, area) do update set listings = c.listings + excluded.listings;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.id(`business_registrations_directory_counts_${op}`)}
      after ${sql.raw(op)} on business_registrations referencing ${referencing}
      for each statement execute function ${sql.id(`directory_counts_after_${op}`)}()`.execute(db);
  }

  await sql`
    insert into directory_counts (category_key, area, listings)
    ${cells(sql`select 1 as sign, category_keys, area from business_registrations where status = 'approved'`)}`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.id(`business_registrations_directory_counts_${op}`)} on business_registrations`.execute(
      db,
    );
    await sql`drop function if exists ${sql.id(`directory_counts_after_${op}`)}()`.execute(db);
  }
  await sql`drop table if exists directory_counts`.execute(db);
}
