import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';

const CLAIM = Symbol.for('lagos-auto.toaster');
type Slot = { [CLAIM]?: boolean };

/**
 * Renders sonner's <Toaster> once per page even when several islands include it: the first
 * island to mount claims it, so toasts never show twice.
 */
export function PageToaster() {
  const [owner, setOwner] = useState(false);
  useEffect(() => {
    const slot = window as unknown as Slot;
    if (slot[CLAIM]) return;
    slot[CLAIM] = true;
    setOwner(true);
    return () => {
      slot[CLAIM] = false;
    };
  }, []);
  return owner ? <Toaster position="bottom-right" richColors closeButton /> : null;
}
