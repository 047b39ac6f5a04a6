import { useEffect, useId, useRef } from 'react';
import { locationLine, type BusinessCardData } from '../../../common/schemas/listing';
import { calloutText, responseText, coverageText } from '../../../common/schemas/listing-lines';
import { ClaimLink } from './ClaimLink';
import {
  OsmAttribution,
  PhoneConfirmedBadge,
  ReviewsAverage,
  SampleBadge,
  StarRating,
  VerificationBadge,
} from '../shared/Badges';
import { ContactDetails } from './ContactDetails';
import { Icon } from '../shared/Icon';
import { OpenState, RoadsideBadges } from '../shared/OpenState';
import ReportListing from './ReportListing';
import { safeWebUrl } from '../../../common/schemas/web-url';

interface Props {
  business: BusinessCardData | null;
  onClose: () => void;
}

/**
 * The detail dialog of SPEC §2, a native modal `<dialog>`: the browser traps focus, makes the
 * page behind it inert, closes it on Escape and returns focus to the card's button; a click on
 * the backdrop closes it too. Open while `business` is set; `onClose` runs however it closes.
 */
/**
 * An area's name from its slug (`victoria-island` → "Victoria Island"), without the area list:
 * the dialog is on every category page's first visit, whose bytes are budgeted (issue 13.2).
 */
function areaTitle(slug: string): string {
  return slug.replace(
    /(^|-)(\w)/g,
    (_, dash: string, c: string) => (dash ? ' ' : '') + c.toUpperCase(),
  );
}

export function BusinessDialog({ business, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const website = safeWebUrl(business?.website);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (business && !dialog.open) dialog.showModal();
    else if (!business && dialog.open) dialog.close();
  }, [business]);

  return (
    <dialog
      ref={ref}
      className="dialog-content business-dialog"
      aria-labelledby={titleId}
      data-listing-id={business?.id}
      onClose={onClose}
      onClick={(event) => {
        // The dialog box itself is padded by .dialog-body: a click on the dialog element is
        // a click on its backdrop.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      {business && (
        <div className="dialog-body">
          <div className="dialog-head">
            <div>
              <h2 className="dialog-title" id={titleId}>
                {business.business_name}
              </h2>
              <p className="small card-type">{business.business_type}</p>
            </div>
            <button
              type="button"
              className="icon-button"
              aria-label="Close"
              onClick={() => ref.current?.close()}
            >
              <Icon name="x" size={20} />
            </button>
          </div>
          <p className="small muted card-meta">
            <Icon name="map-pin" size={14} /> {locationLine(business) || 'Lagos'}
          </p>
          <div className="card-badges">
            <StarRating rating={business.star_rating} labelled={business.review_count > 0} />
            <ReviewsAverage average={business.review_average} count={business.review_count} />
            <VerificationBadge
              status={business.verification_status}
              explain={{ checks: business.verification_checks, verifiedAt: business.verified_at }}
              phoneConfirmedAt={business.phone_confirmed_at}
            />
            <PhoneConfirmedBadge
              status={business.verification_status}
              at={business.phone_confirmed_at}
              explain
            />
            <SampleBadge show={business.is_sample} />
          </div>
          <OpenState hours={business.opening_hours} open24={business.open_24_hours} />
          <RoadsideBadges
            comesToYou={coverageText(business, areaTitle)}
            callout={calloutText(business)}
          />
          {responseText(business) && <p className="small">{responseText(business)}</p>}
          <ClaimLink business={business} />
          {business.description && (
            <section>
              <h3>About</h3>
              <p>{business.description}</p>
            </section>
          )}
          {business.services && (
            <section>
              <h3>Services Offered</h3>
              <p>{business.services}</p>
            </section>
          )}
          {business.tags.length > 0 && (
            <section>
              <h3>Specialties</h3>
              <ul className="tags">
                {business.tags.map((tag) => (
                  <li key={tag} className="badge">
                    {tag}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {website && (
            <section>
              <h3>Website</h3>
              <a href={website} target="_blank" rel="noopener nofollow" data-beacon="website_tap">
                <Icon name="globe" size={14} /> Visit Website
              </a>
            </section>
          )}
          <section>
            <h3>Contact Information</h3>
            <ContactDetails business={business} />
          </section>
          <OsmAttribution source={business.source} />
          <ReportListing
            key={business.id}
            listingId={business.id}
            businessName={business.business_name}
            slug={business.slug}
          />
          {business.slug && (
            <p>
              <a href={`/business/${business.slug}/`}>Open the business page</a>
            </p>
          )}
        </div>
      )}
    </dialog>
  );
}
