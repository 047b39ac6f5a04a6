import { type Kysely, sql } from 'kysely';

/**
 * Send twice, stored once (issue 23.4, ADR 028): the first answer of a create request that carried
 * an `Idempotency-Key`, kept for a day so a retry with the same key gets that answer instead of a
 * second row. `status` is null while the first request is still running. Keys are scoped by
 * method, path and account; no address or other personal data is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idempotency_keys (
      scope text not null,
      key text not null,
      fingerprint text not null,
      status smallint,
      body text,
      created_at timestamptz not null default now(),
      primary key (scope, key)
    )`.execute(db);
  await sql`create index idempotency_keys_created_at on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists idempotency_keys`.execute(db);
}
