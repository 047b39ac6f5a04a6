import { useId, useState } from 'react';
import { apiPost, isUnexpected } from '../../browser/api-client';
import { toast } from '../../browser/toast-lite';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '../../schemas/report-reasons';

export interface ReportFormProps {
  businessId: string;
  businessName: string;
  onClose: () => void;
}

/**
 * The report form (issue 16.3, ADR 019), loaded on demand by ReportListing: one of the six
 * reasons, optional details (at most 500 characters). No Zod here: the browser checks the
 * required reason and the length, the server checks everything (422 messages shown as given).
 * Anyone may report; a signed-in visitor's account is recorded by the server.
 */
export function ReportForm({ businessId, businessName, onClose }: ReportFormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [hp, setHp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason.');
      return;
    }
    setSending(true);
    const result = await apiPost(`/api/directory/${encodeURIComponent(businessId)}/reports`, {
      reason,
      ...(details.trim() ? { details } : {}),
      ...(hp ? { hp } : {}),
    });
    setSending(false);
    if (result.ok) {
      setSent(true);
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
        Thank you for your report. Our team will check this listing.
      </p>
    );
  }

  return (
    <form
      className="report-form"
      aria-label={`Report ${businessName}`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <fieldset className="field" aria-describedby={error ? `${id}-error` : undefined}>
        <legend>What is wrong with this listing?</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r.key} className="checkbox">
            <input
              type="radio"
              name={`${id}-reason`}
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
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
