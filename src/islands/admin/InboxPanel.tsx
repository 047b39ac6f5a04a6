import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { apiSend } from '../../browser/api-client';
import { formatDateTime } from '../../browser/dates';
import type { PageInfo } from '../../../common/schemas/api';
import type { InboxStats } from '../../../common/schemas/service-requests';
import { ConfirmButton } from '../ui/ConfirmButton';
import { EmptyState } from '../ui/EmptyState';
import { ListPager } from './ListPager';
import type { PagedList } from './data';
import { SectionHead } from './SectionHead';

/** SPEC §9: Recently Handled lists show at most 5. */
export const RECENT_LIMIT = 5;

interface Item {
  id: string;
  status: 'pending' | 'handled';
  created_at: string;
  handled_at: string | null;
}

export interface InboxTexts {
  title: string;
  subtitle: string;
  totalLabel: string;
  pendingTitle: string;
  empty: string;
  emptySearch: string;
  /** Second line of the empty state when no search is active. */
  emptyIdle?: string;
  clearAll: string;
  clearConfirm: string;
  messages: {
    handled: string;
    handleFailed: string;
    deleted: string;
    deleteFailed: string;
    cleared: string;
    clearFailed: string;
  };
}

type InboxList<T> = PagedList<T, PageInfo & { stats: InboxStats }>;

interface Props<T extends Item> {
  endpoint: string;
  /** The tab search (SPEC §5), run by the server. */
  q: string;
  /** The resource's data hook: one page of `status` with the search. */
  useList: (status: 'pending' | 'handled', q: string, limit?: number) => InboxList<T>;
  texts: InboxTexts;
  render: (item: T) => ReactNode;
  /** More actions of one item (Forward to matching businesses); `changed` reloads the lists. */
  actions?: (item: T, changed: () => void) => ReactNode;
  refreshCounts: () => void;
}

/**
 * Requests and Contacts panels (SPEC §2): tiles, the pending list a page at a time, the first 5
 * recently handled of N, Clear All. Lists and search come from the server (ADR 014).
 */
export function InboxPanel<T extends Item>({
  endpoint,
  q,
  useList,
  texts,
  render,
  actions: extraActions,
  refreshCounts,
}: Props<T>) {
  const pending = useList('pending', q);
  const handled = useList('handled', q, RECENT_LIMIT);
  if (!pending.rows || !handled.rows) return <p className="status-text">Loading...</p>;
  const stats = pending.response?.stats ?? { total: 0, pending: 0, handled: 0 };
  const pendingTotal = pending.response?.total ?? 0;
  const handledTotal = handled.response?.total ?? 0;

  const changed = () => {
    pending.reload();
    handled.reload();
    refreshCounts();
  };

  async function handle(item: T) {
    const result = await apiSend('POST', `${endpoint}/${item.id}/handle`);
    if (!result.ok) {
      toast.error(texts.messages.handleFailed, { description: result.error.message });
      return;
    }
    changed();
    toast.success(texts.messages.handled);
  }
  async function remove(item: T) {
    const result = await apiSend('DELETE', `${endpoint}/${item.id}`);
    if (!result.ok) {
      toast.error(texts.messages.deleteFailed, { description: result.error.message });
      return;
    }
    changed();
    toast.success(texts.messages.deleted);
  }
  async function clearAll() {
    const result = await apiSend('DELETE', endpoint);
    if (!result.ok) {
      toast.error(texts.messages.clearFailed, { description: result.error.message });
      return;
    }
    changed();
    toast.success(texts.messages.cleared);
  }

  const actions = (item: T) => (
    <div className="admin-actions">
      {item.status === 'pending' && (
        <button type="button" className="btn btn-success" onClick={() => handle(item)}>
          Mark as Handled
        </button>
      )}
      {extraActions?.(item, changed)}
      <ConfirmButton
        label="Delete"
        title="Delete"
        description="Delete this entry permanently? This action cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => remove(item)}
        className="btn btn-outline"
      />
    </div>
  );

  return (
    <section>
      <SectionHead title={texts.title} subtitle={texts.subtitle}>
        {stats.total > 0 && (
          <ConfirmButton
            label={texts.clearAll}
            title={texts.clearAll}
            description={texts.clearConfirm}
            confirmLabel={texts.clearAll}
            onConfirm={clearAll}
          />
        )}
      </SectionHead>
      <div className="tiles-row">
        <div className="tile">
          <strong>{stats.total}</strong> {texts.totalLabel}
        </div>
        <div className="tile">
          <strong>{stats.pending}</strong> Pending
        </div>
        <div className="tile">
          <strong>{stats.handled}</strong> Handled
        </div>
      </div>
      {pendingTotal + handledTotal === 0 ? (
        <EmptyState title={texts.empty}>
          {q ? (
            <p className="muted">{texts.emptySearch}</p>
          ) : (
            texts.emptyIdle && <p className="muted">{texts.emptyIdle}</p>
          )}
        </EmptyState>
      ) : (
        <>
          <h3>{texts.pendingTitle}</h3>
          {pending.rows.length === 0 ? (
            <p className="muted">Nothing pending.</p>
          ) : (
            <ul className="inbox-list">
              {pending.rows.map((item) => (
                <li key={item.id} className="card">
                  {render(item)}
                  <p className="small muted">Received {formatDateTime(item.created_at)}</p>
                  {actions(item)}
                </li>
              ))}
            </ul>
          )}
          <ListPager list={pending} total={pendingTotal} label={`${texts.pendingTitle} pages`} />
          {handled.rows.length > 0 && (
            <>
              <h3>Recently Handled</h3>
              {handledTotal > RECENT_LIMIT && (
                <p className="small muted">
                  Showing the first {RECENT_LIMIT} of {handledTotal}
                </p>
              )}
              <ul className="inbox-list">
                {handled.rows.map((item) => (
                  <li key={item.id} className="card handled">
                    {render(item)}
                    <p className="small muted">
                      Handled {item.handled_at ? formatDateTime(item.handled_at) : ''}
                    </p>
                    {actions(item)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
