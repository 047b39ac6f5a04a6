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
 * Five stars with half stars (SPEC §4 star_rating), drawn by CSS from one background image
 * (`.stars-bar` in global.css). The stars are decoration; the value is text ("4.5", read as
 * "Rated 4.5 out of 5"), so no role or label is needed and the digits keep their contrast.
 */
export function StarRating({ rating }: { rating: number }) {
  const value = starValue(rating);
  return (
    <span className="stars">
      <span className={`stars-bar stars-${value * 2}`} aria-hidden="true" />
      <span className="stars-value">
        <span className="visually-hidden">Rated </span>
        {value.toFixed(1)}
        <span className="visually-hidden"> out of 5</span>
      </span>
    </span>
  );
}
