import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { apiGet } from '../../browser/api-client';
import type { PublicBusiness } from '../../schemas/directory';

/**
 * Search state of SPEC §2/§7: `results` is null when no search is active (a blank query clears
 * them); failures and empty answers raise the spec's toasts.
 */
export function useDirectorySearch(type?: string) {
  const [results, setResults] = useState<PublicBusiness[] | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const search = useCallback(
    async (query: string) => {
      const call = ++latest.current;
      if (!query.trim()) {
        setResults(null);
        setLoading(false);
        return;
      }
      setLoading(true);
      const result = await apiGet<{ businesses: PublicBusiness[] }>('/api/directory/search', {
        q: query.trim(),
        type,
      });
      if (call !== latest.current) return;
      setLoading(false);
      if (!result.ok) {
        toast.error('Search Error', {
          description: 'There was a problem searching. Please try again.',
        });
        return;
      }
      setResults(result.data.businesses);
      if (result.data.businesses.length === 0) {
        toast('No results found', {
          description: 'Try different search terms or check your spelling.',
        });
      }
    },
    [type],
  );

  return { results, loading, search };
}
