import { locationLine, type BusinessCardData } from '../../../common/schemas/listing';
import { calloutText, responseText } from '../../../common/schemas/listing-lines';
import {
  OsmAttribution,
  PhoneConfirmedBadge,
  ReviewsAverage,
  SampleBadge,
  StarRating,
  VerificationBadge,
} from '../shared/Badges';
import { Icon } from '../shared/Icon';
import { OpenState, RoadsideBadges } from '../shared/OpenState';
import { safeWebUrl } from '../../../common/schemas/web-url';

/**
 * The cover's width on the page (src/styles/listing.css): a 104 px thumbnail above the name on a
 * phone (so the 320 px variant, even at 3× density: 24 covers stay within issue 26.4's 300 KB),
 * the card's width (≤ 400 px, a grid column) elsewhere (ADR 043).
 */
const COVER_SIZES = '(max-width: 640px) 104px, 400px';

/** Tags shown on a card before "+N" (SPEC §9). */
export const CARD_TAG_LIMIT = 3;

interface Props {
  business: BusinessCardData;
  /** Opens the detail dialog; absent on pages where cards are not clickable (workshops). */
  onOpen?: ((business: BusinessCardData) => void) | undefined;
  featuredBadge?: boolean;
  /** A line under the location, e.g. the near-me distance (issue 16.5). */
  note?: string | undefined;
}

/** The business card of SPEC §2. */
export function BusinessCard({ business, onOpen, featuredBadge = false, note }: Props) {
  const shown = business.tags.slice(0, CARD_TAG_LIMIT);
  const more = business.tags.length - shown.length;
  const open = onOpen ? () => onOpen(business) : undefined;
  const website = safeWebUrl(business.website);
  return (
    <article
      className={`card business-card${open ? ' clickable' : ''}`}
      onClick={open}
      data-listing-id={business.id}
      data-beacon={open ? 'detail_open' : undefined}
    >
      {business.cover && (
        // The cover photo (issue 26.4): lazy, sized so nothing shifts; the name is in the heading.
        // With Save-Data, CSS shows the smallest AVIF alone instead (ADR 043).
        <picture className="card-cover">
          <source type="image/avif" srcSet={business.cover.avif} sizes={COVER_SIZES} />
          <source type="image/webp" srcSet={business.cover.webp} sizes={COVER_SIZES} />
          <img
            src={business.cover.src}
            srcSet={business.cover.jpeg}
            sizes={COVER_SIZES}
            width={business.cover.width}
            height={business.cover.height}
            alt=""
            loading="lazy"
            decoding="async"
          />
        </picture>
      )}
      {business.cover && (
        // Only Chromium has Save-Data (navigator.connection): AVIF, its smallest, is safe here.
        <img
          className="card-cover-lite"
          src={business.cover.avif.split(' ')[0]}
          width={business.cover.width}
          height={business.cover.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="card-badges">
        {featuredBadge && (
          <span className="badge badge-brand">
            <Icon name="star" size={12} /> FEATURED
          </span>
        )}
        <VerificationBadge
          status={business.verification_status}
          phoneConfirmedAt={business.phone_confirmed_at}
        />
        <PhoneConfirmedBadge
          status={business.verification_status}
          at={business.phone_confirmed_at}
        />
        <SampleBadge show={business.is_sample} />
      </div>
      <h3>
        {business.slug ? (
          <a
            className="card-title-link"
            href={`/business/${business.slug}/`}
            onClick={(event) => event.stopPropagation()}
          >
            {business.business_name}
          </a>
        ) : (
          business.business_name
        )}
      </h3>
      <p className="small muted card-meta">
        <Icon name="map-pin" size={14} /> {locationLine(business) || 'Lagos'}
      </p>
      {note && <p className="small card-distance">{note}</p>}
      <p className="small card-type">{business.business_type}</p>
      <OpenState hours={business.opening_hours} open24={business.open_24_hours} />
      <RoadsideBadges
        comesToYou={business.comes_to_you ? 'Comes to you' : null}
        callout={calloutText(business)}
      />
      {responseText(business) && <p className="small card-response">{responseText(business)}</p>}
      {/* With reviews, both ratings are labelled apart (issue 24.5, ADR 034 §1). */}
      <StarRating rating={business.star_rating} labelled={business.review_count > 0} />
      <ReviewsAverage average={business.review_average} count={business.review_count} />
      {business.description && <p className="card-description">{business.description}</p>}
      {shown.length > 0 && (
        <ul className="tags" aria-label="Tags">
          {shown.map((tag) => (
            <li key={tag} className="badge">
              {tag}
            </li>
          ))}
          {more > 0 && <li className="badge">+{more}</li>}
        </ul>
      )}
      {business.services && (
        <p className="small">
          <strong>Services:</strong> {business.services}
        </p>
      )}
      <OsmAttribution source={business.source} />
      <div className="card-actions">
        {website && (
          <a
            className="btn-link"
            href={website}
            target="_blank"
            rel="noopener nofollow"
            data-beacon="website_tap"
            onClick={(event) => event.stopPropagation()}
          >
            <Icon name="globe" size={14} /> Visit Website
          </a>
        )}
        {open && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={(event) => {
              event.stopPropagation();
              open();
            }}
          >
            View Details
          </button>
        )}
      </div>
    </article>
  );
}
