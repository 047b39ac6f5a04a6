import { Star } from 'lucide-react';

/** Five stars with half stars (SPEC §4 star_rating 0–5 in half steps). */
export function StarRating({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, Math.round(rating * 2) / 2));
  return (
    <span className="stars" role="img" aria-label={`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) =>
        value >= n ? (
          <Star key={n} size={16} className="star star-full" aria-hidden="true" />
        ) : value >= n - 0.5 ? (
          <span key={n} className="star-half" aria-hidden="true">
            <Star size={16} className="star star-empty" />
            <span className="star-half-fill">
              <Star size={16} className="star star-full" />
            </span>
          </span>
        ) : (
          <Star key={n} size={16} className="star star-empty" aria-hidden="true" />
        ),
      )}
      <span className="stars-value">{value.toFixed(1)}</span>
    </span>
  );
}
