import { toast } from 'sonner';
import { apiSend } from '../../browser/api-client';
import { formatDateTime } from '../../browser/dates';
import { reasonLabel } from '../../schemas/report-reasons';
import type {
  ReportAction,
  ReportActionResponse,
  ReportGroup,
  ReportListResponse,
} from '../../schemas/reports';
import { ConfirmButton } from '../ui/ConfirmButton';
import { EmptyState } from '../ui/EmptyState';
import { Pager } from '../ui/Pager';
import { ADMIN_LIMIT, usePagedList } from './data';

/** One page of listings with open reports (issue 16.3), with the business name search. */
function useReports(q: string) {
  return usePagedList<ReportGroup, ReportListResponse>(
    '/api/admin/reports',
    (r) => r.groups,
    { q, limit: ADMIN_LIMIT },
    'Failed to load reports',
  );
}

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

function GroupCard({ group, onDone }: { group: ReportGroup; onDone: () => void }) {
  const { business } = group;
  async function act(action: ReportAction) {
    const result = await apiSend<ReportActionResponse>(
      'POST',
      `/api/admin/reports/${business.id}/${action}`,
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
  const link = business.slug && business.status === 'approved' ? `/business/${business.slug}/` : '';
  return (
    <li className="card report-group">
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

/**
 * Reports tab (issue 16.3, ADR 019): listings with open reports, most recently reported first,
 * a page at a time from the server (ADR 014), each with its count and reasons and the actions
 * Resolve, Dismiss (confirmed) and Suspend listing (confirmed; SPEC §4 status rules).
 */
export function ReportsPanel({ q, refreshCounts }: { q: string; refreshCounts: () => void }) {
  const list = useReports(q);
  if (!list.rows) return <p className="status-text">Loading reports...</p>;
  const total = list.response?.total ?? 0;
  const done = () => {
    list.reload();
    refreshCounts();
  };
  return (
    <section>
      <div className="section-head">
        <div>
          <h2>Reports</h2>
          <p className="small muted">Open reports from visitors, grouped by listing</p>
        </div>
      </div>
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
      <Pager
        page={list.page}
        total={total}
        limit={list.response?.limit ?? ADMIN_LIMIT}
        onPage={list.setPage}
        label="Reported listings pages"
      />
    </section>
  );
}
