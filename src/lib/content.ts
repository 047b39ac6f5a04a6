import { getCollection } from 'astro:content';
import type { PublicArticle } from '../schemas/articles';
import { type PublicBusiness, matchesTypeFilter } from '../schemas/directory';
import type { PublicServiceCard } from '../schemas/service-cards';

/** Typed reads of the build-time collections (see content.config.ts). */

/** Approved listings in listing order (featured first, display_order, newest). */
export async function allBusinesses(): Promise<PublicBusiness[]> {
  const entries = await getCollection('businesses');
  const list = entries.map((e) => e.data as unknown as PublicBusiness);
  return list.sort(
    (a, b) =>
      Number(b.featured) - Number(a.featured) ||
      a.display_order - b.display_order ||
      b.created_at.localeCompare(a.created_at),
  );
}

export async function businessesOfType(type: string): Promise<PublicBusiness[]> {
  return (await allBusinesses()).filter((b) => matchesTypeFilter(b, type));
}

export async function featuredBusinesses(): Promise<PublicBusiness[]> {
  return (await allBusinesses())
    .filter((b) => b.featured)
    .sort((a, b) => a.display_order - b.display_order);
}

/** Published articles, newest first. */
export async function publishedArticles(): Promise<PublicArticle[]> {
  const entries = await getCollection('articles');
  return entries
    .map((e) => e.data as unknown as PublicArticle)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export async function enabledServiceCards(): Promise<PublicServiceCard[]> {
  const entries = await getCollection('serviceCards');
  return entries
    .map((e) => e.data as unknown as PublicServiceCard)
    .sort((a, b) => a.display_order - b.display_order || a.title.localeCompare(b.title));
}
