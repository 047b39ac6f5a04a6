import { type Kysely, sql } from 'kysely';
import { CATEGORY_FILTERS } from './2026_11_23_0001_directory_pages.ts';

/**
 * Issue 35.8 at 1,000,000 listings (ADR 089): ranked search reads its candidates from
 * `search_listings`, a narrow copy of the approved listings' searched columns, not from
 * `business_registrations`.
 *
 * A listing row is about 2 KB and some sixty columns, `search_vector` and `quality_score` among
 * the last: every row a walk or a bitmap scan reads costs a heap page of its own and a walk over
 * the row's earlier columns to reach them (2.7 µs a row; "windscreen" at 1,000,000 listings:
 * 84 ms for its 24,905 matches). Here a row is its ten searched columns, fixed-width first: the
 * same scan took 32 ms, a walk of 20,738 rows 36 ms instead of 72.
 *
 * - One row per approved listing (id, trust order, filters, words), kept by three statement
 *   triggers on `business_registrations` (insert, update, delete; transition tables, so a bulk
 *   write costs one statement each, as the lexicon's: 2026_11_28_2230). An update writes only
 *   the rows whose copied columns or status changed.
 * - The search indexes move here from `business_registrations` (2026_11_28_0401, 2026_11_29_0701):
 *   the trust order, the GIN index of the words, the area's trust order and each category
 *   page's trust order and GIN index. Nothing else read them. A trigram index of the type and
 *   location texts serves those filters (on `business_registrations` the admin's search index
 *   did, and still serves the admin).
 * - The trusted band (`quality_score` ≥ 2) has a GIN index of its own: when it holds a tier's
 *   candidates they are the tier's first in trust order, read from a third of the matches.
 */
const COLUMNS = [
  'quality_score',
  'created_at',
  'id',
  'area',
  'open_week',
  'category_keys',
  'type_text',
  'location_text',
  'search_vector',
];
const columnList = COLUMNS.join(', ');
const fromRow = (alias: string) => COLUMNS.map((c) => `${alias}.${c}`).join(', ');

const TRUST = 'quality_score desc, created_at desc, id desc';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_listings (
      quality_score real not null,
      created_at timestamptz not null,
      id uuid primary key references business_registrations (id) on delete cascade,
      area text,
      open_week int4multirange,
      category_keys text[],
      type_text text,
      location_text text,
      search_vector tsvector not null
    )`.execute(db);
  await sql
    .raw(
      `insert into search_listings (${columnList})
       select ${fromRow('r')} from business_registrations r where r.status = 'approved'`,
    )
    .execute(db);

  await sql
    .raw(
      `create function search_listings_inserted() returns trigger language plpgsql as $$
      begin
        insert into search_listings (${columnList})
          select ${fromRow('n')} from new_rows n where n.status = 'approved';
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function search_listings_updated() returns trigger language plpgsql as $$
      begin
        delete from search_listings s using new_rows n
          where s.id = n.id and n.status <> 'approved';
        insert into search_listings as s (${columnList})
          select ${fromRow('n')} from new_rows n join old_rows o on o.id = n.id
          where n.status = 'approved'
            and (o.status, ${fromRow('o')}) is distinct from (n.status, ${fromRow('n')})
          on conflict (id) do update set
            ${COLUMNS.filter((c) => c !== 'id')
              .map((c) => `${c} = excluded.${c}`)
              .join(', ')};
        return null;
      end $$`,
    )
    .execute(db);
  await sql`
    create trigger search_listings_inserted after insert on business_registrations
      referencing new table as new_rows
      for each statement execute function search_listings_inserted()`.execute(db);
  await sql`
    create trigger search_listings_updated after update on business_registrations
      referencing old table as old_rows new table as new_rows
      for each statement execute function search_listings_updated()`.execute(db);
  // A deleted listing's row goes with it (the foreign key's cascade).

  await sql`drop index if exists business_registrations_search_vector_idx`.execute(db);
  await sql`drop index if exists business_registrations_trust_idx`.execute(db);
  await sql`drop index if exists business_registrations_area_trust_idx`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS)) {
    await sql`drop index if exists ${sql.id(`business_registrations_category_${key}_trust_idx`)}`.execute(
      db,
    );
    await sql`drop index if exists ${sql.id(`business_registrations_category_${key}_words_idx`)}`.execute(
      db,
    );
  }

  await sql`create index search_listings_trust_idx on search_listings (${sql.raw(TRUST)})`.execute(
    db,
  );
  await sql`create index search_listings_words_idx on search_listings using gin (search_vector)`.execute(
    db,
  );
  // The trusted band's words (ADR 089; TRUSTED_SCORE in functions/directory/candidate-plan.ts).
  await sql`
    create index search_listings_trusted_words_idx on search_listings
      using gin (search_vector) where quality_score >= 2`.execute(db);
  await sql`
    create index search_listings_area_trust_idx on search_listings (area, ${sql.raw(TRUST)})
      where area is not null`.execute(db);
  // The type and location filters' substrings (SPEC §7), as business_registrations_search_idx
  // served them: "Tyre" in "egbeda" reads its 1,300 listings, not a word's 215,000.
  await sql`
    create index search_listings_filters_idx on search_listings
      using gin (type_text gin_trgm_ops, location_text gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );
  for (const key of Object.keys(CATEGORY_FILTERS)) {
    const holds = sql`category_keys @> ${sql.lit(`{${key}}`)}::text[]`;
    await sql`
      create index ${sql.id(`search_listings_category_${key}_trust_idx`)}
        on search_listings (${sql.raw(TRUST)}) where ${holds}`.execute(db);
    await sql`
      create index ${sql.id(`search_listings_category_${key}_words_idx`)}
        on search_listings using gin (search_vector) where ${holds}`.execute(db);
  }
  await sql`analyze search_listings`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists search_listings_inserted on business_registrations`.execute(db);
  await sql`drop trigger if exists search_listings_updated on business_registrations`.execute(db);
  await sql`drop function if exists search_listings_inserted()`.execute(db);
  await sql`drop function if exists search_listings_updated()`.execute(db);
  await sql`drop table if exists search_listings`.execute(db);
  await sql`
    create index business_registrations_search_vector_idx on business_registrations
      using gin (search_vector) where status = 'approved'`.execute(db);
  await sql`
    create index business_registrations_trust_idx on business_registrations
      (${sql.raw(TRUST)}) where status = 'approved'`.execute(db);
  await sql`
    create index business_registrations_area_trust_idx on business_registrations
      (area, ${sql.raw(TRUST)}) where status = 'approved' and area is not null`.execute(db);
  for (const key of Object.keys(CATEGORY_FILTERS)) {
    const holds = sql`status = 'approved' and category_keys @> ${sql.lit(`{${key}}`)}::text[]`;
    await sql`
      create index ${sql.id(`business_registrations_category_${key}_trust_idx`)}
        on business_registrations (${sql.raw(TRUST)}) where ${holds}`.execute(db);
    await sql`
      create index ${sql.id(`business_registrations_category_${key}_words_idx`)}
        on business_registrations using gin (search_vector) where ${holds}`.execute(db);
  }
}
