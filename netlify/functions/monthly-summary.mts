import type { Config } from '@netlify/functions';
import { openDatabase } from '../../functions/_lib/db.ts';
import { checkEnv } from '../../functions/_lib/env.ts';
import { log } from '../../functions/_lib/log.ts';
import { createMailer } from '../../functions/_lib/mail.ts';
import { rollAdminPeriod } from '../../functions/insights/admin-insights.service.ts';
import { runMonthlySummary } from '../../functions/monthly-summary/monthly-summary.service.ts';
import { sendJobFollowUps } from '../../functions/service-requests/follow-up.service.ts';

/**
 * The owners' monthly summary in production (issue 27.3, ADR 045): a Netlify Scheduled Function
 * that runs every 15 minutes and sends what is due of last month (nothing once the month is
 * complete: one query). Not `@monthly`: a scheduled function may run 30 s (~600 owners at 5
 * e-mails at a time), so a large month is sent over several runs from the saved cursor, and a
 * failed send is retried by the next run.
 * It stops starting new pages 20 s in. Idempotent (claims in `monthly_summary_sends`), like the
 * hourly check of `npm start` (server/monthly-summary-timer.ts).
 *
 * It also rolls the admin Insights' period (ADR 049): after midnight in Lagos the first run
 * moves the day that left the 30 days out of the roll-ups, so no admin's view waits for it; every
 * other run finds it current (one query). A failed roll is logged; the next run or view retries.
 * And it sends the Find It follow-ups now due, a week after a quote was accepted (issue 36.7).
 */
export default async function monthlySummary(): Promise<Response> {
  checkEnv();
  const handle = await openDatabase();
  try {
    const report = await runMonthlySummary(handle.db, createMailer(handle.db), {
      deadline: Date.now() + 20_000,
    });
    log.info('monthly summary run', { ...report });
    await rollAdminPeriod(handle.db)
      .then((roll) => log.info('insights period', { roll }))
      .catch((error: unknown) => log.error('insights roll failed', { error: String(error) }));
    // Find It (issue 36.7): the week-after e-mails now due.
    await sendJobFollowUps(handle.db, createMailer(handle.db))
      .then((followUps) => log.info('job follow-ups', followUps))
      .catch((error: unknown) => log.error('job follow-ups failed', { error: String(error) }));
    return new Response(null, { status: 204 });
  } finally {
    await handle.close();
  }
}

export const config: Config = { schedule: '*/15 * * * *' };
