import type { Kysely } from 'kysely';
import { countsForServiceCard, type PublicBusiness } from '../../src/schemas/directory.ts';
import type { PublicServiceCard } from '../../src/schemas/service-cards.ts';
import type { Database, ServiceCard } from '../db/database.ts';

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
 * Enabled cards with their SPEC §9 "Businesses Available" counts, which the database keeps
 * current on every listing write (migration 2026_11_23_0002; ADR 011).
 */
export async function listPublicServiceCards(db: Db): Promise<PublicServiceCard[]> {
  return (await listEnabledCards(db)).map((card) => ({
    id: card.id,
    title: card.title,
    description: card.description,
    button_text: card.button_text,
    business_type: card.business_type,
    route_path: card.route_path,
    display_order: card.display_order,
    business_count: card.business_count,
  }));
}
