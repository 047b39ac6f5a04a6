import { type Kysely, sql } from 'kysely';

/** Messaging: the per-recipient outcome of each sent message (issue "Admin dashboard"). */
export async function up(db: Kysely<any>): Promise<void> {
  // citext[] is read back as a string by the drivers; addresses are lower-cased by the handler.
  await sql`alter table sent_messages alter column recipient_emails type text[] using recipient_emails::text[]`.execute(
    db,
  );
  await sql`alter table sent_messages add column outcomes jsonb not null default '[]'::jsonb`.execute(
    db,
  );
  await sql`alter table sent_messages add column sent_count integer not null default 0`.execute(db);
  await sql`alter table sent_messages add column failed_count integer not null default 0`.execute(
    db,
  );
  await sql`create index sent_messages_sent_at_idx on sent_messages (sent_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists sent_messages_sent_at_idx`.execute(db);
  for (const column of ['failed_count', 'sent_count', 'outcomes']) {
    await sql`alter table sent_messages drop column if exists ${sql.ref(column)}`.execute(db);
  }
}
