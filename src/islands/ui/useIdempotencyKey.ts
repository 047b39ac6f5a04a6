import { useCallback, useState } from 'react';
import { newIdempotencyKey } from '../../../common/schemas/idempotency';

/**
 * The idempotency key of one create action (issue 23.4, ADR 028): the same key for every retry of
 * the same submission (a double click, a resend after a dropped connection), so the API stores it
 * once; `renew()` when the action is done or a new one starts.
 */
export function useIdempotencyKey(): [key: string, renew: () => void] {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return [key, renew];
}
