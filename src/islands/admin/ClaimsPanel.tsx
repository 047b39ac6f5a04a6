import { useState } from 'react';
import { coverageName } from '../../../common/config/lagos-roads';
import { nairaText } from '../../../common/schemas/listing';
import { toast } from 'sonner';
import { apiPost } from '../../browser/api-client';
import { formatShort } from '../../browser/dates';
import { DAY_KEYS, DAY_NAMES } from '../../browser/hours';
import {
  LISTING_FIELD_LABELS,
  type AdminClaim,
  type AdminListingChange,
  type ListingFields,
} from '../../../common/schemas/claims';
import type { PageInfo } from '../../../common/schemas/api';
import type { Photo } from '../../../common/schemas/photos';
import { EmptyState } from '../ui/EmptyState';
import { PhotoThumb } from '../ui/PhotoPieces';
import { ListPager } from './ListPager';
import { ADMIN_LIMIT, usePagedList } from './data';
import { SectionHead } from './SectionHead';

/**
 * The Claims tab (issue 16 points 1 and 2, ADR 018): claims of listings without an e-mail, with
 * the claimant's evidence, to approve or reject; and owners' changes with a before/after view
 * (fields, and photos added or removed: ADR 042), to approve (they go live, the pages are purged)
 * or reject with a reason.
 */
export function ClaimsPanel({ q, refreshCounts }: { q: string; refreshCounts: () => void }) {
  return (
    <>
      <ClaimsList q={q} refreshCounts={refreshCounts} />
      <ChangesList q={q} refreshCounts={refreshCounts} />
    </>
  );
}

function ClaimsList({ q, refreshCounts }: { q: string; refreshCounts: () => void }) {
  const list = usePagedList<AdminClaim, PageInfo & { claims: AdminClaim[] }>(
    '/api/admin/claims',
    (r) => r.claims,
    { q, limit: ADMIN_LIMIT },
    'Failed to load claims',
  );
  const decide = async (claim: AdminClaim, decision: 'approve' | 'reject') => {
    const result = await apiPost<{ claim: AdminClaim }>(
      `/api/admin/claims/${claim.id}/${decision}`,
      {},
    );
    if (result.ok) {
      toast.success(decision === 'approve' ? 'Claim approved' : 'Claim rejected');
      list.reload();
      refreshCounts();
    } else toast.error('Failed to update claim', { description: result.error.message });
  };
  return (
    <section aria-labelledby="claims-heading">
      <SectionHead
        id="claims-heading"
        title="Claims"
        subtitle="Listings without an e-mail: check the claimant before giving them the listing"
      />
      {!list.rows ? (
        <p className="status-text">Loading claims...</p>
      ) : list.rows.length === 0 ? (
        <EmptyState title={q ? `No claims match "${q}"` : 'No claims waiting'} />
      ) : (
        <ul className="grid admin-grid">
          {list.rows.map((claim) => (
            <li key={claim.id} className="card">
              <h3>
                {claim.listing_slug ? (
                  <a href={`/business/${claim.listing_slug}/`}>{claim.listing_name}</a>
                ) : (
                  claim.listing_name
                )}
              </h3>
              <dl className="admin-fields small">
                <dt>Claimant</dt>
                <dd>
                  {claim.claimant_name} · {claim.claimant_email}
                </dd>
                <dt>Role</dt>
                <dd>{claim.role ?? '—'}</dd>
                <dt>Phone</dt>
                <dd>{claim.phone ?? '—'}</dd>
                {claim.note && (
                  <>
                    <dt>Note</dt>
                    <dd>{claim.note}</dd>
                  </>
                )}
                <dt>Sent</dt>
                <dd>{formatShort(claim.created_at)}</dd>
              </dl>
              <div className="card-actions">
                <button type="button" className="btn" onClick={() => decide(claim, 'approve')}>
                  Approve claim
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => decide(claim, 'reject')}
                >
                  Reject claim
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ListPager list={list} label="Claim pages" />
    </section>
  );
}

/** A field's value as text for the before/after table. */
function shown(key: keyof ListingFields, value: ListingFields[keyof ListingFields]): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'opening_hours' && typeof value === 'object') {
    const hours = value as Record<string, string>;
    return DAY_KEYS.map((day) => `${DAY_NAMES[day].slice(0, 3)} ${hours[day] ?? 'closed'}`).join(
      ', ',
    );
  }
  if (key === 'contact_visibility') return value === 'public' ? 'Everyone' : 'Signed-in users only';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'coverage_areas' && Array.isArray(value))
    return value.length > 0 ? value.map((slug) => coverageName(slug) ?? slug).join(', ') : '—';
  if (key === 'callout_fee' && value && typeof value === 'object') {
    const fee = value as { min: number; max: number };
    return fee.min === fee.max ? nairaText(fee.min) : `${nairaText(fee.min)}–${nairaText(fee.max)}`;
  }
  return String(value);
}

/** Thumbnails of photos, each with its kind and caption. */
function PhotoStrip({ photos, label }: { photos: Photo[]; label: string }) {
  return (
    <ul className="photo-grid" aria-label={label}>
      {photos.map((photo) => (
        <li key={photo.id}>
          <PhotoThumb photo={photo} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The photos of an owner change, before/after (ADR 042): the live photos now, then what the change
 * adds (held until approved) and removes.
 */
function ChangePhotos({ change }: { change: AdminListingChange }) {
  const { current, added, removed } = change.photos;
  if (added.length === 0 && removed.length === 0) return null;
  const now = [...current, ...removed].sort((a, b) => a.position - b.position);
  return (
    <div className="change-photos small">
      <h4>Photos</h4>
      <p className="muted">Now: {now.length === 0 ? 'no photos' : `${now.length} live`}</p>
      {now.length > 0 && <PhotoStrip photos={now} label="Photos now" />}
      {added.length > 0 && (
        <>
          <p>Proposed: add {added.length}</p>
          <PhotoStrip photos={added} label="Photos to add" />
        </>
      )}
      {removed.length > 0 && (
        <>
          <p>Proposed: remove {removed.length}</p>
          <PhotoStrip photos={removed} label="Photos to remove" />
        </>
      )}
    </div>
  );
}

function ChangesList({ q, refreshCounts }: { q: string; refreshCounts: () => void }) {
  const list = usePagedList<AdminListingChange, PageInfo & { changes: AdminListingChange[] }>(
    '/api/admin/listing-changes',
    (r) => r.changes,
    { q, limit: ADMIN_LIMIT },
    'Failed to load changes',
  );
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const decide = async (change: AdminListingChange, decision: 'approve' | 'reject') => {
    const result = await apiPost<{ change: AdminListingChange }>(
      `/api/admin/listing-changes/${change.id}/${decision}`,
      decision === 'reject' ? { reason: reasons[change.id] ?? '' } : {},
    );
    if (result.ok) {
      toast.success(decision === 'approve' ? 'Changes approved' : 'Changes rejected');
      list.reload();
      refreshCounts();
    } else toast.error('Failed to update changes', { description: result.error.message });
  };
  return (
    <section aria-labelledby="changes-heading">
      <SectionHead
        id="changes-heading"
        title="Owner changes"
        subtitle="Edits owners made to their listings, live once approved"
      />
      {!list.rows ? (
        <p className="status-text">Loading changes...</p>
      ) : list.rows.length === 0 ? (
        <EmptyState title={q ? `No changes match "${q}"` : 'No changes waiting'} />
      ) : (
        <ul className="admin-list">
          {list.rows.map((change) => {
            const keys = Object.keys(change.changes) as (keyof ListingFields)[];
            const reasonId = `reason-${change.id}`;
            return (
              <li key={change.id} className="card">
                <h3>
                  {change.listing_slug ? (
                    <a href={`/business/${change.listing_slug}/`}>{change.listing_name}</a>
                  ) : (
                    change.listing_name
                  )}
                </h3>
                <p className="small muted">
                  By {change.owner_name} · {change.owner_email} · {formatShort(change.created_at)}
                </p>
                {keys.length > 0 && (
                  <table className="change-table small">
                    <caption className="visually-hidden">
                      Changes to {change.listing_name}: before and after
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">Field</th>
                        <th scope="col">Now</th>
                        <th scope="col">Proposed</th>
                      </tr>
                    </thead>
                    <tbody>
                      {keys.map((key) => (
                        <tr key={key}>
                          <th scope="row">{LISTING_FIELD_LABELS[key]}</th>
                          <td>{shown(key, change.current[key])}</td>
                          <td>{shown(key, change.changes[key])}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                <ChangePhotos change={change} />
                <div className="field">
                  <label htmlFor={reasonId}>Reason if you reject (the owner sees it)</label>
                  <input
                    id={reasonId}
                    maxLength={500}
                    value={reasons[change.id] ?? ''}
                    onChange={(e) => setReasons({ ...reasons, [change.id]: e.target.value })}
                  />
                </div>
                <div className="card-actions">
                  <button type="button" className="btn" onClick={() => decide(change, 'approve')}>
                    Approve changes
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() => decide(change, 'reject')}
                  >
                    Reject changes
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ListPager list={list} label="Change pages" />
    </section>
  );
}
