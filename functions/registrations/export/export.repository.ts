import { type Kysely, sql } from 'kysely';
import type { BusinessRegistration, Database } from '../../db/database.ts';
import { applyFilter, type RegistrationFilter } from '../registrations.repository.ts';

/**
 * The CSV export's reads (SPEC §9; ADR 073): keyset pages of registrations, newest first, with
 * the export's columns. Reads only; the table's writes stay in registrations.repository.ts.
 */
type Db = Kysely<Database>;

/** The columns of the SPEC §9 business export (and the id, for the keyset). */
export const EXPORT_COLUMNS = [
  'id',
  'business_name',
  'email',
  'phone',
  'business_type',
  'status',
  'city',
  'state',
  'address',
  'website',
  'services',
  'description',
  'display_name',
  'featured',
  'contact_visibility',
  'created_at',
] as const satisfies readonly (keyof BusinessRegistration)[];
export type ExportRow = Pick<BusinessRegistration, (typeof EXPORT_COLUMNS)[number]>;

/** Position after the last exported row: `created_at` with Postgres' microseconds, and the id. */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

/**
 * The next `limit` registrations matching `filter` after `cursor`, newest first: a keyset page,
 * so an export of 100,000 rows costs the same per row from the first page to the last.
 */
export async function exportPage(
  db: Db,
  filter: RegistrationFilter,
  cursor: ExportCursor | undefined,
  limit: number,
): Promise<(ExportRow & { created_at_key: string })[]> {
  let query = applyFilter(
    db
      .selectFrom('business_registrations')
      .select(EXPORT_COLUMNS)
      .select(
        sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
          'created_at_key',
        ),
      ),
    filter,
  );
  if (cursor) {
    query = query.where(
      sql<boolean>`(created_at, id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
