import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { apiGet, apiPost } from '../../browser/api-client';
import { holdReasonLabel } from '../../../common/schemas/review-rules';
import {
  declineReasonLabel,
  partGradeLabel,
  type RequestQuotesResponse,
} from '../../../common/schemas/quotes';
import { nairaText } from '../../../common/schemas/listing';
import type { ServiceRequest } from '../../../common/schemas/service-requests';
import { DialogHead } from '../DialogHead';
import { ConfirmButton } from '../ui/ConfirmButton';

type Business = RequestQuotesResponse['businesses'][number];

/**
 * A request's businesses and quotes in the Requests tab (issue 36.2, 36.8; ADR 079): who it
 * reached (matched at once or added by an admin), each answer line by line, and the admin's
 * actions: hide or show a quote, withdraw the request from a business, block a business from
 * quoting (or let it quote again), and send a held request to businesses.
 */
export function QuotesDialog({
  request,
  onChanged,
}: {
  request: ServiceRequest;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<RequestQuotesResponse | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const result = await apiGet<RequestQuotesResponse>(
      `/api/admin/service-requests/${request.id}/quotes`,
    );
    if (!result.ok) {
      toast.error('Failed to load the quotes', { description: result.error.message });
      setOpen(false);
      return;
    }
    setData(result.data);
  }, [request.id]);

  useEffect(() => {
    if (!open) return;
    setData(null);
    void load();
  }, [open, load]);

  async function act(path: string, body: unknown, done: string) {
    setBusy(true);
    const result = await apiPost(path, body);
    setBusy(false);
    if (!result.ok) {
      toast.error('Failed to update', { description: result.error.message });
      return;
    }
    toast.success(done);
    await load();
    onChanged();
  }

  const held = request.held_reasons.length > 0 && !request.matched_at;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-outline">
          Businesses and quotes ({request.quote_count})
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content wide" aria-describedby={undefined}>
          <DialogHead title="Businesses and quotes">
            <p className="small muted">
              {request.services_requested.join(', ')} in {request.area ?? request.customer_location}
              {request.accepted_business ? ` · accepted: ${request.accepted_business}` : ''}
            </p>
          </DialogHead>
          {held && (
            <div className="form-notice form-notice-error" role="status">
              <p className="form-notice-title">
                Held for review: {request.held_reasons.map(holdReasonLabel).join(', ')}
              </p>
              <p className="small">
                Businesses have not seen it. Read the request, then send it to the matching
                businesses, or delete it.
              </p>
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() =>
                  void act(
                    `/api/admin/service-requests/${request.id}/release`,
                    {},
                    'Request sent to matching businesses',
                  )
                }
              >
                Send to businesses
              </button>
            </div>
          )}
          {data && data.photos.length > 0 && (
            <ul className="request-photo-list" aria-label="Photos of the car or the problem">
              {data.photos.map((photo, i) => (
                <li key={photo.id}>
                  <a href={photo.full} target="_blank" rel="noopener">
                    <img
                      src={photo.src}
                      alt={`Photo ${i + 1} of ${data.photos.length} of the car or the problem`}
                      width={96}
                      height={Math.round((96 * photo.height) / photo.width)}
                      loading="lazy"
                      decoding="async"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
          {!data ? (
            <p className="status-text">Loading businesses and quotes...</p>
          ) : data.businesses.length === 0 ? (
            <p className="muted">This request has not reached any business yet.</p>
          ) : (
            <ul className="recipient-list quote-admin-list">
              {data.businesses.map((b) => (
                <BusinessRow
                  key={b.lead_id}
                  business={b}
                  busy={busy}
                  act={act}
                  requestId={request.id}
                />
              ))}
            </ul>
          )}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-outline">
                Close
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BusinessRow({
  business: b,
  busy,
  act,
  requestId,
}: {
  business: Business;
  busy: boolean;
  act: (path: string, body: unknown, done: string) => Promise<void>;
  requestId: string;
}) {
  const q = b.quote;
  return (
    <li>
      <p>
        <strong>{b.business_name}</strong>{' '}
        <span className="small muted">
          {b.matched_by === 'auto' ? 'matched automatically' : 'added by an admin'}
          {b.withdrawn ? ' · withdrawn' : ''}
          {b.email_failed ? ' · alert e-mail failed' : ''}
          {b.quotes_blocked ? ' · blocked from quoting' : ''}
        </span>
      </p>
      {!q ? (
        <p className="small muted">No answer yet.</p>
      ) : q.status === 'declined' ? (
        <p className="small">Declined: {declineReasonLabel(q.decline_reason ?? '')}</p>
      ) : (
        <div className="small">
          <p>
            <strong>{nairaText(q.total_naira ?? 0)}</strong> · {q.status.replace('_', ' ')}
            {q.hidden ? ' · hidden from the motorist' : ''}
          </p>
          <p>
            Labour {nairaText(q.labour_naira ?? 0)}
            {q.parts.map(
              (p) => `; ${p.name} (${partGradeLabel(p.grade)}) ${nairaText(p.price_naira)}`,
            )}
          </p>
          {q.warranty && <p>Warranty: {q.warranty}</p>}
          {q.note && <p>Note: {q.note}</p>}
          {q.job_done !== null && <p>After the job: {q.job_done ? 'done' : 'not done'}</p>}
          {q.genuine_answer === 'no' && (
            <p>
              <strong>Flagged: the motorist says a part sold as new genuine was not.</strong>
            </p>
          )}
        </div>
      )}
      <div className="row-actions">
        {q && q.status !== 'declined' && (
          <button
            type="button"
            className="btn btn-outline btn-small"
            disabled={busy}
            onClick={() =>
              void act(
                `/api/admin/quotes/${q.id}/hidden`,
                { value: !q.hidden },
                q.hidden ? 'Quote shown' : 'Quote hidden',
              )
            }
          >
            {q.hidden ? 'Show quote' : 'Hide quote'}
          </button>
        )}
        {!b.withdrawn && (
          <ConfirmButton
            className="btn btn-outline btn-small"
            label="Withdraw"
            title={`Withdraw this request from ${b.business_name}?`}
            description="It leaves their requests. A quote they sent stays on the motorist's page unless you hide it."
            confirmLabel="Withdraw"
            onConfirm={() =>
              void act(
                `/api/admin/service-requests/${requestId}/withdraw`,
                { listingId: b.listing_id },
                'Request withdrawn',
              )
            }
          />
        )}
        {b.quotes_blocked ? (
          <button
            type="button"
            className="btn btn-outline btn-small"
            disabled={busy}
            onClick={() =>
              void act(
                `/api/admin/listings/${b.listing_id}/quotes-blocked`,
                { value: false },
                'The business may quote again',
              )
            }
          >
            Allow quoting
          </button>
        ) : (
          <ConfirmButton
            label="Block from quoting"
            title={`Block ${b.business_name} from quoting?`}
            description="It gets no new requests and cannot send or change quotes until you allow it again."
            confirmLabel="Block"
            className="btn btn-danger btn-small"
            onConfirm={() =>
              void act(
                `/api/admin/listings/${b.listing_id}/quotes-blocked`,
                { value: true },
                'The business is blocked from quoting',
              )
            }
          />
        )}
      </div>
    </li>
  );
}
