import type { Kysely } from 'kysely';
import type { ServiceCardEdit } from '../../common/schemas/service-cards.ts';
import type { Database, ServiceCard } from '../db/database.ts';

/** Queries of service_cards (SPEC §3), counts included. `db` may be a transaction. */
type Db = Kysely<Database>;

/** Enabled cards by display_order (SPEC §7 service_cards). */
export function listEnabled(db: Db): Promise<ServiceCard[]> {
  return db
    .selectFrom('service_cards')
    .selectAll()
    .where('enabled', '=', true)
    .orderBy('display_order', 'asc')
    .orderBy('title', 'asc')
    .execute();
}

/**
 * Most cards the admin list returns: a card per service category (a handful), bounded like a
 * drag-and-drop order (`OrderSchema`, 500) so no admin response is unbounded (issue 12.10).
 */
export const MAX_ADMIN_CARDS = 500;

/** Every card (up to {@link MAX_ADMIN_CARDS}), disabled ones too, by display_order. */
export function listAll(db: Db): Promise<ServiceCard[]> {
  return db
    .selectFrom('service_cards')
    .selectAll()
    .orderBy('display_order')
    .orderBy('title')
    .limit(MAX_ADMIN_CARDS)
    .execute();
}

/** Sets one card's display_order; false when there is no card with this id. */
export async function setDisplayOrder(db: Db, id: string, order: number): Promise<boolean> {
  const result = await db
    .updateTable('service_cards')
    .set({ display_order: order })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The updated card, or undefined when there is none with this id. */
export function update(
  db: Db,
  id: string,
  values: ServiceCardEdit,
): Promise<ServiceCard | undefined> {
  return db
    .updateTable('service_cards')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
