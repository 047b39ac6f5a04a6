import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { apiGet, apiPost, isUnexpected } from '../../browser/api-client';
import { formatDay } from '../../browser/dates';
import { DAY_KEYS, DAY_NAMES, type DayKey } from '../../browser/hours';
import { LAGOS_AREA_NAMES } from '../../../common/config/lagos-areas';
import {
  ListingEditSchema,
  type ListingChange,
  type ListingFields,
  type OwnedListing,
} from '../../../common/schemas/claims';
import { Guard } from '../auth/Guard';
import { PageToaster } from '../Toasts';
import { ownerInsightsPath } from '../../../common/schemas/insights';
import { ownerPhonePath } from '../../../common/schemas/listing-phone';
import { ownerReviewsPath } from '../../../common/schemas/review-rules';
import { fieldMessages } from './fields';
import { OwnerPhotos } from './OwnerPhotos';
import { RoadsideFieldset, roadsideDraft, roadsideInput } from '../shared/RoadsideFieldset';

/**
 * The owner dashboard at /account/business/ (issue 16.2, ADR 018): every listing the account
 * owns, its live details in a form, its photos (issue 26.1, ADR 042), and the status of its newest
 * change. A change, photos included, waits for the admin (Claims tab) before it goes live.
 */
export default function OwnerDashboard() {
  return (
    <Guard require="user">
      <PageToaster />
      <Listings />
    </Guard>
  );
}

function Listings() {
  const [listings, setListings] = useState<OwnedListing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await apiGet<{ listings: OwnedListing[] }>('/api/account/listings');
    if (result.ok) setListings(result.data.listings);
    else setError('We could not load your businesses. Please try again.');
  }, []);
  useEffect(() => void load(), [load]);

  if (error)
    return (
      <p className="card" role="alert">
        {error}
      </p>
    );
  if (!listings) return <p className="status-text">Loading...</p>;
  if (listings.length === 0)
    return (
      <div className="card">
        <h2>No business yet</h2>
        <p>
          To manage a business, open its page in the directory and choose &ldquo;Claim this
          business&rdquo;.
        </p>
        <p>
          <a className="btn" href="/register/">
            Not listed yet? List your business
          </a>
        </p>
      </div>
    );
  return (
    <div className="owner-listings">
      {listings.map((listing) => (
        <div key={listing.id} className="owner-listing-block">
          <ListingEditor listing={listing} onSaved={load} />
          <div className="card form-card">
            <OwnerPhotos listingId={listing.id} onChanged={load} />
          </div>
        </div>
      ))}
    </div>
  );
}

const STATUS_TEXT: Record<ListingChange['status'], string> = {
  pending: 'Changes waiting for review',
  approved: 'Changes approved',
  rejected: 'Changes not approved',
};

function ChangeStatus({ change }: { change: ListingChange | null }) {
  if (!change) return null;
  return (
    <p className="small" role="status">
      <span
        className={`badge ${change.status === 'approved' ? 'badge-verified' : change.status === 'pending' ? 'badge-pending' : ''}`}
      >
        {STATUS_TEXT[change.status]}
      </span>{' '}
      <span className="muted">
        sent {formatDay(change.created_at)}
        {change.decided_at ? `, decided ${formatDay(change.decided_at)}` : ''}
      </span>
      {change.status === 'rejected' && change.reason && (
        <>
          <br />
          Reason: {change.reason}
        </>
      )}
    </p>
  );
}

type Hours = Record<DayKey, { open: boolean; from: string; to: string }>;

function hoursState(hours: Record<string, string> | null | undefined): Hours {
  return Object.fromEntries(
    DAY_KEYS.map((day) => {
      const [from = '08:00', to = '18:00'] = hours?.[day]?.split('-') ?? [];
      return [day, { open: Boolean(hours?.[day]), from, to }];
    }),
  ) as Hours;
}

type TextKey = 'description' | 'services' | 'phone' | 'whatsapp' | 'website' | 'address' | 'area';

function ListingEditor({ listing, onSaved }: { listing: OwnedListing; onSaved: () => void }) {
  // A pending change shows what the owner sent; otherwise the live values.
  const shown: Required<ListingFields> = {
    ...listing.fields,
    ...(listing.change?.status === 'pending' ? listing.change.changes : {}),
  };
  const [text, setText] = useState<Record<TextKey, string>>({
    description: shown.description ?? '',
    services: shown.services ?? '',
    phone: shown.phone ?? '',
    whatsapp: shown.whatsapp ?? '',
    website: shown.website ?? '',
    address: shown.address ?? '',
    area: shown.area ?? '',
  });
  const [hours, setHours] = useState<Hours>(() => hoursState(shown.opening_hours));
  const [visibility, setVisibility] = useState(shown.contact_visibility);
  const [roadside, setRoadside] = useState(() => roadsideDraft(shown));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const prefix = `listing-${listing.id.slice(0, 8)}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...text,
      opening_hours: Object.fromEntries(
        DAY_KEYS.filter((day) => hours[day].open).map((day) => [
          day,
          `${hours[day].from}-${hours[day].to}`,
        ]),
      ),
      contact_visibility: visibility,
      ...roadsideInput(roadside),
    };
    const parsed = ListingEditSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    const result = await apiPost<{ change: ListingChange }>(
      `/api/account/listings/${listing.id}/changes`,
      parsed.data,
    );
    setSaving(false);
    if (result.ok) {
      toast.success('Changes sent for review', {
        description: 'They go live once our team has checked them.',
      });
      onSaved();
    } else {
      setErrors(
        Object.fromEntries(
          Object.entries(result.error.fields ?? {}).map(([k, v]) => [k, v[0] ?? '']),
        ),
      );
      toast.error(
        isUnexpected(result.error)
          ? 'Something went wrong. Please try again.'
          : result.error.message,
      );
    }
  };

  const input = (key: TextKey, label: string, extra: object = {}) => {
    const id = `${prefix}-${key}`;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {key === 'description' || key === 'services' ? (
          <textarea
            id={id}
            rows={key === 'description' ? 4 : 3}
            value={text[key]}
            aria-invalid={errors[key] ? true : undefined}
            aria-describedby={errors[key] ? `${id}-error` : undefined}
            onChange={(e) => setText({ ...text, [key]: e.target.value })}
          />
        ) : (
          <input
            id={id}
            value={text[key]}
            aria-invalid={errors[key] ? true : undefined}
            aria-describedby={errors[key] ? `${id}-error` : undefined}
            onChange={(e) => setText({ ...text, [key]: e.target.value })}
            {...extra}
          />
        )}
        {errors[key] && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {errors[key]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="card form-card owner-listing" onSubmit={submit} noValidate>
      <h2>{listing.business_name}</h2>
      {listing.slug && listing.status === 'approved' && (
        <p className="small">
          <a href={`/business/${listing.slug}/`}>View the business page</a>
          {' · '}
          <a href={ownerReviewsPath(listing.id)}>Reviews and your replies</a>
          {' · '}
          <a href={ownerInsightsPath(listing.id)}>Insights</a>
          {' · '}
          <a href={ownerPhonePath(listing.id)}>Confirm your phone</a>
          {' · '}
          <a href="/account/business/leads/">Customer requests</a>
          {' · '}
          <a href="/account/business/email/">E-mail settings</a>
        </p>
      )}
      <ChangeStatus change={listing.change} />
      {input('description', 'Description')}
      {input('services', 'Services')}
      <div className="form-grid">
        {input('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
        {input('whatsapp', 'WhatsApp number', { type: 'tel' })}
        {input('website', 'Website', { type: 'url', placeholder: 'https://' })}
        <div className="field">
          <label htmlFor={`${prefix}-area`}>Area</label>
          <select
            id={`${prefix}-area`}
            value={text.area}
            onChange={(e) => setText({ ...text, area: e.target.value })}
          >
            <option value="">Work it out from the address</option>
            {LAGOS_AREA_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {input('address', 'Address', { autoComplete: 'street-address' })}
      <fieldset className="field">
        <legend>Opening hours (Lagos time)</legend>
        <table className="hours-editor">
          <tbody>
            {DAY_KEYS.map((day) => {
              const id = `${prefix}-hours-${day}`;
              const set = (patch: Partial<Hours[DayKey]>) =>
                setHours({ ...hours, [day]: { ...hours[day], ...patch } });
              return (
                <tr key={day}>
                  <th scope="row">
                    <label>
                      <input
                        type="checkbox"
                        checked={hours[day].open}
                        onChange={(e) => set({ open: e.target.checked })}
                      />{' '}
                      {DAY_NAMES[day]}
                    </label>
                  </th>
                  <td>
                    <label className="visually-hidden" htmlFor={`${id}-from`}>
                      {DAY_NAMES[day]} opens at
                    </label>
                    <input
                      id={`${id}-from`}
                      type="time"
                      value={hours[day].from}
                      disabled={!hours[day].open}
                      onChange={(e) => set({ from: e.target.value })}
                    />{' '}
                    to{' '}
                    <label className="visually-hidden" htmlFor={`${id}-to`}>
                      {DAY_NAMES[day]} closes at
                    </label>
                    <input
                      id={`${id}-to`}
                      type="time"
                      value={hours[day].to}
                      disabled={!hours[day].open}
                      onChange={(e) => set({ to: e.target.value })}
                    />
                    {errors[`opening_hours.${day}`] && (
                      <span className="field-error" role="alert">
                        {' '}
                        {errors[`opening_hours.${day}`]}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </fieldset>
      <RoadsideFieldset idPrefix={prefix} value={roadside} onChange={setRoadside} errors={errors} />
      <fieldset className="field">
        <legend>Who sees your e-mail, phone and address</legend>
        <label>
          <input
            type="radio"
            name={`${prefix}-visibility`}
            checked={visibility === 'public'}
            onChange={() => setVisibility('public')}
          />{' '}
          Everyone
        </label>{' '}
        <label>
          <input
            type="radio"
            name={`${prefix}-visibility`}
            checked={visibility === 'registered_users_only'}
            onChange={() => setVisibility('registered_users_only')}
          />{' '}
          Signed-in users only
        </label>
      </fieldset>
      <button type="submit" className="btn" disabled={saving}>
        {saving ? 'Sending...' : 'Send changes for review'}
      </button>
    </form>
  );
}
