import { type Kysely, sql } from 'kysely';

/**
 * The admin's search words (issue 35.7, ADR 062): synonym groups and misspellings an admin adds
 * in the "Search words" panel, merged with the shipped vocabulary (`common/search/vocabulary.ts`)
 * at query time, and the log of every change.
 *
 * - `search_words`: one row per addition. `kind = 'synonyms'`: `terms` is the group's members
 *   (2–12 normalised words or phrases), `category` an optional category page key it implies;
 *   `kind = 'misspelling'`: `terms` is `[wrong, right]`. `created_by` is the admin who added it
 *   (an addition outlives its author's account: set null).
 * - `search_words_log`: who added or removed what, when; kept when the word is removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_words (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('synonyms', 'misspelling')),
      terms text[] not null check (
        cardinality(terms) between 2 and 12
        and (kind = 'synonyms' or cardinality(terms) = 2)
        and char_length(array_to_string(terms, ' ')) <= 600),
      category text check (category is null or char_length(category) <= 40),
      created_by text references "user" (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index search_words_created on search_words (created_at, id)`.execute(db);
  await sql`
    create table search_words_log (
      id uuid primary key default gen_random_uuid(),
      word_id uuid,
      action text not null check (action in ('added', 'removed')),
      kind text not null,
      terms text[] not null,
      category text,
      admin_id text references "user" (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index search_words_log_recent on search_words_log (created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists search_words_log`.execute(db);
  await sql`drop table if exists search_words`.execute(db);
}
