import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { apiGet } from '../../browser/api-client';

/**
 * Loads one admin list and keeps it: `data` is null while loading; a failure shows the SPEC §8
 * "Failed to load ..." toast and leaves an empty list. `reload()` fetches again.
 */
export function useResource<T>(path: string, key: string, failure: string) {
  const [data, setData] = useState<T[] | null>(null);
  const reload = useCallback(async () => {
    const result = await apiGet<Record<string, T[]>>(path);
    if (result.ok) setData(result.data[key] ?? []);
    else {
      toast.error(failure, { description: result.error.message });
      setData((current) => current ?? []);
    }
  }, [path, key, failure]);
  useEffect(() => void reload(), [reload]);
  return { data, setData, reload };
}
