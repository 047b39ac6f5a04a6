import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, SmsOutboxTable } from '../db/database.ts';

/**
 * The SMS log and the site's daily SMS ceiling (issue 37.2, 37.3, 37.6; ADR 067, 068). Rows hold
 * the number only masked and as a keyed hash, and the text with its code redacted.
 */
type Db = Kysely<Database>;

/** Records one message and its outcome. */
export async function recordSms(db: Db, row: Insertable<SmsOutboxTable>): Promise<void> {
  await db.insertInto('sms_outbox').values(row).execute();
}

/** The start of today in Lagos (Africa/Lagos, UTC+1, no daylight saving). */
const lagosToday = sql<Date>`date_trunc('day', now() at time zone 'Africa/Lagos') at time zone 'Africa/Lagos'`;

/** Messages sent (accepted by the provider) since the start of today in Lagos, and the ceiling. */
export async function smsToday(db: Db): Promise<{ sent: number; ceiling: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('sms_outbox')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('status', '=', 'sent')
        .where(sql<boolean>`created_at >= ${lagosToday}`)
        .as('sent'),
      eb.selectFrom('sms_settings').select('daily_ceiling').as('ceiling'),
    ])
    .executeTakeFirstOrThrow();
  return { sent: Number(row.sent ?? 0), ceiling: Number(row.ceiling ?? 0) };
}
