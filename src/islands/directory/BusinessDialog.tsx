import { Icon } from '../Icon';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogHead } from '../DialogHead';
import { locationLine, type BusinessCardData } from '../../schemas/directory';
import { safeWebUrl } from '../../schemas/url';
import { OsmAttribution, SampleBadge, VerificationBadge } from './Badges';
import { ContactDetails } from './ContactDetails';
import { StarRating } from './StarRating';

interface Props {
  business: BusinessCardData | null;
  onClose: () => void;
}

/** The detail dialog of SPEC §2 (Radix Dialog: focus trap, Escape, labelled title). */
export function BusinessDialog({ business, onClose }: Props) {
  return (
    <Dialog.Root open={business !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content" aria-describedby={undefined}>
          {business && (
            <>
              <DialogHead title={business.business_name}>
                <p className="small card-type">{business.business_type}</p>
              </DialogHead>
              <p className="small muted card-meta">
                <Icon name="map-pin" size={14} /> {locationLine(business) || 'Lagos'}
              </p>
              <div className="card-badges">
                <StarRating rating={business.star_rating} />
                <VerificationBadge status={business.verification_status} />
                <SampleBadge show={business.is_sample} />
              </div>
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
              {safeWebUrl(business.website) && (
                <section>
                  <h3>Website</h3>
                  <a href={safeWebUrl(business.website)!} target="_blank" rel="noopener nofollow">
                    <Icon name="globe" size={14} /> Visit Website
                  </a>
                </section>
              )}
              <section>
                <h3>Contact Information</h3>
                <ContactDetails business={business} />
              </section>
              <OsmAttribution source={business.source} />
              {business.slug && (
                <p>
                  <a href={`/business/${business.slug}/`}>Open the business page</a>
                </p>
              )}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
