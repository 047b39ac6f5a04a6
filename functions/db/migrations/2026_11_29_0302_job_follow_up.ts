import { type Kysely, sql } from 'kysely';

/**
 * After the job (issue 36.7, ADR 079 update): a week after a quote is accepted the motorist is
 * asked whether the job was done (`follow_up_sent_at`, claimed once by the scheduled run), and
 * answers on their quotes page: `job_done`, and for a quote with a part graded new genuine,
 * `genuine_answer` (`yes`, `no`, `unsure`); a `no` is flagged to the admin. A partial index reads
 * the accepted quotes still due a follow-up, oldest first, whatever the number of quotes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table quotes
      add column follow_up_sent_at timestamptz,
      add column job_done boolean,
      add column genuine_answer text check (genuine_answer in ('yes', 'no', 'unsure')),
      add column followed_up_at timestamptz`.execute(db);
  await sql`
    create index quotes_follow_up_due on quotes (accepted_at)
      where status = 'accepted' and follow_up_sent_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists quotes_follow_up_due`.execute(db);
  await sql`
    alter table quotes
      drop column if exists followed_up_at,
      drop column if exists genuine_answer,
      drop column if exists job_done,
      drop column if exists follow_up_sent_at`.execute(db);
}
