import { type Kysely, sql } from 'kysely';

/**
 * Issue 35.8 (ADR 076): the lexicon is kept once per statement, not once per row. The row
 * trigger of 2026_11_28_1802/1803 updated the shared words' rows ("mechanic", "lagos") once for
 * every listing a statement wrote; in one transaction each such update lengthens the row's
 * version chain that the next one walks, so a 1,000-row insert took over 10 s and seeding
 * 100,000 listings (one transaction, `npm run db:seed:synthetic`) did not finish in 12 minutes.
 *
 * Now three statement triggers (insert, update, delete; PostgreSQL allows transition tables on
 * one event per trigger and without a column list) sum each word's change over the statement's
 * rows (+1 for each approved row holding it after, −1 for each approved row holding it before;
 * an update's rows count only when a searchable field or the status changed), lock the moved
 * words in word order (ADR 072's deadlock rule), delete the words that fall to none, decrement,
 * then upsert the gained ones in word order. A statement costs one write per distinct word it
 * moves, whatever its row count.
 */
const KEEP = sql`
  create or replace function search_lexicon_apply(moved_words text[], deltas integer[])
  returns void language plpgsql as $$
  begin
    if cardinality(moved_words) = 0 then return; end if;
    perform 1 from search_lexicon where word = any(moved_words) order by word for update;
    delete from search_lexicon l
      using unnest(moved_words, deltas) as m(w, d)
      where l.word = m.w and m.d < 0 and l.listings + m.d <= 0;
    update search_lexicon l set listings = l.listings + m.d
      from unnest(moved_words, deltas) as m(w, d)
      where l.word = m.w and m.d < 0;
    insert into search_lexicon as l (word, listings)
      select m.w, m.d from unnest(moved_words, deltas) as m(w, d) where m.d > 0 order by m.w
      on conflict (word) do update set listings = l.listings + excluded.listings;
  end $$`;

/** The words of an approved row of `alias` (a transition table), with `sign`. */
const wordsOf = (alias: string, sign: '1' | '-1') => `
  select unnest(search_lexicon_words(${alias}.business_name, ${alias}.business_type,
    ${alias}.business_categories, ${alias}.services, ${alias}.tags, ${alias}.description,
    ${alias}.area, ${alias}.general_location, ${alias}.city)) as w, ${sign} as d
  from ${alias} where ${alias}.status = 'approved'`;

/** Sums `rows` (w, d) per word and applies the non-zero ones. */
const applySums = (rows: string) => `
  perform search_lexicon_apply(coalesce(array_agg(w order by w), '{}'), coalesce(array_agg(d order by w), '{}'))
  from (select w, sum(d)::int as d from (${rows}) s group by w having sum(d) <> 0) moved;`;

const SEARCHABLE = [
  'status',
  'business_name',
  'business_type',
  'business_categories',
  'services',
  'tags',
  'description',
  'area',
  'general_location',
  'city',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await KEEP.execute(db);
  await sql
    .raw(
      `create or replace function search_lexicon_after_insert() returns trigger
       language plpgsql as $$ begin ${applySums(wordsOf('new_rows', '1'))} return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function search_lexicon_after_delete() returns trigger
       language plpgsql as $$ begin ${applySums(wordsOf('old_rows', '-1'))} return null; end $$`,
    )
    .execute(db);
  const changed = SEARCHABLE.map((c) => `o.${c} is distinct from n.${c}`).join(' or ');
  await sql
    .raw(
      `create or replace function search_lexicon_after_update() returns trigger
       language plpgsql as $$ begin
         ${applySums(`
           with moved_rows as (
             select o.id from old_rows o join new_rows n using (id) where ${changed}
           ),
           before as (select o.* from old_rows o join moved_rows using (id)),
           after as (select n.* from new_rows n join moved_rows using (id))
           ${wordsOf('after', '1')}
           union all
           ${wordsOf('before', '-1')}`)}
         return null;
       end $$`,
    )
    .execute(db);
  await sql`drop trigger business_registrations_keep_lexicon on business_registrations`.execute(db);
  await sql`drop function search_lexicon_keep()`.execute(db);
  await sql`
    create trigger business_registrations_lexicon_insert after insert on business_registrations
      referencing new table as new_rows
      for each statement execute function search_lexicon_after_insert()`.execute(db);
  await sql`
    create trigger business_registrations_lexicon_update after update on business_registrations
      referencing old table as old_rows new table as new_rows
      for each statement execute function search_lexicon_after_update()`.execute(db);
  await sql`
    create trigger business_registrations_lexicon_delete after delete on business_registrations
      referencing old table as old_rows
      for each statement execute function search_lexicon_after_delete()`.execute(db);
}

/** Back to one row trigger (2026_11_28_1803's function, which its `up` recreates). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const op of ['insert', 'update', 'delete'])
    await sql
      .raw(`drop trigger business_registrations_lexicon_${op} on business_registrations`)
      .execute(db);
  for (const fn of [
    'after_insert()',
    'after_update()',
    'after_delete()',
    'apply(text[], integer[])',
  ])
    await sql.raw(`drop function search_lexicon_${fn}`).execute(db);
  await sql`
    create function search_lexicon_keep() returns trigger language plpgsql as $$
    begin return null; end $$`.execute(db);
  const { up: rowTrigger } = await import('./2026_11_28_1803_search_lexicon_lock_order.ts');
  await rowTrigger(db);
  await sql`
    create trigger business_registrations_keep_lexicon
      after insert or delete
        or update of status, business_name, business_type, business_categories, services, tags,
          description, area, general_location, city
      on business_registrations
      for each row execute function search_lexicon_keep()`.execute(db);
}
