import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * The claimed listings a Find It request goes to at once (issue 36.2, ADR 079). Reads the
 * partial index `business_registrations_claimed_area` (approved, claimed listings by area and
 * trust): a bounded set, the claimed listings of the areas asked for, whatever the directory's
 * size. `db` may be a transaction.
 */
type Db = Kysely<Database>;

/** A listing a request was matched to, with where its lead alert goes. */
export interface AutoMatch {
  id: string;
  business_name: string;
  /** The owner's account address (the lead alert's), else the listing's own; null for neither. */
  alert_email: string | null;
}

/**
 * Up to `limit` approved, claimed listings whose categories or tags hold one of `services`, in
 * `areas` (nearest first: the order of the list, then trust), that `requestId` has not reached.
 */
export function findAutoMatches(
  db: Db,
  requestId: string,
  services: readonly string[],
  areas: readonly string[],
  limit: number,
): Promise<AutoMatch[]> {
  if (areas.length === 0 || limit <= 0) return Promise.resolve([]);
  const wanted = sql.val([...services]);
  const areaList = sql.val([...areas]);
  return db
    .selectFrom('business_registrations as b')
    .select(['b.id', 'b.business_name'])
    .select(
      sql<
        string | null
      >`coalesce((select u.email::text from "user" u where u.id = b.owner_user_id), b.email::text)`.as(
        'alert_email',
      ),
    )
    .where('b.status', '=', 'approved')
    .where('b.owner_user_id', 'is not', null)
    .where('b.quotes_blocked_at', 'is', null)
    .where(sql<boolean>`b.area = any(${areaList}::text[])`)
    .where((eb) =>
      eb.or([
        sql<boolean>`b.business_categories && ${wanted}::text[]`,
        sql<boolean>`b.tags && ${wanted}::text[]`,
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('service_request_notifications as n')
            .select('n.id')
            .where('n.service_request_id', '=', requestId)
            .whereRef('n.business_registration_id', '=', 'b.id'),
        ),
      ),
    )
    .orderBy(sql`array_position(${areaList}::text[], b.area)`)
    .orderBy('b.quality_score', 'desc')
    .orderBy('b.id')
    .limit(limit)
    .execute();
}
