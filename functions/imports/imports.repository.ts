import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Queries of bulk and CSV import: duplicate candidates and the insert that never imports the
 * same source id twice. `db` may be a transaction.
 */
type Db = Kysely<Database>;

/** The listing already imported from this source id, if any. */
export function findBySource(db: Db, source: string, sourceId: string) {
  return db
    .selectFrom('business_registrations')
    .select(['id', 'business_name'])
    .where('source', '=', source)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

/**
 * Listings that may be the same business as a search result: a similar name (pg_trgm `%`), the
 * same last 10 phone digits (phone or WhatsApp), or the website host; at most 200, each with the
 * name similarity (0..1).
 */
export function findDuplicateCandidates(
  db: Db,
  { name, phoneDigits, host }: { name: string; phoneDigits: string | null; host: string | null },
) {
  return db
    .selectFrom('business_registrations')
    .select(['id', 'business_name', 'phone', 'whatsapp', 'website', 'city'])
    .select(sql<number>`similarity(lower(business_name), lower(${name}))`.as('name_similarity'))
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(business_name) % lower(${name})`,
        ...(phoneDigits
          ? [
              sql<boolean>`regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') like ${`%${phoneDigits}`}`,
              sql<boolean>`regexp_replace(coalesce(whatsapp, ''), '[^0-9]', '', 'g') like ${`%${phoneDigits}`}`,
            ]
          : []),
        ...(host ? [eb('website', 'ilike', `%${host}%`)] : []),
      ]),
    )
    .limit(200)
    .execute();
}
