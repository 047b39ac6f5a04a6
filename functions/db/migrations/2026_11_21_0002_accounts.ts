import { getMigrations } from 'better-auth/db/migration';
import { type Kysely, sql } from 'kysely';
import { authSchemaOptions } from '../../_lib/auth.ts';

/**
 * Accounts: Better Auth's tables (user, session, account, verification, as its admin plugin
 * shapes them), profiles and user_roles tied to users, the Postgres rate limiter and the local
 * mail outbox.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { runMigrations } = await getMigrations(authSchemaOptions(db));
  await runMigrations();

  await sql`alter table profiles add constraint profiles_user_id_fkey foreign key (user_id) references "user" (id) on delete cascade`.execute(
    db,
  );
  await sql`alter table user_roles add constraint user_roles_user_id_fkey foreign key (user_id) references "user" (id) on delete cascade`.execute(
    db,
  );
  await sql`create unique index user_email_lower_key on "user" (lower(email))`.execute(db);

  await sql`
    create table rate_limits (
      key text not null,
      window_start timestamptz not null,
      count integer not null default 0,
      primary key (key, window_start)
    )`.execute(db);

  await sql`
    create table mail_outbox (
      id uuid primary key default gen_random_uuid(),
      to_addresses text[] not null,
      subject text not null,
      text_body text not null,
      html_body text,
      template text,
      transport text not null,
      status text not null default 'sent' check (status in ('sent', 'failed')),
      error text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index mail_outbox_created_at_idx on mail_outbox (created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists mail_outbox`.execute(db);
  await sql`drop table if exists rate_limits`.execute(db);
  await sql`alter table user_roles drop constraint if exists user_roles_user_id_fkey`.execute(db);
  await sql`alter table profiles drop constraint if exists profiles_user_id_fkey`.execute(db);
  for (const table of ['verification', 'account', 'session', 'user']) {
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
  }
}
