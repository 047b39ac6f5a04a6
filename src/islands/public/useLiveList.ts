import { useEffect, useRef, useState } from 'react';
import { apiGet } from '../../browser/api-client';
import type { DirectoryPage } from '../../../common/schemas/directory';
import type { BusinessCardData } from '../../../common/schemas/listing';
import { toCardData } from '../../../common/schemas/card-data';

/** SPEC §9: listings refetch every 30 seconds, on mount and on window focus. */
export const REFETCH_INTERVAL_MS = 30_000;

/**
 * Keeps one server-rendered page of listings fresh: starts from `initial` (what the page was
 * rendered with), then refetches the same page (`path` with `params`, e.g. `category` and
 * `page`) on mount, every 30 s while the tab is visible, and on window focus. It replaces the
 * page with the same page as the server has it now, never with a longer or capped list; a failed
 * refetch keeps the last good one. A refetch that finds the page unchanged (the usual case) does
 * not re-render it: no work on the main thread just after hydration (issue 13.2, ADR 027).
 */
export function useLiveList(
  path: string,
  params: Record<string, string | number | undefined>,
  initial: BusinessCardData[],
  initialTotal: number = initial.length,
) {
  const [state, setState] = useState({ businesses: initial, total: initialTotal });
  const key = JSON.stringify(params);
  const latest = useRef(0);
  /** The page as last shown, serialised: a refetch that matches it changes nothing. */
  const shown = useRef<string | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    const refetch = async () => {
      if (document.visibilityState === 'hidden') return;
      const call = ++latest.current;
      const result = await apiGet<DirectoryPage>(path, JSON.parse(key));
      if (cancelled || call !== latest.current || !result.ok) return;
      const next = { businesses: result.data.businesses.map(toCardData), total: result.data.total };
      const serialised = JSON.stringify(next);
      shown.current ??= JSON.stringify({
        businesses: initial.map(toCardData),
        total: initialTotal,
      });
      if (serialised === shown.current) return;
      shown.current = serialised;
      setState(next);
    };
    void refetch();
    const timer = window.setInterval(refetch, REFETCH_INTERVAL_MS);
    window.addEventListener('focus', refetch);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      window.removeEventListener('focus', refetch);
    };
  }, [path, key]);

  return state;
}
