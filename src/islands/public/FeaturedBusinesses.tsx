import type { BusinessCardData } from '../../../common/schemas/listing';
import { BusinessList } from './BusinessList';
import { useLiveList } from './useLiveList';

interface Props {
  /** The first featured businesses, as the server rendered them. */
  initial: BusinessCardData[];
  /** Featured businesses in all. */
  total: number;
  /** How many the home page shows; the rest are on /featured/. */
  limit: number;
}

/** Featured Businesses on the home page: server-rendered, then kept fresh (SPEC §9 refetch). */
export default function FeaturedBusinesses({ initial, total, limit }: Props) {
  const live = useLiveList('/api/directory/featured', { limit }, initial, total);
  if (live.businesses.length === 0) {
    return (
      <div className="empty">
        <h3>No Featured Businesses Yet</h3>
        <p className="muted">Featured businesses will appear here.</p>
        <a className="btn" href="/register">
          List Your Business
        </a>
      </div>
    );
  }
  return (
    <>
      <BusinessList businesses={live.businesses} featuredBadges />
      {live.total > live.businesses.length && (
        <p className="view-all">
          <a className="btn btn-outline" href="/featured/">
            See all {live.total} featured businesses
          </a>
        </p>
      )}
    </>
  );
}
