import type { APIRoute } from 'astro';
import { CacheTags } from '../../../../functions/site/cache-tags';
import { ogCard, pngResponse } from '../../../render/brand-images';
import { cachePublicPage, notFound } from '../../../render/cache';
import { businessBySlug } from '../../../render/data';
import { locationLine } from '../../../../common/schemas/directory';

/** Rendered on demand and cached with the business page (ADR 011). */
export const prerender = false;

/** The Open Graph image of one approved business: name, type and area only (never contact details). */
export const GET: APIRoute = async ({ params }) => {
  const business = await businessBySlug(params.slug ?? '');
  if (!business) return notFound();
  const response = pngResponse(
    await ogCard({
      kicker: business.business_type,
      title: business.business_name,
      subtitle: locationLine(business) || 'Lagos',
    }),
  );
  cachePublicPage(response.headers, [CacheTags.listing(business.id)]);
  return response;
};
