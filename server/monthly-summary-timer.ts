import type { Kysely } from 'kysely';
import { log } from '../functions/_lib/log.ts';
import { createMailer } from '../functions/_lib/mail.ts';
import type { Database } from '../functions/db/database.ts';
import { rollAdminPeriod } from '../functions/insights/admin-insights.service.ts';
import { runMonthlySummary } from '../functions/monthly-summary/monthly-summary.service.ts';
import { sendJobFollowUps } from '../functions/service-requests/follow-up.service.ts';

/** How often `npm start` checks whether last month's summaries are due (ms). */
export const SUMMARY_CHECK_MS = 60 * 60 * 1000;
/** The first check, a little after the server is up (ms). */
const FIRST_CHECK_MS = 30 * 1000;

/**
 * The local stand-in of the Netlify Scheduled Function (issue 27.3, ADR 045): `npm start` checks
 * once an hour (and shortly after it starts) whether last month's summaries are due and sends
 * what is left. One check at a time; the job itself is idempotent, so a restart or a check
 * beside a production run sends nothing twice. A failed check is logged and tried next hour.
 * Each check also rolls the admin Insights' period (ADR 049) and sends the Find It follow-ups now
 * due (issue 36.7), as the scheduled function does.
 * @returns `stop()`, which clears the timer and waits for a check under way.
 */
export function startMonthlySummaryTimer(db: Kysely<Database>): { stop(): Promise<void> } {
  const mailer = createMailer(db);
  let running: Promise<void> | null = null;
  const check = () => {
    running ??= runMonthlySummary(db, mailer)
      .then(async (report) => {
        if (report.sent || report.failed) log.info('monthly summary sent', { ...report });
        await rollAdminPeriod(db).catch((error: unknown) =>
          log.error('insights roll failed', { error: String(error) }),
        );
        await sendJobFollowUps(db, mailer).catch((error: unknown) =>
          log.error('job follow-ups failed', { error: String(error) }),
        );
      })
      .catch((error: unknown) => log.error('monthly summary failed', { error: String(error) }))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(check, FIRST_CHECK_MS);
  const hourly = setInterval(check, SUMMARY_CHECK_MS);
  first.unref();
  hourly.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(hourly);
      await running;
    },
  };
}
