import { type ReactNode, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { apiGet } from '../../browser/api-client';
import type { PageInfo } from '../../../common/schemas/api';
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
import { TEACH_PARAM } from './SearchWordsPanel';
import { SectionHead } from './SectionHead';

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

/** One paged list of the tab: its endpoint, its rows, and what it shows while loading or empty. */
function PagedSection<R extends PageInfo, T>(props: {
  path: string;
  pick: (response: R) => T[];
  /** The toast title when a page fails to load. */
  failure: string;
  loading: string;
  empty: string;
  /** The pager's accessible name. */
  label: string;
  children: (rows: T[]) => ReactNode;
}) {
  const list = usePagedList(props.path, props.pick, { limit: ADMIN_LIMIT }, props.failure);
  if (!list.rows) return <p className="status-text">{props.loading}</p>;
  if (list.rows.length === 0) return <EmptyState title={props.empty} />;
  return (
    <>
      {props.children(list.rows)}
      <ListPager list={list} label={props.label} />
    </>
  );
}

/** The most visited listings of the period, paged. */
const TopListings = () => (
  <PagedSection
    path="/api/admin/insights/listings"
    pick={(r: TopListingsResponse) => r.listings}
    failure="Failed to load the top listings"
    loading="Loading listings..."
    empty="No visits counted yet"
    label="Top listing pages"
  >
    {(rows) => (
      <ol className="insights-list">
        {rows.map((listing) => (
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
    )}
  </PagedSection>
);

/** The areas whose listings were visited most in the period, paged. */
const TopAreas = () => (
  <PagedSection
    path="/api/admin/insights/areas"
    pick={(r: TopAreasResponse) => r.areas}
    failure="Failed to load the top areas"
    loading="Loading areas..."
    empty="No visits counted yet"
    label="Top area pages"
  >
    {(rows) => (
      <ol className="insights-list">
        {rows.map((area) => (
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
    )}
  </PagedSection>
);

/** The Search words tab, pre-filled with a failed query (issue 35.7). */
const teachHref = (query: string) =>
  `/admin/?${new URLSearchParams({ tab: 'search-words', [TEACH_PARAM]: query }).toString()}`;

/** Searches whose last result count was 0–3 in the period, most searched first, paged. */
const FewResultSearches = () => (
  <PagedSection
    path="/api/admin/insights/searches"
    pick={(r: FewResultSearchesResponse) => r.searches}
    failure="Failed to load the searches"
    loading="Loading searches..."
    empty="No searches with no or few results in these 30 days"
    label="Search pages"
  >
    {(rows) => (
      <div className="insights-table-wrap" tabIndex={0} role="region" aria-label="Searches">
        <table className="change-table insights-table" data-testid="few-result-searches">
          <thead>
            <tr>
              <th scope="col">Search</th>
              <th scope="col">Area</th>
              <th scope="col">Category</th>
              <th scope="col">Times searched</th>
              <th scope="col">Results</th>
              <th scope="col">
                <span className="visually-hidden">Teach search</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((search) => (
              <tr key={`${search.query} ${search.area} ${search.category}`}>
                <td>{search.query}</td>
                <td>{search.area || 'All of Lagos'}</td>
                <td>{search.category || 'All'}</td>
                <td>{number(search.searches)}</td>
                <td>{number(search.results)}</td>
                <td>
                  <a href={teachHref(search.query)}>Teach search this word</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )}
  </PagedSection>
);

/**
 * The Insights tab (issue 27.5, ADR 044): what the site earned over the last 30 days and what
 * motorists looked for and did not find. Counts only; nothing personal.
 */
export function InsightsPanel() {
  return (
    <section className="insights-panel">
      <SectionHead
        title="Insights"
        subtitle={`The last ${ADMIN_INSIGHT_DAYS} days: visits to business pages, searches, contact reveals and forms sent`}
      />
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
