import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { apiGet } from '../../browser/api-client';
import {
  ADMIN_INSIGHT_DAYS,
  type FewResultSearchesResponse,
  SITE_FIGURE_LABELS,
  type SiteFigure,
  type SiteInsightsResponse,
  type TopAreasResponse,
  type TopListingsResponse,
} from '../../../common/schemas/insights';
import { EmptyState } from '../ui/EmptyState';
import { ListPager } from './ListPager';
import { ADMIN_LIMIT, usePagedList } from './data';

const FIGURES = Object.keys(SITE_FIGURE_LABELS) as SiteFigure[];
const number = (n: number) => n.toLocaleString('en-NG');

/** The site's figures per day of the last 30 days, newest first, with the period's totals. */
function SiteFigures() {
  const [data, setData] = useState<SiteInsightsResponse | null>(null);
  useEffect(() => {
    void apiGet<SiteInsightsResponse>('/api/admin/insights').then((result) => {
      if (result.ok) setData(result.data);
      else toast.error('Failed to load insights', { description: result.error.message });
    });
  }, []);
  if (!data) return <p className="status-text">Loading insights...</p>;
  return (
    <div className="insights-table-wrap" tabIndex={0} role="region" aria-label="Figures per day">
      <table className="change-table insights-table">
        <caption>
          {data.from} to {data.to} (days in Lagos)
        </caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {FIGURES.map((figure) => (
              <th scope="col" key={figure}>
                {SITE_FIGURE_LABELS[figure]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Total</th>
            {FIGURES.map((figure) => (
              <td key={figure}>
                <strong>{number(data.totals[figure])}</strong>
              </td>
            ))}
          </tr>
          {[...data.daily].reverse().map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.day}</th>
              {FIGURES.map((figure) => (
                <td key={figure}>{number(day[figure])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The most visited listings of the period, paged. */
function TopListings() {
  const list = usePagedList(
    '/api/admin/insights/listings',
    (r: TopListingsResponse) => r.listings,
    { limit: ADMIN_LIMIT },
    'Failed to load the top listings',
  );
  if (!list.rows) return <p className="status-text">Loading listings...</p>;
  if (list.rows.length === 0) return <EmptyState title="No visits counted yet" />;
  return (
    <>
      <ol className="insights-list">
        {list.rows.map((listing) => (
          <li key={listing.id}>
            {listing.slug ? (
              <a href={`/business/${listing.slug}/`}>{listing.name}</a>
            ) : (
              listing.name
            )}
            {listing.area && <span className="muted"> · {listing.area}</span>}
            <span className="small muted">
              {' '}
              — {number(listing.visits)} visits, {number(listing.contactReveals)} contact reveals,{' '}
              {number(listing.taps)} taps
            </span>
          </li>
        ))}
      </ol>
      <ListPager list={list} label="Top listing pages" />
    </>
  );
}

/** The areas whose listings were visited most in the period, paged. */
function TopAreas() {
  const list = usePagedList(
    '/api/admin/insights/areas',
    (r: TopAreasResponse) => r.areas,
    { limit: ADMIN_LIMIT },
    'Failed to load the top areas',
  );
  if (!list.rows) return <p className="status-text">Loading areas...</p>;
  if (list.rows.length === 0) return <EmptyState title="No visits counted yet" />;
  return (
    <>
      <ol className="insights-list">
        {list.rows.map((area) => (
          <li key={area.area}>
            {area.area}
            <span className="small muted">
              {' '}
              — {number(area.visits)} visits to {number(area.listings)}{' '}
              {area.listings === 1 ? 'listing' : 'listings'}
            </span>
          </li>
        ))}
      </ol>
      <ListPager list={list} label="Top area pages" />
    </>
  );
}

/** Searches whose last result count was 0–3 in the period, most searched first, paged. */
function FewResultSearches() {
  const list = usePagedList(
    '/api/admin/insights/searches',
    (r: FewResultSearchesResponse) => r.searches,
    { limit: ADMIN_LIMIT },
    'Failed to load the searches',
  );
  if (!list.rows) return <p className="status-text">Loading searches...</p>;
  if (list.rows.length === 0)
    return <EmptyState title="No searches with no or few results in these 30 days" />;
  return (
    <>
      <div className="insights-table-wrap" tabIndex={0} role="region" aria-label="Searches">
        <table className="change-table insights-table" data-testid="few-result-searches">
          <thead>
            <tr>
              <th scope="col">Search</th>
              <th scope="col">Area</th>
              <th scope="col">Category</th>
              <th scope="col">Times searched</th>
              <th scope="col">Results</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((search) => (
              <tr key={`${search.query} ${search.area} ${search.category}`}>
                <td>{search.query}</td>
                <td>{search.area || 'All of Lagos'}</td>
                <td>{search.category || 'All'}</td>
                <td>{number(search.searches)}</td>
                <td>{number(search.results)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPager list={list} label="Search pages" />
    </>
  );
}

/**
 * The Insights tab (issue 27.5, ADR 044): what the site earned over the last 30 days and what
 * motorists looked for and did not find. Counts only; nothing personal.
 */
export function InsightsPanel() {
  return (
    <section className="insights-panel">
      <div className="section-head">
        <div>
          <h2>Insights</h2>
          <p className="small muted">
            The last {ADMIN_INSIGHT_DAYS} days: visits to business pages, searches, contact reveals
            and forms sent
          </p>
        </div>
      </div>
      <SiteFigures />
      <h3>Searches with no or few results</h3>
      <p className="small muted">
        What motorists looked for and did not find: businesses to import next.
      </p>
      <FewResultSearches />
      <h3>Top listings</h3>
      <TopListings />
      <h3>Top areas</h3>
      <TopAreas />
    </section>
  );
}
