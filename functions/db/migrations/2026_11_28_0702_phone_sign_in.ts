import { type Kysely, sql } from 'kysely';

/**
 * Phone numbers on accounts (issue 37.1, ADR 067): the columns Better Auth's phone-number plugin
 * reads, snake_cased like the rest of its tables. `phone_number` is E.164 and unique: one number
 * belongs to one account. `phone_number_verified` is true once a code sent to it came back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table "user"
      add column phone_number text unique,
      add column phone_number_verified boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table "user" drop column if exists phone_number,
      drop column if exists phone_number_verified`.execute(db);
}
