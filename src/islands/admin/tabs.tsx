import type { ReactNode } from 'react';
import type { AdminCounts } from '../../../common/schemas/dashboard';
import type { ContactMessage } from '../../../common/schemas/contacts';
import type { ServiceRequest } from '../../../common/schemas/service-requests';
import { ArticlesPanel } from './ArticlesPanel';
import { ClaimsPanel } from './ClaimsPanel';
import { useContacts, useServiceRequests } from './data';
import { FeaturedPanel } from './FeaturedPanel';
import { ForwardDialog } from './ForwardDialog';
import { QuotesDialog } from './QuotesDialog';
import { InboxPanel } from './InboxPanel';
import { InsightsPanel } from './InsightsPanel';
import { MessagingPanel } from './MessagingPanel';
import { RegistrationsPanel } from './RegistrationsPanel';
import { ReportsPanel } from './ReportsPanel';
import { ReviewsPanel } from './ReviewsPanel';
import { SearchWordsPanel } from './SearchWordsPanel';
import { ServiceCardsPanel } from './ServiceCardsPanel';
import { UsersPanel } from './UsersPanel';

/** What a tab's panel gets from the dashboard. */
export interface TabProps {
  /** The tab search, trimmed and debounced; '' when none. */
  q: string;
  /** Recount the tabs after a change. */
  refreshCounts: () => void;
  /** For tabs whose count is not a server count (service cards): the shown number. */
  onCount: (count: number) => void;
}

/** One admin tab (SPEC §2): its label, its count, its search placeholder and its panel. */
export interface AdminTab {
  id: string;
  label: string;
  /** The count shown as "Label (n)"; tabs without one show the label only. */
  count?: keyof AdminCounts;
  /** The search placeholder; null shows "Search is not available for …". */
  placeholder: string | null;
  panel: (props: TabProps) => ReactNode;
}

const COMPANY_SEARCH = 'Search companies by name, type, city or services...';

const statusTab = (
  id: 'pending' | 'approved' | 'suspended' | 'rejected',
  label: string,
): AdminTab => ({
  id,
  label,
  count: id,
  placeholder: COMPANY_SEARCH,
  panel: ({ q, refreshCounts }) => (
    <RegistrationsPanel status={id} q={q} refreshCounts={refreshCounts} />
  ),
});

/** The tabs in their default order (SPEC §2); the admin's own order is kept in local storage. */
export const ADMIN_TABS = [
  statusTab('pending', 'Pending'),
  statusTab('approved', 'Approved'),
  statusTab('suspended', 'Suspended'),
  statusTab('rejected', 'Rejected'),
  {
    id: 'featured',
    label: 'Featured',
    placeholder: null,
    panel: () => <FeaturedPanel />,
  },
  {
    id: 'requests',
    label: 'Requests',
    count: 'requests',
    placeholder: 'Search service requests by customer, location or services...',
    panel: ({ q, refreshCounts }) => (
      <InboxPanel<ServiceRequest>
        endpoint="/api/admin/service-requests"
        q={q}
        useList={useServiceRequests}
        refreshCounts={refreshCounts}
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
            {(r.car_make || r.job) && (
              <p className="small">
                {[r.car_make, r.car_model, r.car_year].filter(Boolean).join(' ')}
                {r.car_make && r.job ? ' · ' : ''}
                {r.job}
              </p>
            )}
            {r.additional_info && <p className="small">{r.additional_info}</p>}
            {r.held_reasons.length > 0 && !r.matched_at && (
              <p className="small">
                <span className="badge badge-reported">Held for review</span>
              </p>
            )}
            {r.forwarded_count > 0 && (
              <p className="small muted">
                Sent to {r.forwarded_count} business(es) · {r.quote_count} quote(s)
                {r.accepted_business ? ` · accepted: ${r.accepted_business}` : ''}
              </p>
            )}
          </>
        )}
        actions={(r, changed) => (
          <>
            <QuotesDialog request={r} onChanged={changed} />
            <ForwardDialog request={r} onForwarded={changed} />
          </>
        )}
      />
    ),
  },
  {
    id: 'reports',
    label: 'Reports',
    count: 'reports',
    placeholder: 'Search reported businesses by name...',
    panel: ({ q, refreshCounts }) => <ReportsPanel q={q} refreshCounts={refreshCounts} />,
  },
  {
    id: 'reviews',
    label: 'Reviews',
    count: 'reviews',
    placeholder: 'Search reviews by business, title, text or name...',
    panel: ({ q, refreshCounts }) => <ReviewsPanel q={q} refreshCounts={refreshCounts} />,
  },
  {
    id: 'users',
    label: 'Users',
    count: 'users',
    placeholder: 'Search users by name, role or user ID...',
    panel: ({ q }) => <UsersPanel q={q} />,
  },
  {
    id: 'contacts',
    label: 'Contacts',
    count: 'contacts',
    placeholder: 'Search contacts by name, email, subject or message...',
    panel: ({ q, refreshCounts }) => (
      <InboxPanel<ContactMessage>
        endpoint="/api/admin/contacts"
        q={q}
        useList={useContacts}
        refreshCounts={refreshCounts}
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
    ),
  },
  {
    id: 'messaging',
    label: 'Messaging',
    placeholder: null,
    panel: () => <MessagingPanel />,
  },
  {
    id: 'articles',
    label: 'Articles',
    count: 'articles',
    placeholder: 'Search articles by title, author, category or content...',
    panel: ({ q, refreshCounts }) => <ArticlesPanel q={q} refreshCounts={refreshCounts} />,
  },
  {
    id: 'cards',
    label: 'Service Cards',
    placeholder: 'Search service cards by title, type or route...',
    panel: ({ q, onCount }) => <ServiceCardsPanel query={q} onCount={onCount} />,
  },
  {
    id: 'claims',
    label: 'Claims',
    count: 'claims',
    placeholder: 'Search claims and changes by business, name or e-mail...',
    panel: ({ q, refreshCounts }) => <ClaimsPanel q={q} refreshCounts={refreshCounts} />,
  },
  {
    id: 'insights',
    label: 'Insights',
    placeholder: null,
    panel: () => <InsightsPanel />,
  },
  {
    id: 'search-words',
    label: 'Search words',
    placeholder: null,
    panel: () => <SearchWordsPanel />,
  },
] as const satisfies readonly AdminTab[];

export type TabId = (typeof ADMIN_TABS)[number]['id'];
export const DEFAULT_ORDER: TabId[] = ADMIN_TABS.map((t) => t.id);
