import { type Kysely, sql } from 'kysely';
import { LAGOS_AREA_NAMES } from '../../../common/config/lagos-areas.ts';
import { deriveArea } from '../../imports/lagos-areas.ts';

/** Rows read and written per statement: bounded memory and statement size at any table size. */
export const AREA_BACKFILL_BATCH = 1_000;

interface SourceRow {
  id: string;
  address: string | null;
  general_location: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Gives every listing without a known area (null, or a name not in the shipped list) the area
 * derived from its address, general location, city and coordinates (issue 16.4, ADR 020), in
 * batches of {@link AREA_BACKFILL_BATCH} by id. Rows nothing matches stay null. Data only: the
 * derivation rule is today's `deriveArea`; later writes derive with theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const known = sql.join(LAGOS_AREA_NAMES.map((n) => sql.lit(n)));
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<SourceRow>`
      select id, address, general_location, city, latitude, longitude
      from business_registrations
      where id > ${after}::uuid and (area is null or area not in (${known}))
      order by id
      limit ${AREA_BACKFILL_BATCH}`.execute(db);
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const values = rows.map((r) => sql`(${r.id}::uuid, ${deriveArea(r)}::text)`);
    await sql`
      update business_registrations b set area = v.area
      from (values ${sql.join(values)}) as v(id, area)
      where b.id = v.id`.execute(db);
    if (rows.length < AREA_BACKFILL_BATCH) break;
  }
}

/** Nothing to undo: the derived areas are ordinary data. */
export async function down(): Promise<void> {}
