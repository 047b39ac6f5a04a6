import { useRef, useState, type FormEvent } from 'react';
import { apiPost, isUnexpected, type ApiError } from '../../browser/api-client';
import {
  CLAIM_CODE_MINUTES,
  ClaimRequestSchema,
  ClaimVerifySchema,
  type Claim,
  type ClaimTargetResponse,
} from '../../../common/schemas/claims';
import type { FormState } from '../../../common/schemas/form-state';
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from '../../../common/schemas/idempotency';
import { fieldMessages } from './fields';

/** The two steps of Claim this business (issue 16.1, ADR 018, 073): ask for a code (or an admin's review), then enter it. */

const UNEXPECTED = 'Something went wrong. Please try again.';
export const messageOf = (error: Pick<ApiError, 'code' | 'message'>) =>
  isUnexpected({ ...error }) ? UNEXPECTED : error.message;
/** The posted text of `name` in a refused form, or ''. */
const postedText = (form: FormState | undefined, name: string) => {
  const value = form?.values[name];
  return typeof value === 'string' ? value : '';
};
/** The first message of each field of a refused form. */
const firstMessages = (form: FormState | undefined) =>
  Object.fromEntries(Object.entries(form?.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? '']));

export function RequestStep({
  target,
  action,
  form,
  onClaim,
}: {
  target: ClaimTargetResponse;
  action: string;
  form: FormState | undefined;
  onClaim: (claim: Claim) => void;
}) {
  const { listing, claim } = target;
  const manual = listing.method === 'manual';
  const [errors, setErrors] = useState<Record<string, string>>(() => firstMessages(form));
  const [formError, setFormError] = useState<string | null>(
    form?.error ? messageOf(form.error) : null,
  );
  const [key, setKey] = useState(() => form?.idempotencyKey ?? newIdempotencyKey());
  const [sending, setSending] = useState(false);
  const ended =
    claim?.status === 'expired'
      ? 'Your last code has expired.'
      : claim?.status === 'locked'
        ? 'Your last code was entered wrongly too many times.'
        : claim?.status === 'rejected'
          ? 'Our team could not confirm your last claim.'
          : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Read from the form, not from state: what was typed before the island hydrated is kept
    // (the inputs are uncontrolled, ADR 032).
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(data.get(name) ?? '');
    const values = { role: text('role'), phone: text('phone'), note: text('note') };
    const input = { listing: listing.id, ...values };
    const parsed = ClaimRequestSchema.safeParse(input);
    const fields = parsed.success ? {} : fieldMessages(parsed.error.issues);
    if (manual) {
      if (!values.role.trim()) fields.role ??= 'Please tell us your role at the business';
      if (!values.phone.trim()) fields.phone ??= 'Please give a phone number we can call';
    }
    setErrors(fields);
    if (Object.keys(fields).length > 0) return;
    setSending(true);
    setFormError(null);
    const result = await apiPost<{ claim: Claim }>('/api/claims', input, {
      idempotencyKey: key,
    });
    setSending(false);
    if (result.ok) {
      setKey(newIdempotencyKey());
      onClaim(result.data.claim);
    } else {
      setErrors(
        Object.fromEntries(
          Object.entries(result.error.fields ?? {}).map(([k, v]) => [k, v[0] ?? '']),
        ),
      );
      setFormError(messageOf(result.error));
    }
  };

  const field = (key: 'role' | 'phone' | 'note', label: string, extra: object = {}) => (
    <div className="field">
      <label htmlFor={`claim-${key}`}>{label}</label>
      {key === 'note' ? (
        <textarea
          id={`claim-${key}`}
          name={key}
          rows={3}
          maxLength={500}
          defaultValue={postedText(form, key)}
        />
      ) : (
        <input
          id={`claim-${key}`}
          name={key}
          defaultValue={postedText(form, key)}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `claim-${key}-error` : undefined}
          {...extra}
        />
      )}
      {errors[key] && (
        <p id={`claim-${key}-error`} className="field-error" role="alert">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <form method="post" action={action} className="card form-card" onSubmit={submit} noValidate>
      <input type="hidden" name="listing" value={listing.id} />
      <input type="hidden" name="intent" value="request" />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} />
      <h2>Claim {listing.business_name}</h2>
      {ended && <p className="muted">{ended}</p>}
      {manual ? (
        <>
          <p>
            This listing has no e-mail address, so our team checks claims by hand. Tell us who you
            are at the business and a phone number we can call.
          </p>
          {field('role', 'Your role at the business *', {
            maxLength: 80,
            autoComplete: 'organization-title',
          })}
          {field('phone', 'Phone number *', { type: 'tel', maxLength: 30, autoComplete: 'tel' })}
          {field('note', 'Anything that helps us confirm (optional)')}
        </>
      ) : (
        <p>
          We will send a 6-digit code to the e-mail address on this listing. Whoever reads that
          inbox at the business can give it to you. The code works for {CLAIM_CODE_MINUTES} minutes.
        </p>
      )}
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="btn" disabled={sending}>
        {sending ? 'Sending...' : manual ? 'Send my claim' : 'Send the code'}
      </button>
    </form>
  );
}

export function CodeStep({
  claim,
  name,
  action,
  form,
  onClaim,
}: {
  claim: Claim;
  name: string;
  action: string;
  form: FormState | undefined;
  onClaim: (claim: Claim) => void;
}) {
  // Uncontrolled: a code typed before the island hydrated is kept (ADR 032).
  const codeInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(() =>
    form?.error ? (form.fieldErrors.code?.[0] ?? messageOf(form.error)) : null,
  );
  const [key, setKey] = useState(() => form?.idempotencyKey ?? newIdempotencyKey());
  const [busy, setBusy] = useState(false);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ClaimVerifySchema.safeParse({ code: codeInput.current?.value ?? '' });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code from the e-mail');
      return;
    }
    setBusy(true);
    const result = await apiPost<{ claim: Claim }>(`/api/claims/${claim.id}/verify`, parsed.data);
    setBusy(false);
    if (result.ok) onClaim(result.data.claim);
    else if (result.error.code === 'CONFLICT')
      onClaim({ ...claim, status: /expired/.test(result.error.message) ? 'expired' : 'locked' });
    else setError(messageOf(result.error));
  };

  const resend = async (event: MouseEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await apiPost<{ claim: Claim }>(
      '/api/claims',
      { listing: claim.listing_id },
      { idempotencyKey: key },
    );
    setBusy(false);
    if (result.ok) {
      setKey(newIdempotencyKey());
      if (codeInput.current) codeInput.current.value = '';
      setError(null);
      onClaim(result.data.claim);
    } else setError(messageOf(result.error));
  };

  return (
    <form method="post" action={action} className="card form-card" onSubmit={verify} noValidate>
      <input type="hidden" name="claim" value={claim.id} />
      <input type="hidden" name="listing" value={claim.listing_id} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} />
      <h2>Enter your code</h2>
      <p role="status">
        We sent a 6-digit code to the e-mail address on the listing of {name}. It works for{' '}
        {CLAIM_CODE_MINUTES} minutes.
      </p>
      <div className="field">
        <label htmlFor="claim-code">6-digit code</label>
        <input
          id="claim-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          ref={codeInput}
          defaultValue={postedText(form, 'code')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'claim-code-error' : undefined}
        />
        {error && (
          <p id="claim-code-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="form-actions">
        <button type="submit" name="intent" value="verify" className="btn" disabled={busy}>
          Confirm
        </button>{' '}
        <button
          type="submit"
          name="intent"
          value="resend"
          formNoValidate
          className="btn btn-outline"
          disabled={busy}
          onClick={(event) => void resend(event as unknown as MouseEvent)}
        >
          Send a new code
        </button>
      </div>
    </form>
  );
}
