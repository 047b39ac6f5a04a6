import { starValue, verificationBadge } from '../../schemas/listing';
import { Icon } from './Icon';

/** SPEC §4: Verified, Verification Pending, Not Verified; any other value shows nothing. */
export function VerificationBadge({ status }: { status: string }) {
  const label = verificationBadge(status);
  if (!label) return null;
  if (status === 'verified') {
    return (
      <span className="badge badge-verified">
        <Icon name="badge-check" size={14} /> {label}
      </span>
    );
  }
  if (status === 'verification_pending') {
    return (
      <span className="badge badge-pending">
        <Icon name="clock" size={14} /> {label}
      </span>
    );
  }
  return <span className="badge">{label}</span>;
}

export function SampleBadge({ show }: { show: boolean }) {
  return show ? <span className="badge badge-sample">Sample listing</span> : null;
}

/** ODbL attribution for listings built from OpenStreetMap. */
export function OsmAttribution({ source }: { source: string | null }) {
  if (source !== 'openstreetmap') return null;
  return (
    <p className="small muted osm-attribution">
      Data:{' '}
      <a href="https://www.openstreetmap.org/copyright" rel="noopener">
        © OpenStreetMap contributors
      </a>
    </p>
  );
}

/**
 * Five stars with half stars (SPEC §4 star_rating, 0–5 in half steps), drawn by CSS from one
 * background image (`.stars-bar` in global.css) rather than five drawings per card. The stars and
 * the digits are read as one image: "Rated 4.5 out of 5".
 */
export function StarRating({ rating }: { rating: number }) {
  const value = starValue(rating);
  return (
    <span className="stars" role="img" aria-label={`Rated ${value} out of 5`}>
      <span className={`stars-bar stars-${value * 2}`} />
      <span className="stars-value">{value.toFixed(1)}</span>
    </span>
  );
}
