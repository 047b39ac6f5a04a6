import type { BusinessCardData } from '../../../common/schemas/listing';

/** The page that hosts the claim form (a React island there; nothing heavy here). */
export function claimPath(slug: string): string {
  return `/account/business/claim/?listing=${encodeURIComponent(slug)}`;
}

/**
 * "Claimed" on a listing with an owner, otherwise a link to claim it (issue 16.1, ADR 018).
 * Plain markup: the business page renders the same through components/ClaimStatus.astro.
 */
export function ClaimLink({ business }: { business: Pick<BusinessCardData, 'claimed' | 'slug'> }) {
  if (business.claimed)
    return (
      <p className="small claim-line">
        <span className="badge badge-claimed">Claimed</span>
      </p>
    );
  if (!business.slug) return null;
  return (
    <p className="small claim-line">
      <a href={claimPath(business.slug)}>Claim this business</a>
    </p>
  );
}
