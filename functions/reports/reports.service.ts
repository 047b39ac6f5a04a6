import type { Kysely } from 'kysely';
import type { SessionUser } from '../../common/schemas/auth.ts';
import {
  type ClosedReport,
  type ClosedReportListQuery,
  REPORTS_PER_GROUP,
  type ReportAction,
  type ReportGroup,
  type ReportListQuery,
  type ReportSubmit,
} from '../../common/schemas/reports.ts';
import { pageWindow } from '../_lib/paging.ts';
import { AppError } from '../_lib/errors.ts';
import type { Encodable } from '../_lib/http.ts';
import { log } from '../_lib/log.ts';
import { addressBucket, enforceRateLimits, keyedAddress } from '../_lib/rate-limit.ts';
import type { Database } from '../db/database.ts';
import * as registrations from '../registrations/registrations.service.ts';
import type { RegistrationWrite } from '../registrations/registrations.service.ts';
import * as repository from './reports.repository.ts';

/** "Report this listing" and the admin Reports tab (issue 16.3, ADR 019). */
type Db = Kysely<Database>;

/** Reports per hour per client address (the /64 of an IPv6 address), all listings together. */
export const REPORTS_PER_HOUR = 10;

/**
 * Who reported: the account when signed in, else a keyed hash of the client's address bucket
 * (the address itself is never stored; the key is the auth secret, so the hash cannot be
 * reversed by trying every IPv4 address).
 */
export function reporterKey(user: SessionUser | null, clientAddress: string): string {
  return user ? `user:${user.id}` : `ip:${keyedAddress('listing-report', clientAddress)}`;
}

/**
 * A visitor's report of a public listing (issue 16.3): rate limited per address, honeypot, then
 * stored as open. A reporter's repeat of an open report (same listing and reason) counts once:
 * it answers the same and adds nothing.
 * @throws AppError RATE_LIMITED past 10 an hour per address; NOT_FOUND for a listing that is
 * not in the public directory.
 */
export async function submitReport(
  db: Db,
  listingId: string,
  input: ReportSubmit,
  reporter: { user: SessionUser | null; clientAddress: string },
): Promise<void> {
  await enforceRateLimits(db, [
    {
      key: `report:ip:${addressBucket(reporter.clientAddress)}`,
      limit: REPORTS_PER_HOUR,
      windowSeconds: 3600,
    },
  ]);
  if (input.hp) {
    log.warn('honeypot filled; report dropped', { ip: reporter.clientAddress });
    return;
  }
  if (!(await repository.isPublicListing(db, listingId)))
    throw new AppError('NOT_FOUND', 'Business not found');
  await repository.insertOpen(db, {
    listing_id: listingId,
    reason: input.reason,
    details: input.details ?? null,
    reporter_user_id: reporter.user?.id ?? null,
    reporter_key: reporterKey(reporter.user, reporter.clientAddress),
  });
}

/**
 * One page of the Reports tab: listings with open reports, most recently reported first, each
 * with its count, the count per reason, the "Permanently closed" reporters and its newest 20
 * reports (never who sent them).
 */
export async function listReports(
  db: Db,
  query: ReportListQuery,
): Promise<{ groups: Encodable<ReportGroup>[]; total: number }> {
  const { rows, total } = await repository.listGroups(db, query.q, pageWindow(query));
  const ids = rows.map((r) => r.listing_id);
  const [reasons, reports] = await Promise.all([
    repository.reasonCounts(db, ids),
    repository.newestReports(db, ids, REPORTS_PER_GROUP),
  ]);
  const groups = rows.map((row) => ({
    business: {
      id: row.listing_id,
      business_name: row.business_name,
      business_type: row.business_type,
      city: row.city,
      slug: row.slug,
      status: row.status,
    },
    count: row.count,
    reasons: reasons
      .filter((r) => r.listing_id === row.listing_id)
      .map(({ reason, count }) => ({ reason, count })),
    closed_reporters: row.closed_reporters,
    reported_closed: row.closed_reporters >= repository.CLOSED_FLAG_REPORTERS,
    last_reported_at: row.last_reported_at,
    reports: reports
      .filter((r) => r.listing_id === row.listing_id)
      .map((r) => ({
        id: r.id,
        reason: r.reason,
        details: r.details,
        created_at: r.created_at,
        signed_in: r.reporter_user_id !== null,
      })),
  }));
  return { groups, total };
}

/**
 * The Reports tab's count (SPEC §2 "Label (n)"): listings with open reports matching the business
 * name search `q`, the number of groups the tab pages over (not the number of reports). One count
 * over the partial index of open reports, so closed reports never add to its cost.
 */
export function countReportedListings(db: Db, q: string | undefined): Promise<number> {
  return repository.countGroups(db, q);
}

/**
 * One page of the Reports tab's closed reports (Resolved, Dismissed or Listing suspended), most
 * recently closed first, each with its listing and the admin who closed it and when (ADR 019
 * update). Never who sent a report, only whether an account did.
 */
export async function listClosedReports(
  db: Db,
  query: ClosedReportListQuery,
): Promise<{ reports: Encodable<ClosedReport>[]; total: number }> {
  const { rows, total } = await repository.listClosed(
    db,
    { status: query.status, q: query.q },
    pageWindow(query),
  );
  return {
    total,
    reports: rows.map((r) => ({
      id: r.id,
      reason: r.reason,
      details: r.details,
      created_at: r.created_at,
      signed_in: r.reporter_user_id !== null,
      status: r.status as ClosedReport['status'],
      business: {
        id: r.listing_id,
        business_name: r.business_name,
        slug: r.slug,
        status: r.business_status,
      },
      handled_at: r.handled_at,
      handled_by: r.handler_name || r.handler_email || null,
    })),
  };
}

/** The listings among `ids` flagged "Reported closed" (three distinct open closed reports). */
export function reportedClosed(db: Db, ids: readonly string[]): Promise<Set<string>> {
  return repository.closedFlagged(db, ids);
}

const CLOSED_AS = { resolve: 'resolved', dismiss: 'dismissed', suspend: 'suspended' } as const;

/**
 * Resolve, Dismiss or Suspend listing: closes the open reports of the listing the admin saw (those
 * created no later than `through`, the newest report the admin's page showed), recording the
 * admin; reports that arrived after the page was loaded stay open. Suspend also suspends an
 * approved listing (SPEC §4 rules: 409 for a listing that cannot be suspended), so the caller
 * purges its pages with `change`; a listing already suspended stays so. All of it is one
 * transaction on the locked listing row.
 * @throws AppError NOT_FOUND (no such listing, or `through` is not one of its reports), CONFLICT
 * (none of the reports seen is open any more, or a listing that cannot be suspended).
 */
export async function actOnReports(
  db: Db,
  listingId: string,
  action: ReportAction,
  adminId: string | null,
  through: string,
): Promise<{
  closed: number;
  status: (typeof CLOSED_AS)[ReportAction];
  business_status: RegistrationWrite['after']['status'];
  change: RegistrationWrite | null;
}> {
  // One transaction on the locked listing: two admins acting on the same reports are served one
  // after the other, and the second closes nothing, gets 409 and changes nothing.
  return db.transaction().execute(async (trx) => {
    const business = await registrations.lockRegistration(trx, listingId);
    if (!(await repository.isReportOf(trx, listingId, through)))
      throw new AppError('NOT_FOUND', 'Report not found');
    const status = CLOSED_AS[action];
    const closed = await repository.closeOpen(trx, listingId, through, status, adminId);
    if (closed === 0) throw new AppError('CONFLICT', 'These reports were already handled.');
    const change =
      action === 'suspend' && business.status !== 'suspended'
        ? registrations.registrationWrite(
            business,
            await registrations.changeLockedStatus(trx, business, 'suspended'),
          )
        : null;
    return {
      closed,
      status,
      business_status: change?.after.status ?? business.status,
      change,
    };
  });
}
