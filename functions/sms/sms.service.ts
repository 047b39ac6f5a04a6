import type { Kysely } from 'kysely';
import type { AdminSms, SmsToday } from '../../common/schemas/sms.ts';
import type { PageQuery } from '../../common/schemas/api.ts';
import { log } from '../_lib/log.ts';
import { paged } from '../_lib/paging.ts';
import type { Database } from '../db/database.ts';
import * as repository from './sms.repository.ts';

/**
 * The admin's SMS view (issue 37.6, ADR 074): the log of text messages, today's count against the
 * site-wide daily ceiling (ADR 068), and the change of the ceiling.
 */
type Db = Kysely<Database>;

const iso = (value: Date | string) => new Date(value).toISOString();

/** Messages sent today against the ceiling, and who set the ceiling last. */
export async function smsTodayWithCeiling(db: Db): Promise<SmsToday> {
  const [{ sent, ceiling }, change] = await Promise.all([
    repository.smsToday(db),
    repository.ceilingChange(db),
  ]);
  return {
    sent,
    daily_ceiling: ceiling,
    updated_at: iso(change.updated_at),
    updated_by_name: change.updated_by_name,
  };
}

/** One page of the log, newest first, its total, and today's count. */
export async function listSmsLog(
  db: Db,
  query: PageQuery,
): Promise<{ messages: AdminSms[]; total: number; today: SmsToday }> {
  const [{ rows, total }, today] = await Promise.all([
    paged(
      query,
      (window) => repository.listSmsPage(db, window),
      () => repository.countSms(db),
    ),
    smsTodayWithCeiling(db),
  ]);
  const messages = rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
  return { messages, total, today };
}

/**
 * Sets the daily ceiling for `adminId` (kept in `sms_settings.updated_by`, and logged). It applies
 * to the next code request: a ceiling below today's count stops codes by SMS until midnight.
 */
export async function setSmsCeiling(db: Db, adminId: string, ceiling: number): Promise<SmsToday> {
  await repository.setDailyCeiling(db, ceiling, adminId);
  log.info('sms daily ceiling set', { ceiling, adminId });
  return smsTodayWithCeiling(db);
}
