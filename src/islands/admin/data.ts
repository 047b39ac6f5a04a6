import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { apiGet } from '../../browser/api-client';
import type { PageInfo } from '../../../common/schemas/api';
import type { AdminArticle, AdminArticleListResponse } from '../../../common/schemas/articles';
import type { ContactListResponse, ContactMessage } from '../../../common/schemas/contacts';
import type { AdminCounts, AdminCountsResponse } from '../../../common/schemas/dashboard';
import type {
  Recipients,
  SentMessage,
  SentMessageListResponse,
} from '../../../common/schemas/messages';
import type {
  AdminRegistration,
  RegistrationListResponse,
  RegistrationStatus,
} from '../../../common/schemas/registrations';
import type {
  ServiceRequest,
  ServiceRequestListResponse,
} from '../../../common/schemas/service-requests';
import type { AdminSms, AdminSmsLogResponse } from '../../../common/schemas/sms';
import type { AdminUser, AdminUserListResponse } from '../../../common/schemas/users';

/**
 * The admin dashboard's data: one hook per resource over the server-paged API (ADR 014). Only
 * the page on screen is in the browser, never a whole table.
 */

type Params = Record<string, string | number | undefined>;

export interface PagedList<T, R> {
  /** The rows of the current page; null until the first page arrives. */
  rows: T[] | null;
  /** The whole response of the current page (totals, tiles). */
  response: R | null;
  page: number;
  setPage: (page: number) => void;
  /** Fetches the current page again (after a change). */
  reload: () => void;
  /** Changes the rows on screen without a round trip (a card updated in place). */
  setRows: (update: (rows: T[]) => T[]) => void;
}

/**
 * One page of an admin list at `path` with `params`; back to page 1 when the params change.
 * A failure shows the SPEC §8 "Failed to load ..." toast and leaves an empty list. Responses
 * that arrive after a newer request are dropped.
 */
export function usePagedList<T, R extends PageInfo>(
  path: string,
  pick: (response: R) => T[],
  params: Params,
  failure: string,
): PagedList<T, R> {
  const key = JSON.stringify(params);
  const [state, setState] = useState<{ key: string; page: number }>({ key, page: 1 });
  const page = state.key === key ? state.page : 1;
  const [response, setResponse] = useState<R | null>(null);
  const [rows, setRowsState] = useState<T[] | null>(null);
  const [token, setToken] = useState(0);
  const latest = useRef(0);
  const pickRef = useRef(pick);
  pickRef.current = pick;

  useEffect(() => {
    const request = ++latest.current;
    void apiGet<R>(path, { ...(JSON.parse(key) as Params), page }).then((result) => {
      if (request !== latest.current) return;
      if (result.ok) {
        setResponse(result.data);
        setRowsState(pickRef.current(result.data));
      } else {
        toast.error(failure, { description: result.error.message });
        setRowsState((current) => current ?? []);
      }
    });
  }, [path, key, page, token, failure]);

  return {
    rows,
    response,
    page,
    setPage: useCallback((next: number) => setState({ key, page: Math.max(1, next) }), [key]),
    reload: useCallback(() => setToken((t) => t + 1), []),
    setRows: useCallback((update) => setRowsState((current) => update(current ?? [])), []),
  };
}

/** Rows per page in every admin list. */
export const ADMIN_LIMIT = 24;

/** One page of a status tab (or of the featured list) with the company search. */
export function useRegistrations(
  filter: { status: RegistrationStatus; q: string } | { featured: true },
  limit = ADMIN_LIMIT,
) {
  return usePagedList<AdminRegistration, RegistrationListResponse>(
    '/api/admin/listings',
    (r) => r.registrations,
    'featured' in filter
      ? { featured: 'true', limit }
      : { status: filter.status, q: filter.q, limit },
    'featured' in filter ? 'Failed to load featured businesses' : 'Failed to load registrations',
  );
}

/** One page of the Requests tab (pending, or the first handled ones) with its search. */
export function useServiceRequests(status: 'pending' | 'handled', q: string, limit = ADMIN_LIMIT) {
  return usePagedList<ServiceRequest, ServiceRequestListResponse>(
    '/api/admin/service-requests',
    (r) => r.serviceRequests,
    { status, q, limit },
    'Failed to load service requests',
  );
}

/** One page of the Contacts tab (pending, or the first handled ones) with its search. */
export function useContacts(status: 'pending' | 'handled', q: string, limit = ADMIN_LIMIT) {
  return usePagedList<ContactMessage, ContactListResponse>(
    '/api/admin/contacts',
    (r) => r.contacts,
    { status, q, limit },
    'Failed to load contacts',
  );
}

export function useUsers(q: string) {
  return usePagedList<AdminUser, AdminUserListResponse>(
    '/api/admin/users',
    (r) => r.users,
    { q, limit: ADMIN_LIMIT },
    'Failed to load users',
  );
}

export function useArticles(q: string) {
  return usePagedList<AdminArticle, AdminArticleListResponse>(
    '/api/admin/articles',
    (r) => r.articles,
    { q, limit: ADMIN_LIMIT },
    'Failed to load articles',
  );
}

export function useSentMessages() {
  return usePagedList<SentMessage, SentMessageListResponse>(
    '/api/admin/messages',
    (r) => r.sentMessages,
    { limit: 20 },
    'Failed to load sent messages',
  );
}

/** One page of the SMS log (newest first) with today's count against the ceiling (issue 37.6). */
export function useSmsLog() {
  return usePagedList<AdminSms, AdminSmsLogResponse>(
    '/api/admin/sms',
    (r) => r.messages,
    { limit: 20 },
    'Failed to load text messages',
  );
}

/** One page of the people or listings the Compose tab offers, with a search. */
export function useRecipients(type: 'users' | 'businesses', q: string) {
  return usePagedList<Recipients['users'][number] | Recipients['businesses'][number], Recipients>(
    '/api/admin/messaging/recipients',
    (r) => (type === 'users' ? r.users : r.businesses),
    { type, q, limit: 50 },
    type === 'users' ? 'Failed to load users' : 'Failed to load businesses',
  );
}

/**
 * The tab counts (SPEC §2) for the search `q`, with the search they belong to, so a count is
 * never shown against another search. `reload()` after any change.
 */
export function useCounts(q: string) {
  const [counts, setCounts] = useState<{ q: string; counts: AdminCounts } | null>(null);
  const [token, setToken] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const request = ++latest.current;
    void apiGet<AdminCountsResponse>('/api/admin/counts', { q }).then((result) => {
      if (request !== latest.current) return;
      if (result.ok) setCounts({ q, counts: result.data.counts });
      else toast.error('Failed to load counts', { description: result.error.message });
    });
  }, [q, token]);
  return { counts, reload: useCallback(() => setToken((t) => t + 1), []) };
}
