import { useEffect, useState } from 'react';
import type {
  AdminRegistration,
  BulkSelection,
  RegistrationStatus,
} from '../../../common/schemas/registrations';
import { EmptyState } from '../ui/EmptyState';
import { ListPager } from './ListPager';
import { BulkActions } from './BulkActions';
import { useRegistrations } from './data';
import { RegistrationCard } from './RegistrationCard';

/** SPEC §2 empty messages of the four status tabs. */
const EMPTY_TEXT: Record<RegistrationStatus, string> = {
  pending: 'No pending registrations',
  approved: 'No approved registrations',
  suspended: 'No suspended registrations',
  rejected: 'No rejected registrations',
};

interface Props {
  status: RegistrationStatus;
  q: string;
  /** The tab counts changed (a status change, a delete, a bulk action). */
  refreshCounts: () => void;
}

/**
 * One status tab (SPEC §2): a page of business cards from the server with the tab search, the
 * pages, and bulk actions on the selected cards or on every business matching the search.
 */
export function RegistrationsPanel({ status, q, refreshCounts }: Props) {
  const list = useRegistrations({ status, q });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const total = list.response?.total ?? 0;

  // A new search starts a new selection.
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [q, status]);

  // A page emptied by a change (the last page after a bulk action): show the one before.
  const emptied = list.rows?.length === 0 && list.page > 1;
  const { setPage, page } = list;
  useEffect(() => {
    if (emptied) setPage(page - 1);
  }, [emptied, page, setPage]);

  const rows = list.rows;
  if (!rows) return <p className="status-text">Loading registrations...</p>;

  const pageIds = rows.map((b) => b.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const selection: BulkSelection | null = allMatching
    ? { match: { status, q } }
    : selected.size > 0
      ? { ids: [...selected] }
      : null;
  const summary = allMatching
    ? `All ${total.toLocaleString('en-US')} matching selected`
    : `${selected.size} selected`;

  const toggle = (id: string, on: boolean) => {
    // Leaving "all matching" by one card keeps the rest of this page selected.
    const start = allMatching ? new Set(pageIds) : null;
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(start ?? current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const changed = (id: string, next: AdminRegistration | null) => {
    if (next && next.status === status) {
      list.setRows((current) => current.map((b) => (b.id === id ? next : b)));
    } else {
      // It left this tab: fetch the page again so it stays full, and recount the tabs.
      setSelected((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
      list.reload();
    }
    refreshCounts();
  };
  const afterBulk = () => {
    setSelected(new Set());
    setAllMatching(false);
    list.reload();
    refreshCounts();
  };

  // The tab's heading (visually hidden: the tab names it): the cards are h3 (axe heading-order).
  const heading = (
    <h2 className="visually-hidden">{`${status[0]!.toUpperCase()}${status.slice(1)} listings`}</h2>
  );
  if (rows.length === 0 && list.page === 1)
    return (
      <>
        {heading}
        <EmptyState title={EMPTY_TEXT[status]} />
      </>
    );
  return (
    <>
      {heading}
      <div className="bulk-bar">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={allMatching || allOnPage}
            onChange={(e) => {
              setAllMatching(false);
              setSelected((current) => {
                const next = new Set(current);
                for (const id of pageIds) {
                  if (e.target.checked) next.add(id);
                  else next.delete(id);
                }
                return next;
              });
            }}
          />
          <span>Select page</span>
        </label>
        {total > rows.length && !allMatching && (
          <button type="button" className="btn btn-outline" onClick={() => setAllMatching(true)}>
            Select all {total.toLocaleString('en-US')} matching
          </button>
        )}
        {(allMatching || selected.size > 0) && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setAllMatching(false);
              setSelected(new Set());
            }}
          >
            Clear selection
          </button>
        )}
        <BulkActions status={status} selection={selection} summary={summary} onDone={afterBulk} />
      </div>
      <div className="grid admin-grid">
        {rows.map((b) => (
          <RegistrationCard
            key={b.id}
            business={b}
            onChange={changed}
            selected={allMatching || selected.has(b.id)}
            onSelect={(on) => toggle(b.id, on)}
          />
        ))}
      </div>
      <ListPager list={list} total={total} label={`${status} pages`} />
    </>
  );
}
