import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type EmailPreferencesResponse,
  INVALID_UNSUBSCRIBE_LINK,
  oneClickUnsubscribePath,
  unsubscribePagePath,
} from '../../common/schemas/email-preferences.ts';
import { lagosWallClock } from '../../common/schemas/hours.ts';
import { ownerInsightsPath } from '../../common/schemas/insights.ts';
import { authSecret, inNetlifyFunction, siteUrl } from '../_lib/env.ts';
import { AppError } from '../_lib/errors.ts';
import { log } from '../_lib/log.ts';
import type { Mailer } from '../_lib/mail.ts';
import type { Database } from '../db/database.ts';
import { monthlySummaryEmail, type SummaryListing } from '../emails/monthly-summary.ts';
import { flushCounts } from '../insights/insights.service.ts';
import * as repository from './monthly-summary.repository.ts';

/**
 * The owners' monthly summary e-mail (issue 27.3, ADR 045): once a month, each account that owns
 * an approved listing with any counts last month gets one e-mail covering each of its listings,
 * unless it unsubscribed. Idempotent and safe to run at once from several places: each owner's
 * month is claimed in `monthly_summary_sends` before it is sent, and a failed send is retried by
 * the next run (at most {@link MAX_ATTEMPTS} times). Bounded: owners are read in keyset pages of
 * {@link OWNERS_PER_PAGE}, and a run stops at its deadline, leaving the cursor for the next.
 */

type Db = Kysely<Database>;

/** Owners read and e-mailed per page. */
export const OWNERS_PER_PAGE = 100;
/** E-mails sent at the same time (one SendGrid request each). */
export const SENDS_AT_ONCE = 5;
/** Sends of one owner's month tried at most this many times (the first and the retries). */
export const MAX_ATTEMPTS = 3;
/** A claim older than this (a run that died between claim and send) may be taken again. */
export const LEASE_MINUTES = 15;

const CLAIM_OPTIONS = { maxAttempts: MAX_ATTEMPTS, leaseMinutes: LEASE_MINUTES };

// ---------------------------------------------------------------------------------------------
// The unsubscribe token
// ---------------------------------------------------------------------------------------------

const TOKEN_PURPOSE = 'monthly-summary-unsubscribe';

const signature = (userId: string) =>
  createHmac('sha256', authSecret()).update(`${TOKEN_PURPOSE}\n${userId}`).digest('base64url');

/**
 * The token of an account's unsubscribe links: `<base64url(account id)>.<HMAC-SHA256>` with the
 * auth secret (BETTER_AUTH_SECRET). It does not expire: a link in last year's e-mail still stops
 * the summary. It grants nothing but changing this one preference.
 */
export function unsubscribeToken(userId: string): string {
  return `${Buffer.from(userId, 'utf8').toString('base64url')}.${signature(userId)}`;
}

/**
 * The account a token names, when its signature verifies (constant-time comparison).
 * @throws AppError BAD_REQUEST ({@link INVALID_UNSUBSCRIBE_LINK}) for any other token.
 */
export function verifyUnsubscribeToken(token: string): string {
  const [encoded = '', mac = '', ...rest] = token.split('.');
  const userId = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(userId ? signature(userId) : '', 'utf8');
  const given = Buffer.from(mac, 'utf8');
  if (
    rest.length > 0 ||
    !userId ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  )
    throw new AppError('BAD_REQUEST', INVALID_UNSUBSCRIBE_LINK);
  return userId;
}

// ---------------------------------------------------------------------------------------------
// Preferences
// ---------------------------------------------------------------------------------------------

/**
 * @throws AppError NOT_FOUND when the account is gone (a deleted account's old link).
 */
export async function preferences(db: Db, userId: string): Promise<EmailPreferencesResponse> {
  const row = await repository.preferencesOf(db, userId);
  if (!row) throw new AppError('NOT_FOUND', INVALID_UNSUBSCRIBE_LINK);
  return row;
}

/**
 * Turns the account's monthly summary on or off and returns the preferences as they are now.
 * @throws AppError NOT_FOUND when the account is gone.
 */
export async function setMonthlySummary(
  db: Db,
  userId: string,
  on: boolean,
): Promise<EmailPreferencesResponse> {
  await preferences(db, userId);
  await repository.setMonthlySummary(db, userId, on);
  log.info('monthly summary preference', { on });
  return preferences(db, userId);
}

// ---------------------------------------------------------------------------------------------
// The monthly job
// ---------------------------------------------------------------------------------------------

/** A month: its first day (`YYYY-MM-01`), last day, and how an owner reads it. */
export interface SummaryMonth {
  month: string;
  from: string;
  to: string;
  name: string;
  year: number;
}

/**
 * The month a run at `now` reports: the calendar month before the current one in Lagos (UTC+1).
 * From the first of a month on, last month is due.
 */
export function dueMonth(now: Date): SummaryMonth {
  const lagos = lagosWallClock(now);
  const first = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    month: day(first),
    from: day(first),
    to: day(last),
    name: first.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' }),
    year: first.getUTCFullYear(),
  };
}

/** What one run did. */
export interface RunReport {
  month: string;
  /** Owners whose e-mail went out in this run. */
  sent: number;
  /** Owners whose e-mail failed in this run (retried by a later run). */
  failed: number;
  /** True when every owner of the month has been handled (later runs return at once). */
  completed: boolean;
}

/** Claims, builds and sends each owner's e-mail of one page; returns the outcomes. */
async function sendPage(
  db: Db,
  mailer: Mailer,
  ownerIds: readonly string[],
  month: SummaryMonth,
): Promise<{ sent: number; failed: number }> {
  const rows = await repository.listingTotals(db, ownerIds, month.from, month.to);
  const byOwner = new Map<string, repository.OwnerListingTotals[]>();
  for (const row of rows) byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row]);
  const site = siteUrl();
  let sent = 0;
  let failed = 0;
  const sendOne = async (ownerId: string, listings: repository.OwnerListingTotals[]) => {
    const any = listings.some((l) => Object.values(l.totals).some((n) => n > 0));
    if (!any) return;
    if (!(await repository.claimSend(db, ownerId, month.month, CLAIM_OPTIONS))) return;
    const token = unsubscribeToken(ownerId);
    const summary: SummaryListing[] = listings.map((l) => ({
      businessName: l.businessName,
      totals: l.totals,
      insightsUrl: `${site}${ownerInsightsPath(l.listingId, 30)}`,
    }));
    const result = await mailer.send(
      monthlySummaryEmail(listings[0]!.email, {
        ownerName: listings[0]!.name,
        monthName: month.name,
        year: month.year,
        listings: summary,
        unsubscribeUrl: `${site}${unsubscribePagePath(token)}`,
        oneClickUrl: `${site}${oneClickUnsubscribePath(token, inNetlifyFunction())}`,
        token,
      }),
    );
    await repository.finishSend(db, ownerId, month.month, result);
    if (result.ok) sent++;
    else failed++;
  };
  // A few owners at a time: each is its own claim, e-mail and outcome.
  const owners = [...byOwner];
  for (let start = 0; start < owners.length; start += SENDS_AT_ONCE)
    await Promise.all(
      owners.slice(start, start + SENDS_AT_ONCE).map(([id, listings]) => sendOne(id, listings)),
    );
  return { sent, failed };
}

/**
 * Sends last month's summaries that are due (see {@link dueMonth}): the owners after the run's
 * cursor in pages of {@link OWNERS_PER_PAGE}, then the failed sends again, until done or
 * `deadline` (ms since the epoch; a Netlify scheduled function has 30 s). Safe to call every hour
 * and from several processes at once: an owner's month is sent once. Never throws for a failed
 * e-mail (it is recorded and retried); a database error propagates.
 */
export async function runMonthlySummary(
  db: Db,
  mailer: Mailer,
  options: { now?: Date; deadline?: number; pageSize?: number } = {},
): Promise<RunReport> {
  const month = dueMonth(options.now ?? new Date());
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const pageSize = options.pageSize ?? OWNERS_PER_PAGE;
  const report: RunReport = { month: month.month, sent: 0, failed: 0, completed: false };
  const run = await repository.runOf(db, month.month);
  if (run.completed) return { ...report, completed: true };
  // Counts still buffered in this process belong to the month too (the last day's taps).
  await flushCounts(db);

  const add = (page: { sent: number; failed: number }) => {
    report.sent += page.sent;
    report.failed += page.failed;
  };
  let cursor = run.cursor;
  for (;;) {
    if (Date.now() >= deadline) return report;
    const owners = await repository.ownersAfter(db, cursor, pageSize);
    if (owners.length === 0) break;
    add(await sendPage(db, mailer, owners, month));
    cursor = owners.at(-1)!;
    await repository.advanceCursor(db, month.month, cursor);
    if (owners.length < pageSize) break;
  }
  // Every owner was seen: now the sends that failed in an earlier run (or whose run died) get
  // another attempt; not when this run already failed one (the provider is likely down: the next
  // run retries, and the attempts are not spent in one go).
  let after: string | null = null;
  while (report.failed === 0) {
    if (Date.now() >= deadline) return report;
    const owners = await repository.retryableAfter(db, month.month, after, pageSize, CLAIM_OPTIONS);
    if (owners.length === 0) break;
    const page = await sendPage(db, mailer, owners, month);
    add(page);
    after = owners.at(-1)!;
  }
  // A send that failed in this very run is retried by the next one, not now.
  if (report.failed === 0) {
    await repository.completeRun(db, month.month);
    report.completed = true;
  }
  log.info('monthly summary run', { ...report });
  return report;
}
