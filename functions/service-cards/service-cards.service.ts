import type { Kysely } from 'kysely';
import type {
  AdminServiceCard,
  PublicServiceCard,
  ServiceCardEdit,
} from '../../common/schemas/service-cards.ts';
import { AppError } from '../_lib/errors.ts';
import type { Database, ServiceCard } from '../db/database.ts';
import { CacheTags } from '../site/cache-tags.ts';
import * as repository from './service-cards.repository.ts';

/**
 * Service cards (SPEC §2 Home and Service Card Management, §9 "Businesses Available"). The
 * counts are kept current by the database on every listing write (migration 2026_11_23_0002;
 * ADR 011).
 */
type Db = Kysely<Database>;

/** Enabled cards by display_order (SPEC §7 service_cards). */
export function listEnabledCards(db: Db): Promise<ServiceCard[]> {
  return repository.listEnabled(db);
}

/** Enabled cards with their SPEC §9 "Businesses Available" counts. */
export async function listPublicServiceCards(db: Db): Promise<PublicServiceCard[]> {
  return (await repository.listEnabled(db)).map((card) => ({
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

/** Every card for the admin, disabled ones too, with the same counts. */
export function listAdminServiceCards(db: Db): Promise<AdminServiceCard[]> {
  return repository.listAll(db);
}

/**
 * SPEC §4: renumbers display_order from 1 in the given order, all or nothing.
 * @throws AppError CONFLICT "Failed to update N cards" when an id is unknown (nothing changes).
 */
export async function reorderServiceCards(db: Db, ids: string[]): Promise<{ tags: string[] }> {
  await db.transaction().execute(async (trx) => {
    for (const [index, id] of ids.entries()) {
      if (!(await repository.setDisplayOrder(trx, id, index + 1)))
        throw new AppError('CONFLICT', `Failed to update ${ids.length} cards`);
    }
  });
  return { tags: SERVICE_CARD_TAGS };
}

/** The pages that show service cards: the home page (SPEC §2). */
const SERVICE_CARD_TAGS = [CacheTags.home];

/** @throws AppError NOT_FOUND. */
export async function updateServiceCard(
  db: Db,
  id: string,
  input: ServiceCardEdit,
): Promise<{ serviceCard: ServiceCard; tags: string[] }> {
  const card = await repository.update(db, id, input);
  if (!card) throw new AppError('NOT_FOUND', 'Service card not found');
  return { serviceCard: card, tags: SERVICE_CARD_TAGS };
}
