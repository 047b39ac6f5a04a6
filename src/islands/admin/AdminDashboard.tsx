import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { businessesCsv, downloadCsv } from '../../browser/csv';
import { fileDate } from '../../browser/dates';
import { PageToaster } from '../Toasts';
import { ArticlesPanel } from './ArticlesPanel';
import { CsvImportDialog } from './CsvImportDialog';
import { FeaturedPanel } from './FeaturedPanel';
import { InboxPanel } from './InboxPanel';
import { MessagingPanel } from './MessagingPanel';
import { RegistrationCard } from './RegistrationCard';
import { ServiceCardsPanel } from './ServiceCardsPanel';
import { SortableList } from './SortableList';
import type { AdminArticle } from '../../schemas/articles';
import type { ContactMessage } from '../../schemas/contacts';
import type { AdminRegistration } from '../../schemas/registrations';
import type { ServiceRequest } from '../../schemas/service-requests';
import type { AdminUser } from '../../schemas/users';
import { matchesQuery } from './search';
import { useResource } from './useResource';
import { UsersPanel } from './UsersPanel';

type TabId =
  | 'pending'
  | 'approved'
  | 'suspended'
  | 'rejected'
  | 'featured'
  | 'requests'
  | 'users'
  | 'contacts'
  | 'messaging'
  | 'articles'
  | 'cards';

/** SPEC §2: the tabs in their default order; the user's order is kept in local storage. */
const DEFAULT_ORDER: TabId[] = [
  'pending',
  'approved',
  'suspended',
  'rejected',
  'featured',
  'requests',
  'users',
  'contacts',
  'messaging',
  'articles',
  'cards',
];
const ORDER_KEY = 'admin-tab-order';

const LABELS: Record<TabId, string> = {
  pending: 'Pending',
  approved: 'Approved',
  suspended: 'Suspended',
  rejected: 'Rejected',
  featured: 'Featured',
  requests: 'Requests',
  users: 'Users',
  contacts: 'Contacts',
  messaging: 'Messaging',
  articles: 'Articles',
  cards: 'Service Cards',
};

/** SPEC §2 search placeholders per tab; null = "Search is not available for ...". */
const PLACEHOLDERS: Record<TabId, string | null> = {
  pending: 'Search companies by name, type, city or services...',
  approved: 'Search companies by name, type, city or services...',
  suspended: 'Search companies by name, type, city or services...',
  rejected: 'Search companies by name, type, city or services...',
  featured: null,
  requests: 'Search service requests by customer, location or services...',
  users: 'Search users by name, role or user ID...',
  contacts: 'Search contacts by name, email, subject or message...',
  messaging: null,
  articles: 'Search articles by title, author, category or content...',
  cards: 'Search service cards by title, type or route...',
};

const EMPTY_TEXT: Record<'pending' | 'approved' | 'suspended' | 'rejected', string> = {
  pending: 'No pending registrations',
  approved: 'No approved registrations',
  suspended: 'No suspended registrations',
  rejected: 'No rejected registrations',
};

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

/** Business Listings Admin (SPEC §2 Admin dashboard). */
export default function AdminDashboard() {
  const [tab, setTab] = useState<TabId>('pending');
  const [order, setOrder] = useState<TabId[]>(DEFAULT_ORDER);
  const [query, setQuery] = useState('');
  const registrations = useResource<AdminRegistration>(
    '/api/admin/registrations',
    'registrations',
    'Failed to load registrations',
  );
  const users = useResource<AdminUser>('/api/admin/users', 'users', 'Failed to load users');
  const requests = useResource<ServiceRequest>(
    '/api/admin/service-requests',
    'serviceRequests',
    'Failed to load service requests',
  );
  const contacts = useResource<ContactMessage>(
    '/api/admin/contacts',
    'contacts',
    'Failed to load contacts',
  );
  const articles = useResource<AdminArticle>(
    '/api/admin/articles',
    'articles',
    'Failed to load articles',
  );

  useEffect(() => setOrder(loadOrder()), []);
  const saveOrder = (next: { id: TabId }[]) => {
    const ids = next.map((t) => t.id);
    setOrder(ids);
    localStorage.setItem(ORDER_KEY, JSON.stringify(ids));
  };

  const q = query;
  const filtered = useMemo(
    () => ({
      registrations: (registrations.data ?? []).filter((b) =>
        matchesQuery(q, b.business_name, b.business_type, b.city, b.services),
      ),
      users: (users.data ?? []).filter((u) =>
        matchesQuery(q, u.display_name, u.email, u.role, u.user_id),
      ),
      requests: (requests.data ?? []).filter((r) =>
        matchesQuery(
          q,
          r.customer_name,
          r.customer_email,
          r.customer_location,
          r.services_requested,
          r.status,
          r.additional_info,
        ),
      ),
      contacts: (contacts.data ?? []).filter((c) =>
        matchesQuery(q, c.name, c.email, c.subject, c.message, c.status, c.phone),
      ),
      articles: (articles.data ?? []).filter((a) =>
        matchesQuery(q, a.title, a.author, a.category, a.content),
      ),
    }),
    [q, registrations.data, users.data, requests.data, contacts.data, articles.data],
  );
  const byStatus = (status: string) => filtered.registrations.filter((b) => b.status === status);
  const counts: Partial<Record<TabId, number>> = {
    pending: byStatus('pending').length,
    approved: byStatus('approved').length,
    suspended: byStatus('suspended').length,
    rejected: byStatus('rejected').length,
    requests: filtered.requests.length,
    users: filtered.users.length,
    contacts: filtered.contacts.length,
    articles: filtered.articles.length,
  };
  const visibleCount = (id: TabId) => (id in counts ? counts[id]! : 0);

  const changeRegistration = (id: string, next: AdminRegistration | null) =>
    registrations.setData(
      (list) =>
        (next ? list?.map((b) => (b.id === id ? next : b)) : list?.filter((b) => b.id !== id)) ??
        list,
    );

  const exportAll = () => {
    const all = registrations.data ?? [];
    downloadCsv(`business_registrations_${fileDate()}.csv`, businessesCsv(all));
    toast.success('Export complete', { description: `${all.length} businesses exported.` });
  };

  const placeholder = PLACEHOLDERS[tab];
  return (
    <div className="admin">
      <div className="section-head">
        <div>
          <h1>Business Listings Admin</h1>
          <p className="muted">Review business listing requests</p>
        </div>
        <div className="admin-actions">
          <CsvImportDialog onImported={registrations.reload} />
          <button
            type="button"
            className="btn btn-outline"
            onClick={exportAll}
            disabled={!registrations.data}
          >
            Export All Businesses
          </button>
        </div>
      </div>

      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          setTab(value as TabId);
          setQuery('');
        }}
      >
        <Tabs.List className="admin-tabs" aria-label="Admin sections">
          <SortableList
            direction="horizontal"
            label="Reorder tabs"
            items={order.map((id) => ({ id }))}
            onReorder={saveOrder}
            renderItem={({ id }, handle) => (
              <span className="admin-tab-wrap">
                {handle}
                <Tabs.Trigger className="admin-tab" value={id}>
                  {LABELS[id]}
                  {id in counts ? ` (${visibleCount(id)})` : ''}
                </Tabs.Trigger>
              </span>
            )}
          />
        </Tabs.List>

        <div className="admin-search">
          {placeholder ? (
            <>
              <input
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={placeholder}
                aria-label={placeholder}
              />
              {query.trim() && (
                <p className="small muted" role="status">
                  Searching for: "{query.trim()}" - {visibleCount(tab)} results found
                </p>
              )}
            </>
          ) : (
            <p className="small muted">Search is not available for {LABELS[tab]}</p>
          )}
        </div>

        {(['pending', 'approved', 'suspended', 'rejected'] as const).map((status) => (
          <Tabs.Content key={status} value={status}>
            {!registrations.data ? (
              <p className="status-text">Loading registrations...</p>
            ) : byStatus(status).length === 0 ? (
              <div className="empty">
                <h3>{EMPTY_TEXT[status]}</h3>
              </div>
            ) : (
              <div className="grid admin-grid">
                {byStatus(status).map((b) => (
                  <RegistrationCard key={b.id} business={b} onChange={changeRegistration} />
                ))}
              </div>
            )}
          </Tabs.Content>
        ))}
        <Tabs.Content value="featured">
          <FeaturedPanel
            registrations={registrations.data}
            reload={registrations.reload}
            setRegistrations={registrations.setData}
          />
        </Tabs.Content>
        <Tabs.Content value="requests">
          <InboxPanel
            endpoint="/api/admin/service-requests"
            items={requests.data}
            visible={filtered.requests}
            searching={Boolean(q.trim())}
            setItems={requests.setData}
            texts={{
              title: 'Service Requests',
              subtitle: 'Requests from the Find It feature',
              totalLabel: 'Total Requests',
              pendingTitle: 'Pending Requests',
              empty: 'No service requests yet',
              emptySearch: 'No service requests match your search criteria.',
              clearAll: 'Clear All',
              clearConfirm: 'Delete every service request? This action cannot be undone.',
              messages: {
                handled: 'Service request marked as handled',
                handleFailed: 'Failed to update service request',
                deleted: 'Service request deleted successfully',
                deleteFailed: 'Failed to delete service request',
                cleared: 'All service requests cleared successfully',
                clearFailed: 'Failed to clear all service requests',
              },
            }}
            render={(r) => (
              <>
                <strong>{r.customer_name}</strong>
                <p className="small">
                  {r.customer_email} · {r.customer_phone} · {r.customer_location}
                </p>
                <p className="small">
                  <strong>Services:</strong> {r.services_requested.join(', ')}
                </p>
                {r.additional_info && <p className="small">{r.additional_info}</p>}
              </>
            )}
          />
        </Tabs.Content>
        <Tabs.Content value="users">
          <UsersPanel users={users.data} visible={filtered.users} query={q} />
        </Tabs.Content>
        <Tabs.Content value="contacts">
          <InboxPanel
            endpoint="/api/admin/contacts"
            items={contacts.data}
            visible={filtered.contacts}
            searching={Boolean(q.trim())}
            setItems={contacts.setData}
            texts={{
              title: 'Contacts',
              subtitle: 'Messages from the contact form',
              totalLabel: 'Total Contacts',
              pendingTitle: 'Pending Contacts',
              empty: 'No contacts found',
              emptySearch: 'No contacts match your search criteria.',
              emptyIdle: 'No contact submissions have been received yet.',
              clearAll: 'Clear All Contacts',
              clearConfirm: 'Delete every contact message? This action cannot be undone.',
              messages: {
                handled: 'Contact marked as handled',
                handleFailed: 'Failed to mark contact as handled',
                deleted: 'Contact deleted successfully',
                deleteFailed: 'Failed to delete contact',
                cleared: 'All contacts cleared successfully',
                clearFailed: 'Failed to clear contacts',
              },
            }}
            render={(c) => (
              <>
                <strong>{c.subject}</strong>
                <p className="small">
                  {c.name} · {c.email}
                  {c.phone ? ` · ${c.phone}` : ''}
                </p>
                <p className="small">{c.message}</p>
              </>
            )}
          />
        </Tabs.Content>
        <Tabs.Content value="messaging">
          <MessagingPanel />
        </Tabs.Content>
        <Tabs.Content value="articles">
          <ArticlesPanel
            articles={articles.data}
            visible={filtered.articles}
            query={q}
            reload={articles.reload}
          />
        </Tabs.Content>
        <Tabs.Content value="cards">
          <ServiceCardsPanel query={q} />
        </Tabs.Content>
      </Tabs.Root>
      <PageToaster />
    </div>
  );
}
