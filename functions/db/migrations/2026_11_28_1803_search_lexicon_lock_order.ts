import { type Kysely, sql } from 'kysely';

/**
 * Issue 35.3 (ADR 072): the lexicon's trigger takes its row locks in one order. Two transactions
 * approving listings at once (a bulk import, two admins) each updated the shared words' counts
 * in the order their arrays happened to hold, and native PostgreSQL found the deadlock
 * ("deadlock detected", seen with 20 concurrent inserts). Now a row's change first locks every
 * existing word it moves, in word order, then inserts its new words in word order: two
 * single-row transactions always take the words they share in the same order. (A transaction
 * writing several listings takes each row's words in turn, so two such transactions may still
 * meet; the bulk paths write a listing per transaction.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function search_lexicon_keep() returns trigger language plpgsql as $$
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
      -- Every existing row this change moves, locked first and in word order; new words are
      -- then inserted in word order too.
      perform 1 from search_lexicon
        where word = any(only_lost || only_gained) order by word for update;
      if cardinality(only_lost) > 0 then
        delete from search_lexicon where word = any(only_lost) and listings <= 1;
        update search_lexicon set listings = listings - 1 where word = any(only_lost);
      end if;
      if cardinality(only_gained) > 0 then
        insert into search_lexicon as l (word, listings)
          select w, 1 from unnest(only_gained) as w order by w
          on conflict (word) do update set listings = l.listings + 1;
      end if;
      return null;
    end $$`.execute(db);
}

/** Back to the trigger of 2026_11_28_1802 (deletes and updates, then inserts). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function search_lexicon_keep() returns trigger language plpgsql as $$
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
}
