import { type Insertable, type Kysely, sql } from 'kysely';
import { countOf, pageOf, type PageWindow } from '../_lib/paging.ts';
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

/** The log as the admin reads it, newest first: the masked number, never the hash or the text. */
function smsLog(db: Db) {
  return db
    .selectFrom('sms_outbox')
    .select(['id', 'to_masked', 'template', 'status', 'error', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
}

/** One page of the log (issue 37.6). */
export function listSmsPage(db: Db, window: PageWindow) {
  return pageOf(smsLog(db), window);
}

/** Messages in the log. */
export function countSms(db: Db): Promise<number> {
  return countOf(smsLog(db));
}

/** When the ceiling was last set, and by whom (the admin's name; null before any admin). */
export function ceilingChange(db: Db) {
  return db
    .selectFrom('sms_settings as s')
    .leftJoin('user as u', 'u.id', 's.updated_by')
    .select(['s.updated_at', 'u.name as updated_by_name'])
    .executeTakeFirstOrThrow();
}

/** Sets the daily ceiling, with the admin who set it and when. */
export async function setDailyCeiling(db: Db, ceiling: number, adminId: string): Promise<void> {
  await db
    .updateTable('sms_settings')
    .set({ daily_ceiling: ceiling, updated_by: adminId, updated_at: sql`now()` })
    .execute();
}
