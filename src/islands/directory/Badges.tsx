import { Icon } from '../Icon';
import { verificationBadge } from '../../schemas/directory';

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
