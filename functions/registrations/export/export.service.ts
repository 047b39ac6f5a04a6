import type { RegistrationExportQuery } from '../../../common/schemas/registrations.ts';
import * as registrations from '../registrations.repository.ts';
import * as repository from './export.repository.ts';
import type { Db } from '../registrations.service.ts';

/** Registrations, the CSV export's room (SPEC §2; ADR 073): the rows of an export, page by page, and their count. */

/** Rows per export query: small enough to hold, large enough to keep the round trips few. */
const EXPORT_PAGE = 1_000;

/**
 * Every registration matching `query` (a status tab's search, or all), newest first, a keyset
 * page at a time: the caller streams each page out before the next is read.
 */
export async function* exportRegistrations(
  db: Db,
  query: RegistrationExportQuery,
): AsyncGenerator<repository.ExportRow[]> {
  const filter = { status: query.status, q: query.q };
  let cursor: repository.ExportCursor | undefined;
  for (;;) {
    const rows = await repository.exportPage(db, filter, cursor, EXPORT_PAGE);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows.at(-1)!;
    cursor = { createdAt: last.created_at_key, id: last.id };
  }
}

/** Number of registrations an export of `query` holds (the count it starts with). */
export function countExport(db: Db, query: RegistrationExportQuery): Promise<number> {
  return registrations.count(db, { status: query.status, q: query.q });
}
