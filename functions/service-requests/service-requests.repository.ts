import { type Kysely, type Selectable, sql } from 'kysely';
import type {
  Database,
  ServiceRequestNotificationsTable,
  ServiceRequestsTable,
} from '../db/database.ts';

/**
 * Queries of service_requests and service_request_notifications (SPEC §3) and the matching of
 * businesses to a request. `db` may be a transaction.
 */
type Db = Kysely<Database>;
export type ServiceRequestRow = Selectable<ServiceRequestsTable>;
type NewNotification = Omit<ServiceRequestNotificationsTable, 'id' | 'created_at'>;

export async function insert(
  db: Db,
  values: Omit<ServiceRequestRow, 'id' | 'status' | 'created_at' | 'email_status'>,
): Promise<string> {
  const row = await db
    .insertInto('service_requests')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setEmailStatus(db: Db, id: string, status: 'sent' | 'failed'): Promise<void> {
  await db
    .updateTable('service_requests')
    .set({ email_status: status })
    .where('id', '=', id)
    .execute();
}

/**
 * Approved businesses with an e-mail whose categories (or tags) include a requested service,
 * featured and highly rated first, at most `limit`.
 */
export function findMatchingBusinesses(db: Db, services: string[], limit: number) {
  return db
    .selectFrom('business_registrations')
    .select(['id', 'business_name', 'email'])
    .where('status', '=', 'approved')
    .where('email', 'is not', null)
    .where((eb) =>
      eb.or([
        sql<boolean>`business_categories && ${sql.val(services)}::text[]`,
        sql<boolean>`tags && ${sql.val(services)}::text[]`,
      ]),
    )
    .orderBy('featured', 'desc')
    .orderBy('star_rating', 'desc')
    .limit(limit)
    .execute();
}

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('service_request_notifications').values(rows).execute();
}

/** Every request, newest first. */
export function listAll(db: Db): Promise<ServiceRequestRow[]> {
  return db.selectFrom('service_requests').selectAll().orderBy('created_at', 'desc').execute();
}

/** Marks a pending request handled now; undefined when it is missing or handled already. */
export function markHandled(db: Db, id: string): Promise<ServiceRequestRow | undefined> {
  return db
    .updateTable('service_requests')
    .set({ status: 'handled', handled_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function exists(db: Db, id: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('service_requests').select('id').where('id', '=', id).executeTakeFirst(),
  );
}

/** @returns how many rows were deleted (0 or 1). */
export async function remove(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('service_requests').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every request. @returns how many. */
export async function removeAll(db: Db): Promise<number> {
  const result = await db.deleteFrom('service_requests').executeTakeFirst();
  return Number(result.numDeletedRows);
}
