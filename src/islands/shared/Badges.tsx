import { starValue, verificationBadge } from '../../../common/schemas/listing';
import {
  DIRECTORY_RATING_LABEL,
  REVIEWS_AVERAGE_LABEL,
  phoneConfirmedText,
  reviewCountText,
  verificationText,
} from '../../../common/schemas/review-rules';
import { Icon } from './Icon';

/**
 * SPEC §4: Verified, Verification Pending, Not Verified; any other value shows nothing. With
 * `explain` (the detail dialog), Verified opens what was checked and when (issue 24.6), with the
 * day the owner confirmed the phone (issue 37.5); on a card, that day is the badge's tooltip.
 */
export function VerificationBadge({
  status,
  explain,
  phoneConfirmedAt,
}: {
  status: string;
  explain?: { checks: readonly string[]; verifiedAt: string | null } | undefined;
  phoneConfirmedAt?: string | null | undefined;
}) {
  const label = verificationBadge(status);
  if (!label) return null;
  if (status === 'verified' && explain) {
    return (
      <details className="verified-details">
        <summary className="badge badge-verified">
          <Icon name="badge-check" size={14} /> {label}
        </summary>
        <p className="small">
          {verificationText(explain.checks, explain.verifiedAt, phoneConfirmedAt)}
        </p>
      </details>
    );
  }
  if (status === 'verified') {
    return (
      <span
        className="badge badge-verified"
        title={phoneConfirmedAt ? phoneConfirmedText(phoneConfirmedAt) : undefined}
      >
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

/**
 * "Phone confirmed" beside a listing that is not Verified (a Verified badge carries the day
 * itself), as on the business page (issue 37.5, ADR 075). With `explain` (the detail dialog) it
 * opens "Phone confirmed on …"; on a card that is its tooltip, no script and a few bytes.
 */
export function PhoneConfirmedBadge({
  status,
  at,
  explain = false,
}: {
  status: string;
  at: string | null | undefined;
  explain?: boolean;
}) {
  if (!at || status === 'verified') return null;
  if (explain) {
    return (
      <details className="verified-details">
        <summary className="badge badge-verified">Phone confirmed</summary>
        <p className="small">{phoneConfirmedText(at)}</p>
      </details>
    );
  }
  return (
    <span className="badge badge-verified" title={phoneConfirmedText(at)}>
      Phone confirmed
    </span>
  );
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
export function StarRating({ rating, labelled = false }: { rating: number; labelled?: boolean }) {
  const value = starValue(rating);
  const name = labelled
    ? `${DIRECTORY_RATING_LABEL}: ${value} out of 5`
    : `Rated ${value} out of 5`;
  return (
    <span className="stars" role="img" aria-label={name}>
      {labelled && <span className="rating-label">{DIRECTORY_RATING_LABEL}</span>}
      <span className={`stars-bar stars-${value * 2}`} />
      <span className="stars-value">{value.toFixed(1)}</span>
    </span>
  );
}

/**
 * The motorists' average and count (issue 24.2), labelled apart from the directory's own rating
 * (visibly and in the accessible name: "Motorists' average: 4.3 out of 5, 27 reviews"); nothing
 * without reviews.
 */
export function ReviewsAverage({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) return null;
  const value = average.toFixed(1);
  return (
    <span
      className="stars"
      role="img"
      aria-label={`${REVIEWS_AVERAGE_LABEL}: ${value} out of 5, ${reviewCountText(count)}`}
    >
      <span className="rating-label">{REVIEWS_AVERAGE_LABEL}</span>
      <span className={`stars-bar stars-${Math.round(average * 2)}`} />
      <span className="stars-value">
        {value} ({reviewCountText(count)})
      </span>
    </span>
  );
}
