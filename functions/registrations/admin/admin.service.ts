import {
  BULK_FROM,
  type BulkAction,
  type BulkPreviewResponse,
  type BulkSelection,
  type RegistrationListQuery,
} from '../../../common/schemas/registrations.ts';
import { paged } from '../../_lib/paging.ts';
import { AppError } from '../../_lib/errors.ts';
import type { Mailer } from '../../_lib/mail.ts';
import type { RegistrationStatus } from '../../db/database.ts';
import { welcomeEmailBatch } from '../../emails/notifications.ts';
import { bulkListingChangeTags, type ListingState } from '../../site/cache-tags.ts';
import { listingUrl } from '../../site/urls.ts';
import * as repository from '../registrations.repository.ts';
import type { AdminRegistrationRow } from '../registrations.repository.ts';
import type { Db } from '../registrations.service.ts';

/** Registrations, the admin tabs' room (SPEC §2, §5 "Admin search"; ADR 014, 073): lists, counts per status and bulk actions. */

/**
 * One page of a status tab (or of the featured list) with its search (SPEC §2, §5 "Admin
 * search"), and the number of matches in all.
 */
export async function listRegistrations(
  db: Db,
  query: RegistrationListQuery,
): Promise<{ registrations: AdminRegistrationRow[]; total: number }> {
  const filter = { status: query.status, featured: Boolean(query.featured), q: query.q };
  const { rows: registrations, total } = await paged(
    query,
    (window) => repository.listPage(db, filter, window),
    () => repository.count(db, filter),
  );
  return { registrations, total };
}

/** Registrations per status matching the company search `q`: one grouped query (SPEC §2 counts). */
export function countRegistrationsByStatus(db: Db, q: string | undefined) {
  return repository.countByStatus(db, { q });
}

/** The rows a selection names (ids, or a status tab's search), narrowed to `statuses`. */
function selectionFilter(
  selection: BulkSelection,
  statuses?: readonly RegistrationStatus[],
): repository.RegistrationFilter {
  return 'ids' in selection
    ? { ids: selection.ids, statuses }
    : {
        status: selection.match.status,
        q: selection.match.q,
        statuses,
      };
}

/**
 * What a bulk action would do now (the confirmation's number): rows the selection names, rows
 * whose status allows the action (SPEC §4), and the rest, skipped.
 */
export async function previewBulk(
  db: Db,
  action: BulkAction,
  selection: BulkSelection,
): Promise<BulkPreviewResponse> {
  const [matched, willChange] = await Promise.all([
    repository.count(db, selectionFilter(selection)),
    repository.count(db, selectionFilter(selection, BULK_FROM[action])),
  ]);
  return { action, matched, willChange, skipped: matched - willChange };
}

/** One listing a bulk action changed, before and after (after is undefined when deleted). */
export interface BulkChange {
  before: ListingState;
  after: ListingState | undefined;
}

export interface BulkResult {
  action: BulkAction;
  changed: number;
  skipped: number;
  notFound: number;
  changes: BulkChange[];
  /** The pages the whole action changed: one purge (ADR 011). */
  tags: string[];
  /** Approved listings, for the welcome e-mails. */
  approved: repository.BulkChangedRow[];
}

/**
 * Approve, reject or delete every selected listing whose status allows it (SPEC §4: the rules of
 * the single actions), in one transaction with the rows locked; the others are skipped and
 * counted. Nothing changes unless exactly `expected` rows would (the number the confirmation
 * showed), so a selection that grew or shrank since is confirmed again.
 * @throws AppError CONFLICT when the number changed since the confirmation (nothing changes).
 */
export async function runBulk(
  db: Db,
  action: BulkAction,
  selection: BulkSelection,
  expected: number,
): Promise<BulkResult> {
  return db.transaction().execute(async (trx) => {
    const matched = await repository.count(trx, selectionFilter(selection));
    const filter = selectionFilter(selection, BULK_FROM[action]);
    let changes: BulkChange[];
    let approved: repository.BulkChangedRow[] = [];
    if (action === 'delete') {
      const deleted = await repository.removeWhere(trx, filter);
      changes = deleted.map((row) => ({ before: row, after: undefined }));
    } else {
      const rows = await repository.setStatusWhere(
        trx,
        filter,
        action === 'approve' ? 'approved' : 'rejected',
      );
      changes = rows.map((row) => ({
        before: { ...row, status: row.before_status, featured: row.before_featured },
        after: row,
      }));
      if (action === 'approve') approved = rows;
    }
    if (changes.length !== expected) {
      throw new AppError(
        'CONFLICT',
        `The selection changed: ${changes.length} businesses would change now, not ${expected}. Please review and confirm again.`,
      );
    }
    return {
      action,
      changed: changes.length,
      skipped: matched - changes.length,
      notFound: 'ids' in selection ? selection.ids.length - matched : 0,
      changes,
      tags: bulkListingChangeTags(changes),
      approved,
    };
  });
}

/**
 * The welcome e-mails of a bulk approval (SPEC §4 "Approval sends a welcome e-mail"), after the
 * commit: one template with per-business values in SendGrid batches of 1,000 (two requests for
 * 2,000 approvals), so the response waits for a request per thousand, not for 2,000 sends.
 * A failure never undoes an approval; it is counted for the Warning toast.
 */
export async function sendBulkWelcome(
  mailer: Mailer,
  approved: readonly repository.BulkChangedRow[],
): Promise<{ sent: number; failed: number; skipped: number; error?: string }> {
  const withEmail = approved.filter((b): b is repository.BulkChangedRow & { email: string } =>
    Boolean(b.email),
  );
  const skipped = approved.length - withEmail.length;
  if (withEmail.length === 0) return { sent: 0, failed: 0, skipped };
  const { template, recipients } = welcomeEmailBatch(
    withEmail.map((b) => ({
      business_name: b.business_name,
      email: b.email,
      business_type: b.business_type,
      contact_name: b.display_name,
      listingUrl: listingUrl(b.slug),
    })),
  );
  const outcomes = await mailer.sendPersonalized(template, recipients);
  const failed = outcomes.filter((o) => o.status === 'failed');
  return {
    sent: outcomes.length - failed.length,
    failed: failed.length,
    skipped,
    ...(failed[0]?.error ? { error: failed[0].error } : {}),
  };
}
