import { BadgeCheck, Globe, Star } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { apiSend } from '../../browser/api-client';
import { formatDateTime } from '../../browser/dates';
import {
  EDITABLE_STATUSES,
  STAR_RATINGS,
  STATUS_TRANSITIONS,
  VERIFIABLE_STATUSES,
  type AdminRegistration,
  type RegistrationResponse,
  type StatusChangeResponse,
  type TestWelcomeResponse,
} from '../../../common/schemas/registrations';
import { CONTACT_VISIBILITY_LABELS } from '../../../common/schemas/listing';
import { VERIFICATION_CHECKS, verificationText } from '../../../common/schemas/review-rules';
import { StarRating, VerificationBadge } from '../shared/Badges';
import { ConfirmButton } from '../ui/ConfirmButton';
import { EditBusinessDialog } from './EditBusinessDialog';
import { ReportedClosedBadge } from './ReportsPanel';

/**
 * The status buttons come from the state machine the server enforces (SPEC §4), so the card can only
 * offer a legal transition. Leaving suspended is "Activate".
 */
const STATUS_ACTIONS = {
  approved: { label: 'Approve', className: 'btn-success', success: 'Business approved' },
  rejected: { label: 'Reject', className: 'btn-danger', success: 'Business rejected' },
  suspended: { label: 'Suspend', className: 'btn-outline', success: 'Business suspended' },
} as const;

/** SPEC §2: service categories shown on the card are the tags within the six core ones. */
const CORE_CATEGORIES = [
  'Car Dealers',
  'Parts',
  'Mechanic',
  'Body Work',
  'Breakdown Recovery',
  'Listing Websites',
];
const isCoreTag = (tag: string) =>
  CORE_CATEGORIES.some((core) => tag.toLowerCase().includes(core.toLowerCase()));

interface Props {
  business: AdminRegistration;
  /** Replaces the business in the list (after a change) or removes it (null). */
  onChange: (id: string, next: AdminRegistration | null) => void;
  /** Selected for a bulk action (ADR 014); no checkbox when `onSelect` is absent. */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
}

/** Status changes add the welcome e-mail's outcome; featured, verification and rating do not. */
type Result = RegistrationResponse & Partial<StatusChangeResponse>;

/** One business in the admin lists, with the actions of its status (SPEC §4). */
export function RegistrationCard({ business, onChange, selected = false, onSelect }: Props) {
  const { status } = business;

  // Issue 24.6: the checks behind Verified, sent with the verification status.
  const [checks, setChecks] = useState<string[]>(business.verification_checks ?? []);
  async function run(path: string, body: unknown, failure: string, success: string) {
    const result = await apiSend<Result>(
      'POST',
      `/api/admin/listings/${business.id}/${path}`,
      body,
    );
    if (!result.ok) {
      toast.error(failure, { description: result.error.message });
      return;
    }
    // The list alone says whether a card is reported closed (issue 16.3): keep it.
    onChange(business.id, {
      ...result.data.registration,
      reported_closed: business.reported_closed,
    });
    const welcome = result.data.welcomeEmail;
    if (welcome?.status === 'failed') {
      toast.warning('Warning', {
        description: `Business approved, but the welcome email failed: ${welcome.error ?? 'Unknown error'}`,
      });
    } else {
      toast.success(success);
    }
  }

  const setStatus = (next: 'approved' | 'rejected' | 'suspended', success: string) =>
    run(
      'status',
      { status: next },
      next === 'approved'
        ? 'Failed to update registration status'
        : 'Failed to update business status. Please try again.',
      success,
    );

  async function testWelcome() {
    const result = await apiSend<TestWelcomeResponse>(
      'POST',
      `/api/admin/listings/${business.id}/test-welcome`,
    );
    if (!result.ok) toast.error('Test Failed', { description: result.error.message });
    else if (result.data.welcomeEmail.status !== 'sent')
      toast.error('Email Test Failed', {
        description: result.data.welcomeEmail.error ?? 'Unknown error',
      });
    else
      toast.success('Test email sent', { description: `Welcome email sent to ${business.email}` });
  }

  async function remove() {
    const result = await apiSend('DELETE', `/api/admin/listings/${business.id}`);
    if (!result.ok)
      toast.error('Failed to delete business. Please try again.', {
        description: result.error.message,
      });
    else {
      onChange(business.id, null);
      toast.success('Business deleted');
    }
  }

  const coreTags = business.tags.filter(isCoreTag);
  const otherTags = business.tags.filter((t) => !isCoreTag(t));
  const fullAddress = [business.address, business.city, business.state, business.zip_code]
    .filter(Boolean)
    .join(', ');

  return (
    <article className="card admin-card" data-status={status}>
      <div className="admin-card-head">
        {onSelect && (
          <input
            type="checkbox"
            className="select-card"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select ${business.business_name}`}
          />
        )}
        <h3>
          {business.featured && <Star size={16} className="star-full" aria-label="Featured" />}{' '}
          {business.business_name}{' '}
          {business.verification_status === 'verified' && (
            <BadgeCheck size={16} className="verified-icon" aria-label="Verified" />
          )}
        </h3>
        <span className={`badge status-${status}`}>{status}</span>
        {business.reported_closed && <ReportedClosedBadge />}
      </div>
      <p className="small card-type">{business.business_type}</p>
      <div className="card-badges">
        <StarRating rating={business.star_rating} />
        <VerificationBadge status={business.verification_status} />
      </div>
      <dl className="admin-fields">
        <dt>Contact</dt>
        <dd>{business.display_name || '—'}</dd>
        <dt>Email</dt>
        <dd>{business.email || '—'}</dd>
        <dt>Phone</dt>
        <dd>{business.phone || '—'}</dd>
        <dt>Address</dt>
        <dd>{fullAddress || '—'}</dd>
        <dt>Visibility</dt>
        <dd>
          {CONTACT_VISIBILITY_LABELS[business.contact_visibility] ?? business.contact_visibility}
        </dd>
        {business.website && (
          <>
            <dt>Website</dt>
            <dd>
              <a href={business.website} target="_blank" rel="noopener nofollow">
                <Globe size={12} aria-hidden="true" /> {business.website}
              </a>
            </dd>
          </>
        )}
      </dl>
      {business.description && <p className="small">{business.description}</p>}
      {business.services && (
        <p className="small">
          <strong>Services:</strong> {business.services}
        </p>
      )}
      {coreTags.length > 0 && (
        <ul className="tags" aria-label="Service categories">
          {coreTags.map((tag) => (
            <li key={tag} className="badge badge-brand">
              {tag}
            </li>
          ))}
        </ul>
      )}
      {otherTags.length > 0 && (
        <ul className="tags" aria-label="Additional tags">
          {otherTags.map((tag) => (
            <li key={tag} className="badge">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <p className="small muted">Submitted {formatDateTime(business.created_at)}</p>
      {status === 'pending' && <p className="small pending-note">Pending review</p>}

      <div className="admin-actions">
        {STATUS_TRANSITIONS[status].map((next) => {
          const action = STATUS_ACTIONS[next];
          const label = status === 'suspended' && next === 'approved' ? 'Activate' : action.label;
          return (
            <button
              key={next}
              type="button"
              className={`btn ${action.className}`}
              onClick={() =>
                setStatus(next, label === 'Activate' ? 'Business activated' : action.success)
              }
            >
              {label}
            </button>
          );
        })}
        {status === 'approved' && (
          <>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() =>
                run(
                  'featured',
                  { featured: !business.featured },
                  'Failed to update featured status. Please try again.',
                  business.featured ? 'Removed from featured' : 'Marked as featured',
                )
              }
            >
              {business.featured ? 'Remove Featured' : 'Make Featured'}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={testWelcome}
              disabled={!business.email}
            >
              Test Welcome Email
            </button>
          </>
        )}
      </div>

      {VERIFIABLE_STATUSES.includes(status) && (
        <div className="admin-selects">
          <label>
            Verification
            <select
              value={
                ['verified', 'verification_pending', 'not_verified'].includes(
                  business.verification_status,
                )
                  ? business.verification_status
                  : 'not_verified'
              }
              onChange={(e) =>
                run(
                  'verification',
                  { verification_status: e.target.value, checks },
                  'Failed to update verification status. Please try again.',
                  'Verification status updated',
                )
              }
            >
              <option value="verified">Verified</option>
              <option value="verification_pending">Verification Pending</option>
              <option value="not_verified">Not Verified</option>
            </select>
          </label>
          <fieldset className="verification-checks small">
            <legend>Checks passed (recorded with the date when set to Verified)</legend>
            {VERIFICATION_CHECKS.map((check) => (
              <label key={check.key} className="checkbox">
                <input
                  type="checkbox"
                  checked={checks.includes(check.key)}
                  onChange={(e) =>
                    setChecks((current) =>
                      e.target.checked
                        ? [...current, check.key]
                        : current.filter((key) => key !== check.key),
                    )
                  }
                />
                {check.label}
              </label>
            ))}
            {business.verification_status === 'verified' && (
              <>
                <p className="muted">
                  {verificationText(business.verification_checks, business.verified_at)}
                </p>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() =>
                    void run(
                      'verification',
                      { verification_status: 'verified', checks },
                      'Failed to save the checks. Please try again.',
                      'Verification checks saved',
                    )
                  }
                >
                  Save checks
                </button>
              </>
            )}
          </fieldset>
          <label>
            Star rating
            <select
              value={String(business.star_rating)}
              onChange={(e) =>
                run(
                  'rating',
                  { star_rating: Number(e.target.value) },
                  'Failed to update star rating. Please try again.',
                  'Star rating updated',
                )
              }
            >
              {STAR_RATINGS.map((r) => (
                <option key={r} value={r}>
                  {r === 0 ? 'No rating' : `${r} star${r === 1 ? '' : 's'}`}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}

      {EDITABLE_STATUSES.includes(status) && (
        <div className="admin-actions">
          <EditBusinessDialog business={business} onSaved={(next) => onChange(business.id, next)} />
          <ConfirmButton
            label="Delete Permanently"
            title="Delete business"
            description={`Are you sure you want to permanently delete "${business.business_name}"? This action cannot be undone.`}
            confirmLabel="Delete Permanently"
            onConfirm={remove}
          />
        </div>
      )}
    </article>
  );
}
