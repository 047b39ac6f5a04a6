import { useState } from 'react';
import type { BusinessCardData } from '../../../common/schemas/listing';
import { BusinessCard } from './BusinessCard';
import { BusinessDialog } from './BusinessDialog';

interface Props {
  businesses: BusinessCardData[];
  /** Cards open the detail dialog (false on workshops, SPEC §2). */
  interactive?: boolean;
  featuredBadges?: boolean;
  /** A line shown on each card (the near-me distance, issue 16.5). */
  noteFor?: ((business: BusinessCardData) => string | undefined) | undefined;
}

/** A grid of business cards with the detail dialog. */
export function BusinessList({
  businesses,
  interactive = true,
  featuredBadges = false,
  noteFor,
}: Props) {
  const [selected, setSelected] = useState<BusinessCardData | null>(null);
  return (
    <>
      <div className="grid">
        {businesses.map((business) => (
          <BusinessCard
            key={business.id}
            business={business}
            onOpen={interactive ? setSelected : undefined}
            featuredBadge={featuredBadges}
            note={noteFor?.(business)}
          />
        ))}
      </div>
      {interactive && <BusinessDialog business={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
