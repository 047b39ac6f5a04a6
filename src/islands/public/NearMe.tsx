import { useEffect, useRef, useState } from 'react';
import { apiGet } from '../../browser/api-client';
import type { CategoryPageKey } from '../../../common/schemas/categories';
import {
  distanceLabel,
  type NearbyBusiness,
  type NearbyPage,
  OUTSIDE_LAGOS_MESSAGE,
} from '../../../common/schemas/distance';
import type { BusinessCardData } from '../../../common/schemas/listing';
import { BusinessList } from './BusinessList';
import { LoadMoreButton } from './SearchResults';

interface Props {
  category: CategoryPageKey;
  /** The area page's slug: near me stays inside the area. */
  area?: string | undefined;
  interactive: boolean;
}

/** Elements of the category page the near-me list stands in for while it is shown. */
const REPLACED_IDS = ['listings', 'category-pagination'];

/** Decimal places of the position sent (3: about 110 m; the position is not sent more exactly). */
const SENT_DECIMALS = 3;

type Status = 'idle' | 'locating' | 'loading' | 'done' | 'error';

const DENIED = 'Location access was not allowed. You can still choose an area above.';
/** Shown while the browser asks for the position (the button's press is the only trigger). */
const PRIVACY_NOTE =
  'We ask your browser for your location only when you press Near me, and keep it nowhere.';
const UNAVAILABLE = "We couldn't find your location. Please try again.";
const FAILED = 'There was a problem loading nearby businesses. Please try again.';

/**
 * "Near me" on a category page (issue 16.5, ADR 020): a button in the page's Area row and, under
 * that row, the panel it fills (ADR 031: the island renders both, side by side in the row's
 * flow). On a press of the button, and only then, it asks the
 * browser for the visitor's position, sends it rounded to ~110 m with the category (and area) to
 * `GET /api/directory/near`, and shows the listings nearest first with their distance, paged by
 * "Load more results". Nothing is stored: the position lives in this component's state only.
 * While shown, the list replaces the category grid and its page links ("Show all listings" puts
 * them back).
 */
export default function NearMe({ category, area, interactive }: Props) {
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const [results, setResults] = useState<NearbyBusiness[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const position = useRef<{ lat: number; lng: number } | null>(null);
  const shown = status === 'done';

  useEffect(() => {
    for (const id of REPLACED_IDS) {
      const element = document.getElementById(id);
      if (element) element.hidden = shown;
    }
  }, [shown]);

  const fetchPage = async (after?: string) => {
    const at = position.current!;
    return apiGet<NearbyPage>('/api/directory/near', {
      lat: at.lat,
      lng: at.lng,
      category,
      area,
      cursor: after,
    });
  };

  const load = async () => {
    setStatus('loading');
    const result = await fetchPage();
    if (!result.ok) {
      setStatus('error');
      setMessage(result.error.code === 'VALIDATION_FAILED' ? OUTSIDE_LAGOS_MESSAGE : FAILED);
      return;
    }
    setResults(result.data.businesses);
    setCursor(result.data.nextCursor);
    setStatus('done');
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setStatus('error');
      setMessage(UNAVAILABLE);
      return;
    }
    setStatus('locating');
    setMessage('');
    navigator.geolocation.getCurrentPosition(
      (found) => {
        const round = (n: number) => Number(n.toFixed(SENT_DECIMALS));
        position.current = {
          lat: round(found.coords.latitude),
          lng: round(found.coords.longitude),
        };
        void load();
      },
      (error) => {
        setStatus('error');
        setMessage(error.code === error.PERMISSION_DENIED ? DENIED : UNAVAILABLE);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    const result = await fetchPage(cursor);
    setLoadingMore(false);
    if (result.ok) {
      setResults((current) => [...current, ...result.data.businesses]);
      setCursor(result.data.nextCursor);
    } else {
      setMessage(FAILED);
    }
  };

  const close = () => {
    setMessage('');
    setStatus('idle');
    setResults([]);
    setCursor(null);
    position.current = null;
  };

  const distances = new Map(
    results.map((b) => [b.id, distanceLabel(b.distance_km, b.distance_from_area)]),
  );
  const busy = status === 'locating' || status === 'loading';

  return (
    <>
      <button
        type="button"
        className="btn btn-outline near-me-button"
        onClick={status === 'idle' ? locate : close}
        disabled={busy}
        aria-expanded={status !== 'idle'}
        aria-controls="near-me"
        aria-label="Near me: sort by distance from me"
      >
        Near me
      </button>
      <section
        className="near-me"
        id="near-me"
        aria-labelledby="near-me-title"
        hidden={status === 'idle'}
      >
        {shown && (
          <div className="near-me-bar">
            <h2 id="near-me-title" className="near-me-title">
              Nearest to you
            </h2>
            <button type="button" className="btn btn-outline" onClick={close}>
              Show all listings
            </button>
          </div>
        )}
        {!shown && (
          <h2 id="near-me-title" className="visually-hidden">
            Near me
          </h2>
        )}
        <div aria-live="polite">
          {busy && (
            <>
              <p className="status-text">
                {status === 'locating' ? 'Finding your location...' : 'Loading...'}
              </p>
              <p className="small muted">{PRIVACY_NOTE}</p>
            </>
          )}
          {message && <p className="status-text">{message}</p>}
          {shown &&
            (results.length === 0 ? (
              <div className="empty">
                <h3>No businesses found near you.</h3>
              </div>
            ) : (
              <>
                <p className="small muted">
                  Straight-line distances. Listings without a public location are measured from the
                  centre of their area.
                </p>
                <BusinessList
                  businesses={results}
                  interactive={interactive}
                  noteFor={(b: BusinessCardData) => distances.get(b.id)}
                />
                {cursor && <LoadMoreButton loading={loadingMore} onPress={loadMore} />}
              </>
            ))}
        </div>
      </section>
    </>
  );
}
