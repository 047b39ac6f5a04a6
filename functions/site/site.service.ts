import type { Kysely } from 'kysely';
import type { PublicArticle } from '../../src/schemas/articles.ts';
import type { PublicBusiness } from '../../src/schemas/directory.ts';
import type { PublicServiceCard } from '../../src/schemas/service-cards.ts';
import { listPublishedArticles } from '../articles/articles.service.ts';
import type { Database } from '../db/database.ts';
import { listBusinesses } from '../directory/directory.service.ts';
import { listEnabledCards, withCounts } from '../service-cards/service-cards.service.ts';

/**
 * Everything the static build renders, all of it public (contact-protected) data:
 * approved listings in listing order, published articles with bodies, enabled service cards
 * with counts. The build reads it from `GET /api/site/snapshot` of the running server, or
 * directly from the database when no server runs (DESIGN.md "Rebuilds").
 */
export interface SiteSnapshot {
  generatedAt: string;
  businesses: PublicBusiness[];
  articles: PublicArticle[];
  serviceCards: PublicServiceCard[];
}

export async function getSiteSnapshot(db: Kysely<Database>): Promise<SiteSnapshot> {
  const [businesses, articles, cards] = await Promise.all([
    listBusinesses(db, { limit: 100_000 }),
    listPublishedArticles(db, 10_000, true),
    listEnabledCards(db),
  ]);
  return {
    generatedAt: new Date().toISOString(),
    businesses,
    articles,
    serviceCards: withCounts(cards, businesses),
  };
}
