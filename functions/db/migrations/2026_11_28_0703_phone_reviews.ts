import { type Kysely, sql } from 'kysely';

/**
 * One phone number, one review per listing (issue 37.4, ADR 067): a review written by an account
 * with a confirmed phone keeps a keyed hash of that number (HMAC-SHA-256 with the auth secret;
 * never the number), and the database refuses a second review of the listing under the same
 * hash, whichever account carries the number then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reviews add column author_phone_key text`.execute(db);
  await sql`
    create unique index reviews_business_phone_key on reviews (business_id, author_phone_key)
      where author_phone_key is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists reviews_business_phone_key`.execute(db);
  await sql`alter table reviews drop column if exists author_phone_key`.execute(db);
}
