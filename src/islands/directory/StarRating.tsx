/**
 * Five stars with half stars (SPEC §4 star_rating 0–5 in half steps), drawn by CSS from one
 * background image (`.stars-bar` in global.css) rather than five inline drawings per card.
 * The value is read as one image: "Rated 4.5 out of 5".
 */
export function StarRating({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, Math.round(rating * 2) / 2));
  return (
    <span className="stars" role="img" aria-label={`Rated ${value} out of 5`}>
      <span className={`stars-bar stars-${value * 2}`} />
      <span className="stars-value">{value.toFixed(1)}</span>
    </span>
  );
}
