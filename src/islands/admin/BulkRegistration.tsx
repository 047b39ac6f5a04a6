import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { apiGet, apiPost } from '../../browser/api-client';
import { newIdempotencyKey } from '../../../common/schemas/idempotency';
import { SERVICE_CATEGORIES, type ServiceCategory } from '../../../common/schemas/categories';
import {
  DEFAULT_BULK_CATEGORY,
  DEFAULT_BULK_LOCATION,
  type BulkRegisterResponse,
  type PlacesProviderResponse,
  type PlacesSearchResponse,
  type ScrapedBusiness,
} from '../../../common/schemas/imports';
import { PageToaster } from '../Toasts';

type Row = ScrapedBusiness & { selected: boolean };

/** Registering runs in chunks so the progress bar moves (and one request stays small). */
const CHUNK = 10;

/** Bulk registration (SPEC §2 Bulk registration, §4 Bulk import, §7, §8). */
export function BulkRegistration() {
  const [provider, setProvider] = useState<PlacesProviderResponse | null>(null);
  const [query, setQuery] = useState('');
  const [location, setLocation] = useState(DEFAULT_BULK_LOCATION);
  const [category, setCategory] = useState<ServiceCategory>(DEFAULT_BULK_CATEGORY);
  const [rows, setRows] = useState<Row[]>([]);
  const [searching, setSearching] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  useEffect(() => {
    void apiGet<PlacesProviderResponse>('/api/imports/provider').then(
      (r) => r.ok && setProvider(r.data),
    );
  }, []);

  async function search() {
    setSearching(true);
    const result = await apiPost<PlacesSearchResponse>('/api/imports/search', {
      query,
      location,
      category,
    });
    setSearching(false);
    if (!result.ok) {
      toast.error('Search Failed', {
        description:
          result.error.message || 'Failed to scrape businesses from Google. Please try again.',
      });
      return;
    }
    if (!Array.isArray(result.data.businesses)) {
      toast.error('Search Failed', { description: 'Invalid response format' });
      return;
    }
    setRows(result.data.businesses.map((b) => ({ ...b, selected: !b.duplicate })));
    toast.success('Search Complete', {
      description: `Found ${result.data.businesses.length} businesses`,
    });
  }

  async function registerSelected() {
    const chosen = rows.filter((r) => r.selected);
    if (chosen.length === 0) {
      toast.error('No Businesses Selected', {
        description: 'Please select at least one business to register.',
      });
      return;
    }
    let registered = 0;
    let failed = 0;
    // One key per batch of this run: a batch retried after a dropped answer is stored once.
    const run = newIdempotencyKey();
    setProgress({ done: 0, total: chosen.length });
    for (let start = 0; start < chosen.length; start += CHUNK) {
      const batch = chosen
        .slice(start, start + CHUNK)
        .map(({ selected: _s, duplicate: _d, ...business }) => business);
      const result = await apiPost<BulkRegisterResponse>(
        '/api/admin/imports/register',
        { category, businesses: batch },
        { idempotencyKey: `${run}-${start}` },
      );
      if (result.ok) {
        registered += result.data.registered;
        failed += result.data.failed;
      } else failed += batch.length;
      setProgress({ done: Math.min(start + CHUNK, chosen.length), total: chosen.length });
    }
    setProgress(null);
    const description = `Successfully registered ${registered} businesses. ${failed} failed.`;
    if (failed > 0) toast.error('Bulk Registration Complete', { description });
    else toast.success('Bulk Registration Complete', { description });
    if (registered > 0) setRows([]);
  }

  const selectedCount = rows.filter((r) => r.selected).length;
  return (
    <section className="bulk">
      <h1>Bulk Import</h1>
      <p className="notice bulk-banner" role="status">
        {!provider
          ? 'Checking the places search...'
          : provider.provider === 'google_places'
            ? 'Places search: Google Places (Text Search). New businesses are saved as pending for review.'
            : `No Google Places API key is configured: searching OpenStreetMap instead (${provider.attribution ?? '© OpenStreetMap contributors'}). New businesses are saved as pending for review.`}
      </p>
      <form
        className="card form-card"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <div className="form-grid">
          <label className="field" htmlFor="bulk-query">
            <span>Search for</span>
            <input
              id="bulk-query"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="e.g. mechanic, Toyota, tyres"
              maxLength={120}
            />
          </label>
          <label className="field" htmlFor="bulk-location">
            <span>Location</span>
            <input
              id="bulk-location"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
              maxLength={120}
            />
          </label>
          <label className="field" htmlFor="bulk-category">
            <span>Category</span>
            <select
              id="bulk-category"
              value={category}
              onChange={(e) => setCategory(e.target.value as ServiceCategory)}
            >
              {SERVICE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        </div>
        <button type="submit" className="btn" disabled={!query.trim() || searching}>
          {searching ? 'Searching...' : 'Search'}
        </button>
      </form>

      {rows.length > 0 && (
        <section className="section" aria-labelledby="bulk-results">
          <div className="section-head">
            <h2 id="bulk-results">
              Results ({selectedCount} of {rows.length} selected)
            </h2>
            <div className="admin-actions">
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => setRows(rows.map((r) => ({ ...r, selected: true })))}
              >
                Select All
              </button>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => setRows(rows.map((r) => ({ ...r, selected: false })))}
              >
                Deselect All
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => void registerSelected()}
                disabled={progress !== null}
              >
                Register Selected
              </button>
            </div>
          </div>
          {progress && (
            <div role="status" className="progress-wrap">
              <p className="small">
                Registering {progress.done} of {progress.total}...
              </p>
              <progress
                max={progress.total}
                value={progress.done}
                aria-label="Registering businesses"
              />
            </div>
          )}
          <ul className="inbox-list">
            {rows.map((row, index) => (
              <li
                key={`${row.source}:${row.source_id}`}
                className={`card bulk-row${row.duplicate ? ' duplicate' : ''}`}
              >
                <label className="checkbox" htmlFor={`bulk-${index}`}>
                  <input
                    id={`bulk-${index}`}
                    type="checkbox"
                    checked={row.selected}
                    onChange={(e) =>
                      setRows(
                        rows.map((r, i) =>
                          i === index ? { ...r, selected: e.target.checked } : r,
                        ),
                      )
                    }
                  />
                  <span>
                    <strong>{row.name}</strong>
                  </span>
                </label>
                <p className="small">{row.address ?? 'No address'}</p>
                <p className="small muted">
                  {row.phone ?? 'No phone'} ·{' '}
                  {row.website ? (
                    <a href={row.website} target="_blank" rel="noopener nofollow">
                      {row.website}
                    </a>
                  ) : (
                    'No website'
                  )}{' '}
                  ·{' '}
                  {row.rating !== null
                    ? `${row.rating} ★ (${row.reviews ?? 0} reviews)`
                    : 'No rating'}
                </p>
                {row.duplicate && (
                  <p className="small pending-note">
                    Possible duplicate of "{row.duplicate.business_name}" ({row.duplicate.reason})
                  </p>
                )}
              </li>
            ))}
          </ul>
          {provider?.attribution && (
            <p className="small muted">Data {provider.attribution}, ODbL.</p>
          )}
        </section>
      )}
      <PageToaster />
    </section>
  );
}
