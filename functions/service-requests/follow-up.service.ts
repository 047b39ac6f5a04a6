import type { Kysely } from 'kysely';
import type { FollowUpAnswer, QuoteRequestView } from '../../common/schemas/quotes.ts';
import type { Database } from '../db/database.ts';
import { genuineDisputeEmail, jobFollowUpEmail } from '../emails/quotes.ts';
import { AppError } from '../_lib/errors.ts';
import { adminNotifyAddress, type Mailer } from '../_lib/mail.ts';
import * as repository from './quote-requests.repository.ts';
import {
  accessKeyOf,
  openedRequest,
  viewQuoteRequest,
  type QuoteAccess,
} from './quotes.service.ts';

/**
 * After the job (issue 36.7, ADR 079): a week after acceptance the motorist is asked whether the
 * job was done and invited to review the business (a review by the account that sent the request
 * reads "Job booked through Lagos Auto Hub"); a part sold as new genuine that the motorist says
 * was not is flagged to the admin.
 */
type Db = Kysely<Database>;

/** How long after acceptance the motorist is asked. */
export const FOLLOW_UP_AFTER_MS = 7 * 24 * 3600 * 1000;
/** Follow-ups sent per run (the scheduled run comes back for the rest). */
const PER_RUN = 100;

/**
 * Sends the follow-ups now due (accepted a week ago or more, never asked), each once: claimed
 * before the e-mail goes, so two runs never send one twice; a failed e-mail is not retried (the
 * page asks too).
 * @returns how many were sent and failed.
 */
export async function sendJobFollowUps(
  db: Db,
  mailer: Mailer,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  const due = await repository.claimFollowUps(
    db,
    new Date(now.getTime() - FOLLOW_UP_AFTER_MS),
    PER_RUN,
  );
  let sent = 0;
  for (const quote of due) {
    const request = await repository.findRequest(db, quote.service_request_id);
    const business = (await repository.listComparedQuotes(db, quote.service_request_id)).find(
      (q) => q.id === quote.id,
    );
    if (!request || !business) continue;
    const result = await mailer.send(
      jobFollowUpEmail(
        request.customer_email,
        business.business_name,
        accessKeyOf(request.id, request.access_key_version),
      ),
    );
    if (result.ok) sent += 1;
  }
  return { sent, failed: due.length - sent };
}

/**
 * The motorist says whether the job was done and, for a quote with a part graded new genuine,
 * whether it was; a `no` for the part is e-mailed to the admin. May be changed later.
 * @throws AppError NOT_FOUND (or no accepted quote: CONFLICT).
 */
export async function answerFollowUp(
  db: Db,
  mailer: Mailer,
  id: string,
  answer: FollowUpAnswer,
  access: QuoteAccess,
): Promise<QuoteRequestView> {
  await openedRequest(db, id, access);
  const before = await viewQuoteRequest(db, id, access);
  const accepted = before.quotes.find((q) => q.status === 'accepted');
  if (!accepted) throw new AppError('CONFLICT', 'Accept a quote first.');
  const genuineParts = accepted.parts.some((p) => p.grade === 'new_genuine');
  const genuine = genuineParts ? (answer.genuine ?? null) : null;
  await repository.setFollowUp(db, id, { job_done: answer.jobDone, genuine_answer: genuine });
  if (genuine === 'no' && accepted.genuine_answer !== 'no')
    await mailer.send(
      genuineDisputeEmail(adminNotifyAddress(), accepted.listing.business_name, id, accepted.parts),
    );
  return viewQuoteRequest(db, id, access);
}
