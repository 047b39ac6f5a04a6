import type { Kysely } from 'kysely';
import type {
  BusinessRegistration,
  BusinessRegistrationUpdate,
  Database,
  NewBusinessRegistration,
} from '../db/database.ts';

/** Queries of business_registrations (SPEC §3). `db` may be a transaction. */
type Db = Kysely<Database>;

export async function existsWithEmail(db: Db, email: string): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('business_registrations')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst(),
  );
}

/**
 * @throws the unique violation of `business_registrations_email_key` (e-mail taken) or
 * `business_registrations_slug_key` (slug taken).
 */
export async function insert(
  db: Db,
  values: NewBusinessRegistration,
): Promise<{ id: string; slug: string }> {
  return (await db
    .insertInto('business_registrations')
    .values(values)
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow()) as { id: string; slug: string };
}

export async function setNotificationStatus(
  db: Db,
  id: string,
  status: 'sent' | 'failed',
): Promise<void> {
  await db
    .updateTable('business_registrations')
    .set({ notification_status: status })
    .where('id', '=', id)
    .execute();
}

/** Every registration, newest first. */
export function listAll(db: Db): Promise<BusinessRegistration[]> {
  return db
    .selectFrom('business_registrations')
    .selectAll()
    .orderBy('created_at', 'desc')
    .execute();
}

/** One registration; `forUpdate` locks its row until the transaction `db` ends. */
export function findById(
  db: Db,
  id: string,
  { forUpdate = false } = {},
): Promise<BusinessRegistration | undefined> {
  const query = db.selectFrom('business_registrations').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * @returns the updated row.
 * @throws NoResultError when the row is gone; the unique violation of
 * `business_registrations_email_key` when the new e-mail is taken.
 */
export function update(
  db: Db,
  id: string,
  values: BusinessRegistrationUpdate,
): Promise<BusinessRegistration> {
  return db
    .updateTable('business_registrations')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The highest display_order among featured listings, undefined when none is featured. */
export async function maxFeaturedOrder(db: Db): Promise<number | undefined> {
  const top = await db
    .selectFrom('business_registrations')
    .select('display_order')
    .where('featured', '=', true)
    .orderBy('display_order', 'desc')
    .limit(1)
    .executeTakeFirst();
  return top?.display_order;
}

/** Sets a featured listing's display_order; false when the id is unknown or not featured. */
export async function setFeaturedOrder(db: Db, id: string, order: number): Promise<boolean> {
  const result = await db
    .updateTable('business_registrations')
    .set({ display_order: order })
    .where('id', '=', id)
    .where('featured', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function remove(db: Db, id: string): Promise<void> {
  await db.deleteFrom('business_registrations').where('id', '=', id).execute();
}
