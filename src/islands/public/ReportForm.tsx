import { useId, useState } from 'react';
import { apiPost, isUnexpected } from '../../browser/api-client';
import { toast } from '../../browser/toast-lite';
import type { FormState } from '../../../common/schemas/form-state';
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from '../../../common/schemas/idempotency';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '../../../common/schemas/report-reasons';

/** What the report page and the toast say once a report is in (issue 16.3). */
export const REPORT_SENT = 'Thank you for your report. Our team will check this listing.';

export interface ReportFormProps {
  listingId: string;
  businessName: string;
  /** Where the form posts without JavaScript: the listing's report page (issue 22.1). */
  action: string;
  /** The form as the report page shows it (values and messages of a refused post, its key). */
  initial?: FormState | undefined;
  /** Closes the inline form; without it (the report page) Cancel is a link to `cancelHref`. */
  onClose?: (() => void) | undefined;
  cancelHref?: string | undefined;
}

/**
 * The report form (issue 16.3, ADR 019): one of the six reasons, optional details (at most 500
 * characters). A real `<form method="post">` (issue 22.1): the report page renders it without
 * script and posts it to the API; on the business page and in the detail dialog ReportListing
 * loads it on demand and it sends JSON with toasts. No Zod here: the browser checks the required
 * reason and the length, the server checks everything (422 messages shown as given). Anyone may
 * report; a signed-in visitor's account is recorded by the server. Each form view has its own
 * idempotency key, so a report sent twice counts once (issue 23.4).
 */
export function ReportForm({
  listingId,
  businessName,
  action,
  initial,
  onClose,
  cancelHref,
}: ReportFormProps) {
  const id = useId();
  const posted = initial?.values ?? {};
  const [reason, setReason] = useState(typeof posted.reason === 'string' ? posted.reason : '');
  const [details, setDetails] = useState(typeof posted.details === 'string' ? posted.details : '');
  const [hp, setHp] = useState('');
  const [error, setError] = useState<string | null>(
    initial?.fieldErrors.reason?.[0] ??
      initial?.fieldErrors.details?.[0] ??
      initial?.error?.message ??
      null,
  );
  const [key, setKey] = useState(() => initial?.idempotencyKey ?? newIdempotencyKey());
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason.');
      return;
    }
    setSending(true);
    const result = await apiPost(
      `/api/listings/${encodeURIComponent(listingId)}/reports`,
      { reason, ...(details.trim() ? { details } : {}), ...(hp ? { hp } : {}) },
      { idempotencyKey: key },
    );
    setSending(false);
    if (result.ok) {
      setSent(true);
      setKey(newIdempotencyKey());
      toast.success('Report sent', {
        description: 'Thank you. Our team will check this listing.',
      });
      return;
    }
    const message = isUnexpected(result.error)
      ? 'Something went wrong. Please try again.'
      : result.error.message;
    setError(result.error.code === 'VALIDATION_FAILED' ? message : null);
    toast.error('Report not sent', { description: message });
  }

  if (sent) {
    return (
      <p className="report-done small" role="status">
        {REPORT_SENT}
      </p>
    );
  }

  return (
    <form
      method="post"
      action={action}
      className="report-form"
      aria-label={`Report ${businessName}`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} />
      <fieldset className="field" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>What is wrong with this listing?</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r.key} className="checkbox">
            <input
              type="radio"
              name="reason"
              value={r.key}
              checked={reason === r.key}
              onChange={() => {
                setReason(r.key);
                setError(null);
              }}
            />
            {r.label}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-details`}>Details (optional)</label>
        <textarea
          id={`${id}-details`}
          name="details"
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          value={details}
          aria-describedby={`${id}-count`}
          onInput={(event) => setDetails((event.target as HTMLTextAreaElement).value)}
        />
        <p className="small muted" id={`${id}-count`}>
          {details.length}/{REPORT_DETAILS_MAX} characters
        </p>
      </div>
      <div className="hp-field" aria-hidden="true">
        <label htmlFor={`${id}-hp`}>Leave this field empty</label>
        <input
          id={`${id}-hp`}
          name="hp"
          tabIndex={-1}
          autoComplete="off"
          value={hp}
          onInput={(event) => setHp((event.target as HTMLInputElement).value)}
        />
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="report-actions">
        <button type="submit" className="btn" disabled={sending}>
          {sending ? 'Sending...' : 'Send report'}
        </button>
        {onClose ? (
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
        ) : (
          cancelHref && (
            <a className="btn btn-outline" href={cancelHref}>
              Cancel
            </a>
          )
        )}
      </div>
    </form>
  );
}
