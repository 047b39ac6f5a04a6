import { useState } from 'react';
import { toast } from 'sonner';
import { apiSend } from '../../browser/api-client';
import { formatDateTime } from '../../browser/dates';
import { reasonLabel } from '../../../common/schemas/report-reasons';
import type {
  ClosedReport,
  ClosedReportListResponse,
  ClosedReportStatus,
  ReportAction,
  ReportActionResponse,
  ReportGroup,
  ReportListResponse,
} from '../../../common/schemas/reports';
import { ConfirmButton } from '../ui/ConfirmButton';
import { EmptyState } from '../ui/EmptyState';
import { ListPager } from './ListPager';
import { ADMIN_LIMIT, usePagedList } from './data';
import { SectionHead, ViewSelect } from './SectionHead';

/** One page of listings with open reports (issue 16.3), with the business name search. */
function useReports(q: string) {
  return usePagedList<ReportGroup, ReportListResponse>(
    '/api/admin/reports',
    (r) => r.groups,
    { q, limit: ADMIN_LIMIT },
    'Failed to load reports',
  );
}

/** One page of closed reports of one kind (ADR 019 update), most recently closed first. */
function useClosedReports(status: ClosedReportStatus, q: string) {
  return usePagedList<ClosedReport, ClosedReportListResponse>(
    '/api/admin/reports/closed',
    (r) => r.reports,
    { status, q, limit: ADMIN_LIMIT },
    'Failed to load reports',
  );
}

/** The Reports tab's "Show" choices: the open groups, or closed reports by how they closed. */
const VIEWS = {
  open: 'Open reports',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
  suspended: 'Listing suspended',
} as const satisfies Record<'open' | ClosedReportStatus, string>;
type View = keyof typeof VIEWS;

const CLOSED_AS: Record<ClosedReportStatus, string> = {
  resolved: 'Resolved',
  dismissed: 'Dismissed',
  suspended: 'Listing suspended',
};

const ACTION_TEXTS: Record<ReportAction, { success: string; failure: string }> = {
  resolve: { success: 'Reports resolved', failure: 'Failed to resolve reports' },
  dismiss: { success: 'Reports dismissed', failure: 'Failed to dismiss reports' },
  suspend: { success: 'Listing suspended', failure: 'Failed to suspend listing' },
};

/** The "Reported closed" badge (three distinct open "Permanently closed" reports). */
export function ReportedClosedBadge() {
  return (
    <span
      className="badge badge-reported"
      title='Three or more visitors reported this business "Permanently closed"'
    >
      Reported closed
    </span>
  );
}

/**
 * A reported listing's name (a link to its public page while approved) and status badge, the
 * head of both the open and the closed cards.
 */
function ListingHead({ business }: { business: ClosedReport['business'] }) {
  const link = business.slug && business.status === 'approved' ? `/business/${business.slug}/` : '';
  return (
    <div className="admin-card-head">
      <h3>
        {link ? (
          <a href={link} target="_blank" rel="noopener">
            {business.business_name}
          </a>
        ) : (
          business.business_name
        )}
      </h3>
      <span className={`badge status-${business.status}`}>{business.status}</span>
    </div>
  );
}

function GroupCard({ group, onDone }: { group: ReportGroup; onDone: () => void }) {
  const { business } = group;
  async function act(action: ReportAction) {
    // Only the reports this page showed are closed: newer ones stay open (ADR 019 update).
    const result = await apiSend<ReportActionResponse>(
      'POST',
      `/api/admin/reports/${business.id}/${action}`,
      { through: group.reports[0]!.id },
    );
    if (!result.ok) {
      toast.error(ACTION_TEXTS[action].failure, { description: result.error.message });
      onDone();
      return;
    }
    const { closed } = result.data;
    toast.success(ACTION_TEXTS[action].success, {
      description: `${business.business_name}: ${closed} report${closed === 1 ? '' : 's'} closed.`,
    });
    onDone();
  }
  return (
    <li className="card report-group">
      <ListingHead business={business} />
      <p className="small card-type">
        {business.business_type}
        {business.city ? ` · ${business.city}` : ''}
      </p>
      <p className="card-badges">
        <strong>
          {group.count} open report{group.count === 1 ? '' : 's'}
        </strong>
        {group.reported_closed && <ReportedClosedBadge />}
      </p>
      <ul className="tags" aria-label="Reasons">
        {group.reasons.map((r) => (
          <li key={r.reason} className="badge">
            {reasonLabel(r.reason)} × {r.count}
          </li>
        ))}
      </ul>
      <ul className="report-list small">
        {group.reports.map((r) => (
          <li key={r.id}>
            <strong>{reasonLabel(r.reason)}</strong>{' '}
            <span className="muted">
              {formatDateTime(r.created_at)} · {r.signed_in ? 'signed-in user' : 'anonymous'}
            </span>
            {r.details && <p className="report-details">{r.details}</p>}
          </li>
        ))}
      </ul>
      {group.count > group.reports.length && (
        <p className="small muted">
          Showing the newest {group.reports.length} of {group.count}
        </p>
      )}
      <div className="admin-actions">
        <button type="button" className="btn btn-success" onClick={() => void act('resolve')}>
          Resolve
        </button>
        <ConfirmButton
          label="Dismiss"
          title="Dismiss reports"
          description={`Dismiss the ${group.count} open report${group.count === 1 ? '' : 's'} of ${business.business_name}? The listing stays as it is.`}
          confirmLabel="Dismiss"
          className="btn btn-outline"
          onConfirm={() => void act('dismiss')}
        />
        {business.status !== 'suspended' && (
          <ConfirmButton
            label="Suspend listing"
            title="Suspend listing"
            description={`Suspend ${business.business_name}? It leaves the public directory until an admin approves it again, and its open reports are closed.`}
            confirmLabel="Suspend listing"
            onConfirm={() => void act('suspend')}
          />
        )}
      </div>
    </li>
  );
}

/** One closed report: the listing, the report, and who closed it when. */
function ClosedCard({ report }: { report: ClosedReport }) {
  const { business } = report;
  return (
    <li className="card report-closed">
      <ListingHead business={business} />
      <p className="small">
        <strong>{reasonLabel(report.reason)}</strong>{' '}
        <span className="muted">
          {formatDateTime(report.created_at)} · {report.signed_in ? 'signed-in user' : 'anonymous'}
        </span>
      </p>
      {report.details && <p className="report-details small">{report.details}</p>}
      <p className="small muted">
        {CLOSED_AS[report.status]}
        {report.handled_by ? ` by ${report.handled_by}` : ''}
        {report.handled_at ? ` on ${formatDateTime(report.handled_at)}` : ''}
      </p>
    </li>
  );
}

function ClosedReports({ status, q }: { status: ClosedReportStatus; q: string }) {
  const list = useClosedReports(status, q);
  if (!list.rows) return <p className="status-text">Loading reports...</p>;
  const label = CLOSED_AS[status].toLowerCase();
  return (
    <>
      {list.rows.length === 0 ? (
        <EmptyState title={q ? `No ${label} reports match "${q}"` : `No ${label} reports yet`} />
      ) : (
        <ul className="inbox-list">
          {list.rows.map((report) => (
            <ClosedCard key={report.id} report={report} />
          ))}
        </ul>
      )}
      <ListPager list={list} label="Closed reports pages" />
    </>
  );
}

function OpenReports({ q, refreshCounts }: { q: string; refreshCounts: () => void }) {
  const list = useReports(q);
  if (!list.rows) return <p className="status-text">Loading reports...</p>;
  const total = list.response?.total ?? 0;
  const done = () => {
    list.reload();
    refreshCounts();
  };
  return (
    <>
      {list.rows.length === 0 ? (
        <EmptyState title={q ? `No reported listings match "${q}"` : 'No open reports'}>
          {!q && <p className="muted">Reports visitors send about listings appear here.</p>}
        </EmptyState>
      ) : (
        <ul className="inbox-list">
          {list.rows.map((group) => (
            <GroupCard key={group.business.id} group={group} onDone={done} />
          ))}
        </ul>
      )}
      <ListPager list={list} total={total} label="Reported listings pages" />
    </>
  );
}

/**
 * Reports tab (issue 16.3, ADR 019): listings with open reports, most recently reported first,
 * a page at a time from the server (ADR 014), each with its count and reasons and the actions
 * Resolve, Dismiss (confirmed) and Suspend listing (confirmed; SPEC §4 status rules). "Show"
 * switches to the closed reports (Resolved, Dismissed, Listing suspended) with who closed them.
 */
export function ReportsPanel({ q, refreshCounts }: { q: string; refreshCounts: () => void }) {
  const [view, setView] = useState<View>('open');
  return (
    <section>
      <SectionHead
        title="Reports"
        subtitle={
          view === 'open'
            ? 'Open reports from visitors, grouped by listing'
            : 'Closed reports, most recently closed first'
        }
      >
        <ViewSelect views={VIEWS} value={view} onChange={setView} />
      </SectionHead>
      {view === 'open' ? (
        <OpenReports q={q} refreshCounts={refreshCounts} />
      ) : (
        <ClosedReports status={view} q={q} />
      )}
    </section>
  );
}
