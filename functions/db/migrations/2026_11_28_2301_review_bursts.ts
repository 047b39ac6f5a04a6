import { type Kysely, sql } from 'kysely';

/**
 * Bursts of reviews of one listing (issue 37.7, ADR 077): a review keeps a keyed hash of its
 * author's network (IPv4 /24, IPv6 /64; HMAC-SHA-256 with the auth secret, never the address),
 * and two partial indexes read the last day's reviews of a listing from one network, or from new
 * accounts, without reading the listing's other reviews.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reviews add column author_network_key text`.execute(db);
  await sql`
    create index reviews_network_recent on reviews (business_id, author_network_key, created_at)
      where author_network_key is not null`.execute(db);
  await sql`
    create index reviews_new_account_recent on reviews (business_id, created_at)
      where new_account`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists reviews_new_account_recent`.execute(db);
  await sql`drop index if exists reviews_network_recent`.execute(db);
  await sql`alter table reviews drop column if exists author_network_key`.execute(db);
}
