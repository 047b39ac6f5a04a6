import type { APIRoute, GetStaticPaths } from 'astro';
import { ogCard, pngResponse } from '../../../lib/brand-images';
import { allBusinesses } from '../../../lib/content';
import { locationLine, type PublicBusiness } from '../../../schemas/directory';

/** One Open Graph image per approved business: name, type and area only (never contact details). */
export const getStaticPaths: GetStaticPaths = async () =>
  (await allBusinesses())
    .filter((b) => b.slug)
    .map((business) => ({ params: { slug: business.slug! }, props: { business } }));

export const GET: APIRoute = async ({ props }) => {
  const { business } = props as { business: PublicBusiness };
  return pngResponse(
    await ogCard({
      kicker: business.business_type,
      title: business.business_name,
      subtitle: locationLine(business) || 'Lagos',
    }),
  );
};
