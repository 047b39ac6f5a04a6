import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiGet, apiPost, isUnexpected, type ApiError } from '../../browser/api-client';
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
import { $session, loadSession } from '../../stores/session';

const UNEXPECTED = 'Something went wrong. Please try again.';
const messageOf = (error: Pick<ApiError, 'code' | 'message'>) =>
  isUnexpected({ ...error }) ? UNEXPECTED : error.message;
export const CLAIM_NOT_FOUND =
  'We could not find that business. Open its page and choose "Claim this business".';

/** The claim as the page found it for the signed-in visitor (src/pages/account/business/claim.astro). */
export interface ClaimPageState {
  /** Whether a session came with the request (false: the sign-in prompt). */
  signedIn: boolean;
  target: ClaimTargetResponse | null;
  loadError: string | null;
  /** The last post without JavaScript the API refused (its values, messages, key). */
  form: FormState;
}

interface Props {
  /** The listing's slug from `?listing=`. */
  slug: string;
  /** What the page found on the server; without it the island asks the API itself. */
  server?: ClaimPageState | undefined;
}

/**
 * Claim this business (issue 16.1, ADR 018), at /account/business/claim/?listing=slug: a signed-in
 * user asks for a code sent to the listing's e-mail and types it in, or, for a listing without an
 * e-mail, sends their role and phone for our team to check. The listing's e-mail is never shown.
 * The page renders the claim's state on the server and each step is a `<form method="post">`
 * that works without JavaScript (issue 22.1); the island takes over in place once loaded.
 */
export default function ClaimForm({ slug, server }: Props) {
  const { loading, user } = useStore($session);
  const [target, setTarget] = useState<ClaimTargetResponse | null>(server?.target ?? null);
  const [loadError, setLoadError] = useState<string | null>(server?.loadError ?? null);
  const signedIn = server ? server.signedIn : Boolean(user);

  useEffect(() => void loadSession(), []);
  useEffect(() => {
    if (server || !user || !slug) return;
    void apiGet<ClaimTargetResponse>(`/api/claims/listing/${encodeURIComponent(slug)}`).then(
      (result) => {
        if (result.ok) setTarget(result.data);
        else
          setLoadError(
            result.error.code === 'NOT_FOUND' ? CLAIM_NOT_FOUND : messageOf(result.error),
          );
      },
    );
  }, [server, user, slug]);

  if (!slug)
    return (
      <p className="card">
        Open your business&rsquo;s page and choose &ldquo;Claim this business&rdquo;.
      </p>
    );
  if (!server && loading) return <p className="status-text">Loading...</p>;
  if (!signedIn)
    return (
      <div className="card">
        <p>Please sign in or create an account to claim this business.</p>
        <p>
          <a className="btn" href="/auth/">
            Sign in
          </a>
        </p>
        <p className="small muted">
          Then come back to the business page and choose &ldquo;Claim this business&rdquo; again.
        </p>
      </div>
    );
  if (loadError)
    return (
      <p className="card" role="alert">
        {loadError}
      </p>
    );
  if (!target) return <p className="status-text">Loading...</p>;
  return (
    <ClaimSteps
      target={target}
      action={`/account/business/claim/?listing=${encodeURIComponent(slug)}`}
      form={server?.form}
      onChange={setTarget}
    />
  );
}

function ClaimSteps({
  target,
  action,
  form,
  onChange,
}: {
  target: ClaimTargetResponse;
  /** Where the steps post without JavaScript: the claim page itself. */
  action: string;
  form: FormState | undefined;
  onChange: (target: ClaimTargetResponse) => void;
}) {
  const { listing, claim } = target;
  const setClaim = (next: Claim) =>
    onChange({
      listing: {
        ...listing,
        claimed: listing.claimed || next.status === 'verified',
        owned_by_you: listing.owned_by_you || next.status === 'verified',
      },
      claim: next,
    });
  const name = listing.business_name;

  if (listing.owned_by_you)
    return (
      <div className="card" role="status">
        <h2>You manage {name}</h2>
        <p>Update its details, opening hours and contacts from your business dashboard.</p>
        <p>
          <a className="btn" href="/account/business/">
            Go to your business dashboard
          </a>
        </p>
      </div>
    );
  if (listing.claimed)
    return (
      <div className="card">
        <h2>{name} is already claimed</h2>
        <p>
          If you run this business and did not claim it, please <a href="/contact/">contact us</a>.
        </p>
      </div>
    );
  if (claim?.status === 'pending' && claim.method === 'manual')
    return (
      <div className="card" role="status">
        <h2>Your claim is with our team</h2>
        <p>
          We will check your details for {name} and let you know by e-mail. This usually takes a day
          or two.
        </p>
      </div>
    );
  if (claim?.status === 'pending' && claim.method === 'email')
    return <CodeStep claim={claim} name={name} action={action} form={form} onClaim={setClaim} />;
  return <RequestStep target={target} action={action} form={form} onClaim={setClaim} />;
}

/** The posted text of `name` in a refused form, or ''. */
const postedText = (form: FormState | undefined, name: string) => {
  const value = form?.values[name];
  return typeof value === 'string' ? value : '';
};
/** The first message of each field of a refused form. */
const firstMessages = (form: FormState | undefined) =>
  Object.fromEntries(Object.entries(form?.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? '']));

function RequestStep({
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

function CodeStep({
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
