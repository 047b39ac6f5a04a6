import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { apiGet } from '../../browser/api-client';
import type { Claim, ClaimTargetResponse } from '../../../common/schemas/claims';
import type { FormState } from '../../../common/schemas/form-state';
import { $session, loadSession } from '../../stores/session';
import { CodeStep, RequestStep, messageOf } from './ClaimFormSteps';

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
    void apiGet<ClaimTargetResponse>(`/api/listings/${encodeURIComponent(slug)}/claim`).then(
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
