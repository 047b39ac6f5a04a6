import * as Tabs from '@radix-ui/react-tabs';
import { Fragment, useEffect, useState } from 'react';
import { CountBadge } from '../ui/CountBadge';
import { PageToaster } from '../Toasts';
import { CsvImportDialog } from './CsvImportDialog';
import { useCounts } from './data';
import { ExportButton } from './ExportButton';
import { SortableList } from './SortableList';
import { ADMIN_TABS, DEFAULT_ORDER, type AdminTab, type TabId } from './tabs';

const ORDER_KEY = 'admin-tab-order';
/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 250;

const TAB_BY_ID = new Map<string, AdminTab>(ADMIN_TABS.map((t) => [t.id, t]));

function loadOrder(): TabId[] {
  try {
    const saved = JSON.parse(localStorage.getItem(ORDER_KEY) ?? 'null') as TabId[] | null;
    if (
      saved &&
      saved.length === DEFAULT_ORDER.length &&
      DEFAULT_ORDER.every((t) => saved.includes(t))
    )
      return saved;
  } catch {
    // a corrupt entry falls back to the default order
  }
  return DEFAULT_ORDER;
}

/**
 * Business Listings Admin (SPEC §2 Admin dashboard): the layout, the tabs (their registry is
 * tabs.tsx), the search and the counts. Each panel loads its own page of data from the server.
 */
export default function AdminDashboard() {
  const [tab, setTab] = useState<TabId>('pending');
  const [order, setOrder] = useState<TabId[]>(DEFAULT_ORDER);
  /** The tab order list (drag and drop, SPEC §2: user-reorderable, local only) is open. */
  const [reordering, setReordering] = useState(false);
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  const [localCount, setLocalCount] = useState<number | null>(null);
  /** Bumped after an import: the open panel loads its page again. */
  const [version, setVersion] = useState(0);
  const counts = useCounts(q);

  useEffect(() => setOrder(loadOrder()), []);
  // A link may open a tab: `/admin/?tab=search-words` (Insights' "Teach search this word").
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get('tab');
    if (asked && TAB_BY_ID.has(asked)) setTab(asked as TabId);
  }, []);
  useEffect(() => {
    const next = query.trim();
    if (next === q) return undefined;
    const timer = setTimeout(() => setQ(next), next ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [query, q]);

  const saveOrder = (next: { id: TabId }[]) => {
    const ids = next.map((t) => t.id);
    setOrder(ids);
    localStorage.setItem(ORDER_KEY, JSON.stringify(ids));
  };

  /** A tab's count for the search in force, or null while it is not known. */
  const countOf = (id: TabId): number | null => {
    const key = TAB_BY_ID.get(id)?.count;
    if (!key) return null;
    return counts.counts && counts.counts.q === q ? counts.counts.counts[key] : null;
  };
  const current = TAB_BY_ID.get(tab)!;
  const results = current.count ? countOf(tab) : localCount;

  return (
    <div className="admin">
      <div className="section-head">
        <div>
          <h1>Business Listings Admin</h1>
          <p className="muted">Review business listing requests</p>
        </div>
        <div className="admin-actions">
          <CsvImportDialog
            onImported={() => {
              counts.reload();
              setVersion((v) => v + 1);
            }}
          />
          <ExportButton
            label="Export All Businesses"
            path="/api/admin/listings/export.csv"
            name="business_registrations"
            noun="businesses"
          />
        </div>
      </div>

      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          setTab(value as TabId);
          setQuery('');
          setQ('');
          setLocalCount(null);
        }}
      >
        <div className="admin-tabs-bar">
          {/* Only tabs inside the tablist (WAI-ARIA; axe aria-required-children, issue 13.1):
              the drag handles live in the reorder list below. */}
          <Tabs.List className="admin-tabs" aria-label="Admin sections">
            {order.map((id) => (
              <Tabs.Trigger key={id} className="admin-tab" value={id}>
                {TAB_BY_ID.get(id)!.label}
                <CountBadge count={countOf(id)} />
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <button
            type="button"
            className="btn btn-outline"
            aria-expanded={reordering}
            aria-controls="admin-tab-order"
            onClick={() => setReordering((on) => !on)}
          >
            {reordering ? 'Done' : 'Reorder tabs'}
          </button>
        </div>
        {reordering && (
          <div id="admin-tab-order" className="admin-tab-order">
            <p className="small muted">
              Drag a tab to its place, or use its handle: Space, arrow keys, Space.
            </p>
            <SortableList
              direction="horizontal"
              label="Reorder tabs"
              items={order.map((id) => ({ id }))}
              onReorder={saveOrder}
              renderItem={({ id }, handle) => (
                <span className="admin-tab-wrap">
                  {handle}
                  <span className="admin-tab-name">{TAB_BY_ID.get(id)!.label}</span>
                </span>
              )}
            />
          </div>
        )}

        <div className="admin-search">
          {current.placeholder ? (
            <>
              <input
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={current.placeholder}
                aria-label={current.placeholder}
              />
              {q && results !== null && (
                <p className="small muted" role="status">
                  Searching for: "{q}" - {results} results found
                </p>
              )}
            </>
          ) : (
            <p className="small muted">Search is not available for {current.label}</p>
          )}
        </div>

        {ADMIN_TABS.map((t) => (
          <Tabs.Content key={t.id} value={t.id}>
            {t.id === tab && (
              <Fragment key={version}>
                {t.panel({ q, refreshCounts: counts.reload, onCount: setLocalCount })}
              </Fragment>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <PageToaster />
    </div>
  );
}
