import type { BusinessCardData } from '../../../common/schemas/listing';
import { BusinessList } from './BusinessList';
import { useLiveList } from './useLiveList';

/** One page of /featured/: server-rendered cards, kept fresh like every list (SPEC §9). */
export default function FeaturedList({
  initial,
  page,
}: {
  initial: BusinessCardData[];
  page: number;
}) {
  const live = useLiveList('/api/directory/featured', { page }, initial);
  if (live.businesses.length === 0) {
    return (
      <div className="empty">
        <h2>No Featured Businesses Yet</h2>
        <a className="btn" href="/register">
          List Your Business
        </a>
      </div>
    );
  }
  return <BusinessList businesses={live.businesses} featuredBadges />;
}
