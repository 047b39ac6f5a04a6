import { type Kysely, sql } from 'kysely';

/**
 * Issue 35.3 (ADR 072): the directory's own words, for typos the vocabulary cannot correct
 * ("Adeymi" → "adeyemi": a business name's word, a make or a trade the vocabulary lacks).
 *
 * - `search_lexicon_words(...)`: the distinct words of a listing's searchable text (the fields
 *   its `search_vector` holds: name, type, categories, services, tags, description, area,
 *   locality, city; so a word search can match is never "corrected" away) as queries are
 *   normalised (lower case, apostrophes dropped, split on every character that is not a–z or a
 *   digit), 3–40 characters, starting with a letter.
 * - `search_lexicon`: each word of approved listings with the number of approved listings that
 *   hold it (`listings` > 0). `word` is in the "C" collation so its primary key also serves a
 *   prefix (`like 'adey%'`); a GiST trigram index serves "the nearest words to" (`<->`, KNN).
 * - `business_registrations_keep_lexicon`: a row trigger on the writes that change what the
 *   lexicon holds (insert, delete, an update of status or of a field above):
 *   only the words that row lost or gained move, so a write costs its own words, never a rebuild.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function search_lexicon_words(
      name text, type text, categories text[], services text, tags text[], description text,
      area text, general_location text, city text
    ) returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct w), '{}'::text[])
      from regexp_split_to_table(
        regexp_replace(
          lower(coalesce(name, '') || ' ' || coalesce(type, '') || ' '
                || coalesce(immutable_array_to_string(categories, ' '), '') || ' '
                || coalesce(services, '') || ' '
                || coalesce(immutable_array_to_string(tags, ' '), '') || ' '
                || coalesce(description, '') || ' ' || coalesce(area, '') || ' '
                || coalesce(general_location, '') || ' ' || coalesce(city, '')),
          '[''’‘\`]', '', 'g'),
        '[^a-z0-9]+') as w
      where char_length(w) between 3 and 40 and w ~ '^[a-z]'
    $$`.execute(db);
  await sql`
    create table search_lexicon (
      word text collate "C" primary key,
      listings integer not null check (listings > 0)
    )`.execute(db);
  await sql`
    insert into search_lexicon (word, listings)
    select w, count(*)::int
    from business_registrations r,
         unnest(search_lexicon_words(r.business_name, r.business_type, r.business_categories,
                                     r.services, r.tags, r.description, r.area,
                                     r.general_location, r.city)) as w
    where r.status = 'approved'
    group by w`.execute(db);
  await sql`
    create index search_lexicon_trgm_idx on search_lexicon using gist (word gist_trgm_ops)`.execute(
    db,
  );
  await sql`
    create function search_lexicon_keep() returns trigger language plpgsql as $$
    declare
      lost text[] := '{}';
      gained text[] := '{}';
      only_lost text[];
      only_gained text[];
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.status = 'approved' then
        lost := search_lexicon_words(old.business_name, old.business_type,
                                     old.business_categories, old.services, old.tags,
                                     old.description, old.area, old.general_location, old.city);
      end if;
      if tg_op in ('UPDATE', 'INSERT') and new.status = 'approved' then
        gained := search_lexicon_words(new.business_name, new.business_type,
                                       new.business_categories, new.services, new.tags,
                                       new.description, new.area, new.general_location, new.city);
      end if;
      if lost = gained then return null; end if;
      -- Words held before and after do not move.
      select coalesce(array_agg(w), '{}') into only_lost
        from (select unnest(lost) except select unnest(gained)) s(w);
      select coalesce(array_agg(w), '{}') into only_gained
        from (select unnest(gained) except select unnest(lost)) s(w);
      lost := only_lost;
      gained := only_gained;
      if cardinality(lost) > 0 then
        delete from search_lexicon where word = any(lost) and listings <= 1;
        update search_lexicon set listings = listings - 1 where word = any(lost);
      end if;
      if cardinality(gained) > 0 then
        insert into search_lexicon as l (word, listings)
          select w, 1 from unnest(gained) as w
          on conflict (word) do update set listings = l.listings + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger business_registrations_keep_lexicon
      after insert or delete
        or update of status, business_name, business_type, business_categories, services, tags,
          description, area, general_location, city
      on business_registrations
      for each row execute function search_lexicon_keep()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger business_registrations_keep_lexicon on business_registrations`.execute(db);
  await sql`drop function search_lexicon_keep()`.execute(db);
  await sql`drop table search_lexicon`.execute(db);
  await sql`
    drop function search_lexicon_words(text, text, text[], text, text[], text, text, text, text)`.execute(
    db,
  );
}
