import { useEffect, useRef, useState } from 'react';
import { apiGet } from '../../lib/api-client';
import type { PublicBusiness } from '../../schemas/directory';

/** SPEC §9: listings refetch every 30 seconds, on mount and on window focus. */
export const REFETCH_INTERVAL_MS = 30_000;

/**
 * Keeps a pre-rendered list of listings fresh: starts from `initial` (the build's data), then
 * refetches `path` on mount, every 30 s while the tab is visible, and on window focus.
 * A failed refetch keeps the last good list.
 */
export function useLiveList(
  path: string,
  params: Record<string, string | undefined>,
  initial: PublicBusiness[],
) {
  const [businesses, setBusinesses] = useState(initial);
  const key = JSON.stringify(params);
  const latest = useRef(0);

  useEffect(() => {
    let cancelled = false;
    const refetch = async () => {
      if (document.visibilityState === 'hidden') return;
      const call = ++latest.current;
      const result = await apiGet<{ businesses: PublicBusiness[] }>(path, JSON.parse(key));
      if (!cancelled && call === latest.current && result.ok) setBusinesses(result.data.businesses);
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

  return businesses;
}
