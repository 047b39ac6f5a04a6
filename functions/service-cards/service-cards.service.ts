import type { Kysely } from 'kysely';
import { countsForServiceCard, type PublicBusiness } from '../../src/schemas/directory.ts';
import type { PublicServiceCard } from '../../src/schemas/service-cards.ts';
import type { Database, ServiceCard } from '../db/database.ts';
import { countForServiceCards } from '../directory/directory.repository.ts';

type Db = Kysely<Database>;
type Countable = Pick<PublicBusiness, 'business_type' | 'services' | 'tags'>;

/** Enabled cards by display_order (SPEC §7 service_cards). */
export function listEnabledCards(db: Db): Promise<ServiceCard[]> {
  return db
    .selectFrom('service_cards')
    .selectAll()
    .where('enabled', '=', true)
    .orderBy('display_order', 'asc')
    .orderBy('title', 'asc')
    .execute();
}

/** Adds the SPEC §9 "Businesses Available" count of `businesses` to each card. */
export function withCounts(cards: ServiceCard[], businesses: Countable[]): PublicServiceCard[] {
  return cards.map((card) => ({
    id: card.id,
    title: card.title,
    description: card.description,
    button_text: card.button_text,
    business_type: card.business_type,
    route_path: card.route_path,
    display_order: card.display_order,
    business_count: businesses.filter((b) => countsForServiceCard(b, card.business_type)).length,
  }));
}

/**
 * Enabled cards with their SPEC §9 "Businesses Available" counts, counted in SQL in one pass
 * (ADR 011: nothing loads the whole directory).
 */
export async function listPublicServiceCards(db: Db): Promise<PublicServiceCard[]> {
  const cards = await listEnabledCards(db);
  const counts = await countForServiceCards(
    db,
    cards.map((card) => card.business_type),
  );
  return cards.map((card) => ({
    id: card.id,
    title: card.title,
    description: card.description,
    button_text: card.button_text,
    business_type: card.business_type,
    route_path: card.route_path,
    display_order: card.display_order,
    business_count: counts.get(card.business_type) ?? 0,
  }));
}
