import { toast } from 'sonner';
import { apiSend } from '../../browser/api-client';
import { formatDateTime } from '../../browser/dates';
import { ConfirmButton } from './ConfirmButton';

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

interface Props<T extends Item> {
  endpoint: string;
  items: T[] | null;
  /** Items after the tab search; equals `items` when no search is active. */
  visible: T[];
  searching: boolean;
  texts: InboxTexts;
  render: (item: T) => React.ReactNode;
  setItems: (update: (list: T[] | null) => T[] | null) => void;
}

/** Requests and Contacts panels (SPEC §2): tiles, pending list, recently handled, Clear All. */
export function InboxPanel<T extends Item>({
  endpoint,
  items,
  visible,
  searching,
  texts,
  render,
  setItems,
}: Props<T>) {
  if (!items) return <p className="status-text">Loading...</p>;
  const pending = visible.filter((i) => i.status === 'pending');
  const handled = visible
    .filter((i) => i.status === 'handled')
    .sort((a, b) => (b.handled_at ?? '').localeCompare(a.handled_at ?? ''));

  async function handle(item: T) {
    const result = await apiSend<Record<string, T>>('POST', `${endpoint}/${item.id}/handle`);
    if (!result.ok) {
      toast.error(texts.messages.handleFailed, { description: result.error.message });
      return;
    }
    const updated = Object.values(result.data)[0]!;
    setItems((list) => list?.map((i) => (i.id === item.id ? updated : i)) ?? list);
    toast.success(texts.messages.handled);
  }
  async function remove(item: T) {
    const result = await apiSend('DELETE', `${endpoint}/${item.id}`);
    if (!result.ok) {
      toast.error(texts.messages.deleteFailed, { description: result.error.message });
      return;
    }
    setItems((list) => list?.filter((i) => i.id !== item.id) ?? list);
    toast.success(texts.messages.deleted);
  }
  async function clearAll() {
    const result = await apiSend('DELETE', endpoint);
    if (!result.ok) {
      toast.error(texts.messages.clearFailed, { description: result.error.message });
      return;
    }
    setItems(() => []);
    toast.success(texts.messages.cleared);
  }

  const actions = (item: T) => (
    <div className="admin-actions">
      {item.status === 'pending' && (
        <button type="button" className="btn btn-success" onClick={() => handle(item)}>
          Mark as Handled
        </button>
      )}
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
      <div className="section-head">
        <div>
          <h2>{texts.title}</h2>
          <p className="small muted">{texts.subtitle}</p>
        </div>
        {items.length > 0 && (
          <ConfirmButton
            label={texts.clearAll}
            title={texts.clearAll}
            description={texts.clearConfirm}
            confirmLabel={texts.clearAll}
            onConfirm={clearAll}
          />
        )}
      </div>
      <div className="tiles-row">
        <div className="tile">
          <strong>{items.length}</strong> {texts.totalLabel}
        </div>
        <div className="tile">
          <strong>{items.filter((i) => i.status === 'pending').length}</strong> Pending
        </div>
        <div className="tile">
          <strong>{items.filter((i) => i.status === 'handled').length}</strong> Handled
        </div>
      </div>
      {visible.length === 0 ? (
        <div className="empty">
          <h3>{texts.empty}</h3>
          {searching ? (
            <p className="muted">{texts.emptySearch}</p>
          ) : (
            texts.emptyIdle && <p className="muted">{texts.emptyIdle}</p>
          )}
        </div>
      ) : (
        <>
          <h3>{texts.pendingTitle}</h3>
          {pending.length === 0 ? (
            <p className="muted">Nothing pending.</p>
          ) : (
            <ul className="inbox-list">
              {pending.map((item) => (
                <li key={item.id} className="card">
                  {render(item)}
                  <p className="small muted">Received {formatDateTime(item.created_at)}</p>
                  {actions(item)}
                </li>
              ))}
            </ul>
          )}
          {handled.length > 0 && (
            <>
              <h3>Recently Handled</h3>
              {handled.length > RECENT_LIMIT && (
                <p className="small muted">
                  Showing the first {RECENT_LIMIT} of {handled.length}
                </p>
              )}
              <ul className="inbox-list">
                {handled.slice(0, RECENT_LIMIT).map((item) => (
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
