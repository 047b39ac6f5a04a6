import { formatDay } from '../../browser/dates';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { apiGet, apiPost } from '../../browser/api-client';
import type {
  ForwardResponse,
  MatchesResponse,
  ServiceRequest,
} from '../../../common/schemas/service-requests';
import { DialogHead } from '../DialogHead';

/**
 * "Forward to matching businesses" (issue 12.7): the admin first sees the businesses that offer
 * a requested service (the first 50 by relevance, with how many match in all), chooses, then
 * sends. The server e-mails at most 50 businesses per request and records each.
 */
export function ForwardDialog({
  request,
  onForwarded,
}: {
  request: ServiceRequest;
  onForwarded: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [matches, setMatches] = useState<MatchesResponse | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!open) return;
    setMatches(null);
    void apiGet<MatchesResponse>(`/api/admin/service-requests/${request.id}/matches`).then(
      (result) => {
        if (!result.ok) {
          toast.error('Failed to load matching businesses', { description: result.error.message });
          setOpen(false);
          return;
        }
        setMatches(result.data);
        const fresh = result.data.businesses.filter((b) => !b.forwarded);
        setChosen(new Set(fresh.slice(0, result.data.remaining).map((b) => b.id)));
      },
    );
  }, [open, request.id]);

  async function send() {
    setSending(true);
    const result = await apiPost<ForwardResponse>(
      `/api/admin/service-requests/${request.id}/forward`,
      { ids: [...chosen] },
    );
    setSending(false);
    if (!result.ok) {
      toast.error('Failed to forward service request', { description: result.error.message });
      return;
    }
    const { sent, failed } = result.data;
    if (failed > 0) toast.warning(`Request forwarded to ${sent} business(es), ${failed} failed`);
    else toast.success(`Request forwarded to ${sent} business(es)`);
    setOpen(false);
    onForwarded();
  }

  const room = matches ? matches.remaining : 0;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-outline">
          Forward to matching businesses
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content wide" aria-describedby={undefined}>
          <DialogHead title="Forward to matching businesses">
            <p className="small muted">
              {request.customer_name} needs {request.services_requested.join(', ')} in{' '}
              {request.customer_location}.
            </p>
          </DialogHead>
          {!matches ? (
            <p className="status-text">Loading matching businesses...</p>
          ) : matches.total === 0 ? (
            <p className="muted">No approved business with an e-mail offers these services.</p>
          ) : (
            <>
              <p className="small" role="status">
                Showing the first {matches.businesses.length} of {matches.total} matching
                businesses. {room} more can be contacted about this request.
              </p>
              <ul className="recipient-list forward-list">
                {matches.businesses.map((b) => (
                  <li key={b.id}>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        disabled={b.forwarded}
                        checked={b.forwarded || chosen.has(b.id)}
                        onChange={(e) =>
                          setChosen((current) => {
                            const next = new Set(current);
                            if (e.target.checked) next.add(b.id);
                            else next.delete(b.id);
                            return next;
                          })
                        }
                      />
                      <span>
                        {b.business_name}{' '}
                        <span className="muted small">
                          {b.business_type} · {b.city ?? 'Lagos'} · {b.email}
                          {b.forwarded ? ' · already forwarded' : ''}
                          {b.contacted_at
                            ? ` · contacted by the owner ${formatDay(b.contacted_at)}`
                            : ''}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-outline">
                Cancel
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="btn"
              disabled={sending || chosen.size === 0 || chosen.size > room}
              onClick={() => void send()}
            >
              {sending ? 'Sending...' : `Forward to ${chosen.size} business(es)`}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
