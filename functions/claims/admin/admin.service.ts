import type { AdminClaim, AdminClaimListQuery } from '../../../common/schemas/claims.ts';
import { paged } from '../../_lib/paging.ts';
import { AppError } from '../../_lib/errors.ts';
import type { Mailer } from '../../_lib/mail.ts';
import { claimClosedEmail, claimDecisionEmail } from '../../emails/claims.ts';
import { listingChangeTags } from '../../site/cache-tags.ts';
import { ownerDashboardUrl } from '../../site/urls.ts';
import * as repository from '../claims.repository.ts';
import * as registrations from '../../registrations/registrations.repository.ts';
import {
  ALREADY_CLAIMED,
  type Db,
  NOT_FOUND,
  adminClaimView,
  notify,
  state,
} from '../claims.service.ts';

/** Claims, the admin's room (issue 16, ADR 018, 073): the Claims tab's list and count, and the decision on a manual claim. */

/** One page of claims for the Claims tab (default: manual claims waiting for a decision). */
export async function listClaims(
  db: Db,
  query: AdminClaimListQuery,
): Promise<{ claims: AdminClaim[]; total: number }> {
  const filter = { status: query.status, q: query.q };
  const { rows, total } = await paged(
    query,
    (window) => repository.listClaims(db, filter, window),
    () => repository.countClaims(db, filter),
  );
  return { claims: rows.map(adminClaimView), total };
}

/**
 * The Claims tab's count (SPEC §2 "Label (n)"): manual claims waiting for a decision plus owners'
 * pending changes, both matching the tab search `q` as the tab's two lists do. Each is a count
 * over the pending rows of a `(status, created_at)` index, so it does not grow with decided rows.
 */
export async function countPendingClaims(db: Db, q: string | undefined): Promise<number> {
  const [claims, changes] = await Promise.all([
    repository.countClaims(db, { status: 'pending', q }),
    repository.countChanges(db, { status: 'pending', q }),
  ]);
  return claims + changes;
}

/**
 * Tells the claimants of `claimIds` (open claims just closed because another claim of the
 * listing was confirmed) that their claim is closed: one `claim-closed` e-mail each, after the
 * commit.
 */
export async function notifyClosedClaims(db: Db, mailer: Mailer, claimIds: readonly string[]) {
  for (const claimant of await repository.claimantsOf(db, claimIds)) {
    await notify(
      mailer,
      claimClosedEmail(claimant.email, {
        businessName: claimant.businessName,
        claimantName: claimant.name,
      }),
      { claimId: claimant.claimId },
    );
  }
}

/**
 * The admin's decision on a manual claim: `approve` sets the claimant as owner (409 when the
 * listing has one already) and returns the listing's cache tags; `reject` only closes the claim.
 * After the commit the claimant is e-mailed the decision (`claim-approved` / `claim-rejected`
 * through the mailer and its outbox), and on approval so is every claimant whose open claim of
 * the listing it closed (`claim-closed`); a failed e-mail is logged and the decision stands.
 * @throws AppError NOT_FOUND, CONFLICT (not a pending manual claim, or already claimed).
 */
export async function decideClaim(
  db: Db,
  mailer: Mailer,
  adminId: string,
  claimId: string,
  decision: 'approve' | 'reject',
): Promise<{ claim: AdminClaim; tags: string[] }> {
  const { tags, closed } = await db.transaction().execute(async (trx) => {
    const claim = await repository.lockClaim(trx, claimId);
    if (!claim) throw new AppError('NOT_FOUND', 'Claim not found');
    if (claim.method !== 'manual' || claim.status !== 'pending')
      throw new AppError('CONFLICT', 'This claim is not waiting for a decision.');
    if (decision === 'reject') {
      await repository.setClaimStatus(trx, claim.id, 'rejected', { decided_by: adminId });
      return { tags: [], closed: [] };
    }
    const listing = await registrations.lockForOwner(trx, claim.business_registration_id);
    if (!listing) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (!(await registrations.setOwnerIfUnclaimed(trx, listing.id, claim.user_id)))
      throw new AppError('CONFLICT', ALREADY_CLAIMED);
    await repository.setClaimStatus(trx, claim.id, 'approved', { decided_by: adminId });
    return {
      tags: listingChangeTags(state(listing), state(listing)),
      closed: await repository.rejectOtherOpenClaims(trx, listing.id, claim.id),
    };
  });
  const row = (await repository.findClaimView(db, claimId))!;
  await notify(
    mailer,
    claimDecisionEmail(row.claimant_email, {
      businessName: row.listing_name,
      claimantName: row.claimant_name,
      decision: decision === 'approve' ? 'approved' : 'rejected',
      dashboardUrl: ownerDashboardUrl(),
    }),
    { claimId },
  );
  await notifyClosedClaims(db, mailer, closed);
  return { claim: adminClaimView(row), tags };
}
