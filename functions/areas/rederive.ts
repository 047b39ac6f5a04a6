import { type Kysely, sql } from 'kysely';
import { LAGOS_AREA_NAMES } from '../../common/config/lagos-areas.ts';
import type { Database } from '../db/database.ts';
import { deriveArea } from '../imports/lagos-areas.ts';
import * as registrations from '../registrations/registrations.repository.ts';

/** Rows read per statement (by id): bounded memory and statement size at any table size. */
export const REDERIVE_READ_BATCH = 5_000;

/**
 * Changed rows from which the table's GIN indexes take new entries through their pending list
 * (`fastupdate`) and merge them once at the end, instead of one index-tree insertion per trigram
 * per row (measured at 100,000 listings, ADR 020 update 2).
 */
export const REDERIVE_BULK_ROWS = 2_000;

export interface RederiveOptions {
  /** Only rows whose area is null or not a name of the shipped list (a backfill). */
  onlyUnknown?: boolean;
  readBatch?: number;
  bulkRows?: number;
  /** Called after each batch with rows read and changed so far. */
  onProgress?: (progress: { read: number; changed: number }) => void;
}

export interface RederiveResult {
  /** Rows read. */
  read: number;
  /** Rows whose stored area differed from the derived one, now updated. */
  changed: number;
  /** Whether the GIN indexes took the changes through their pending list. */
  bulk: boolean;
}

interface SourceRow {
  id: string;
  area: string | null;
  address: string | null;
  general_location: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Derives every listing's area again with today's `deriveArea` (issue 16.4, ADR 020) and writes
 * only the rows whose area changes. A changed area is a new row version (`area` feeds the stored
 * `search_text` and `location_text` and is indexed), so each write costs an entry in every index,
 * the trigram GINs' hundreds of trigrams included: the work is proportional to the changes.
 *
 * Two passes: the first reads the sources by id in batches of `readBatch` (5 columns, the primary
 * key) and keeps `(id, area)` of the rows that change (≈ 50 bytes each); the second writes them
 * in statements of 1,000 by id (`update … from (values …)`). With `bulkRows` changes or more, the
 * GIN indexes of business_registrations are switched to `fastupdate` for the writes and their
 * pending lists merged (`gin_clean_pending_list`) before they are switched back, all inside the
 * caller's transaction when there is one. Searches stay correct throughout (GIN reads the pending
 * list too).
 */
export async function rederiveAreas(
  db: Kysely<unknown>,
  options: RederiveOptions = {},
): Promise<RederiveResult> {
  const readBatch = options.readBatch ?? REDERIVE_READ_BATCH;
  const bulkRows = options.bulkRows ?? REDERIVE_BULK_ROWS;
  const known = sql.join(LAGOS_AREA_NAMES.map((n) => sql.lit(n)));
  const unknownOnly = options.onlyUnknown
    ? sql`and (area is null or area not in (${known}))`
    : sql``;
  const changes: { id: string; area: string | null }[] = [];
  let read = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<SourceRow>`
      select id, area, address, general_location, city, latitude, longitude
      from business_registrations
      where id > ${after}::uuid ${unknownOnly}
      order by id
      limit ${readBatch}`.execute(db);
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    read += rows.length;
    for (const row of rows) {
      const area = deriveArea(row);
      if (area !== row.area) changes.push({ id: row.id, area });
    }
    options.onProgress?.({ read, changed: changes.length });
    if (rows.length < readBatch) break;
  }
  if (changes.length === 0) return { read, changed: 0, bulk: false };

  const bulk = changes.length >= bulkRows;
  const gins = bulk ? await ginIndexes(db) : [];
  for (const index of gins) {
    // A pending list large enough (kB) that no write statement flushes it half-way.
    await sql`alter index ${sql.id(index)} set (fastupdate = on, gin_pending_list_limit = 65536)`.execute(
      db,
    );
  }
  try {
    for (let i = 0; i < changes.length; i += 1_000) {
      await registrations.setAreas(db as Kysely<Database>, changes.slice(i, i + 1_000));
    }
  } finally {
    for (const index of gins) {
      await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
      await sql`alter index ${sql.id(index)} set (fastupdate = off)`.execute(db);
      await sql`alter index ${sql.id(index)} reset (gin_pending_list_limit)`.execute(db);
    }
  }
  return { read, changed: changes.length, bulk };
}

/** Names of the GIN indexes of business_registrations that do not use their pending list. */
async function ginIndexes(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_am am on am.oid = c.relam
    where i.indrelid = 'business_registrations'::regclass and am.amname = 'gin'
      and coalesce(array_to_string(c.reloptions, ','), '') like '%fastupdate=off%'
    order by c.relname`.execute(db);
  return rows.map((r) => r.name);
}
