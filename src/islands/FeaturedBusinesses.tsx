import type { PublicBusiness } from '../schemas/directory';
import { BusinessList } from './directory/BusinessList';
import { useLiveList } from './directory/useLiveList';

/** Featured Businesses on the home page: pre-rendered, then kept fresh (SPEC §9 refetch). */
export default function FeaturedBusinesses({ initial }: { initial: PublicBusiness[] }) {
  const businesses = useLiveList('/api/directory/featured', {}, initial);
  if (businesses.length === 0) {
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
  return <BusinessList businesses={businesses} featuredBadges />;
}
