import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { NearbyPage, NearbyQuery } from '../../common/schemas/nearby.ts';
import type { Database } from '../db/database.ts';
import { decodeCursor, encodeCursor } from '../_lib/cursor.ts';
import { finishListings } from './finish.ts';
import { listNearby, type NearbyPosition, type NearbyRow } from './nearby.repository.ts';

type Db = Kysely<Database>;

/** First radius searched (km); doubled while a page is not full (ADR 020). */
export const NEARBY_FIRST_RADIUS_KM = 1;
/** Farthest a listing may be to be found (km): Lagos State from end to end is ~130 km. */
export const NEARBY_MAX_RADIUS_KM = 160;

/** What a near-me `nextCursor` carries ({@link encodeCursor}): last distance (m), last id, radius reached. */
const NearbyCursorSchema = z.object({
  d: z.number().int().min(0),
  i: z.uuid(),
  r: z.number().positive(),
});

const encodeNearbyCursor = (position: NearbyPosition, radiusKm: number): string =>
  encodeCursor<z.output<typeof NearbyCursorSchema>>({
    d: position.distanceM,
    i: position.id,
    r: radiusKm,
  });

/**
 * Issue 16.5 near me: one page of approved listings nearest first from the visitor's position,
 * each with `distance_km` (0.1 km) and `distance_from_area` (the position is the area's centre:
 * no public coordinates). Searches 1 km around the point, then 2.5× wider while the page is not
 * full, up to {@link NEARBY_MAX_RADIUS_KM}; a later page starts from the radius its cursor
 * reached. Public view only (`toPublicBusiness`); the position is not stored or logged.
 * @throws AppError BAD_REQUEST for a foreign cursor.
 */
export async function nearbyBusinesses(db: Db, query: NearbyQuery): Promise<NearbyPage> {
  const cursor = query.cursor ? decodeCursor(NearbyCursorSchema, query.cursor) : undefined;
  const after = cursor ? { distanceM: cursor.d, id: cursor.i } : undefined;
  let radiusKm = Math.min(
    NEARBY_MAX_RADIUS_KM,
    Math.max(NEARBY_FIRST_RADIUS_KM, cursor?.r ?? 0, (cursor?.d ?? 0) / 1000),
  );
  let rows: NearbyRow[];
  for (;;) {
    rows = await listNearby(db, {
      lat: query.lat,
      lng: query.lng,
      radiusKm,
      categoryKey: query.category,
      area: query.area,
      after,
      limit: query.limit,
    });
    if (rows.length > query.limit || radiusKm >= NEARBY_MAX_RADIUS_KM) break;
    radiusKm = Math.min(NEARBY_MAX_RADIUS_KM, radiusKm * 2.5);
  }
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    businesses: await finishListings(db, shown, (row) => ({
      distance_km: Math.round(row.distance_m / 100) / 10,
      distance_from_area: row.from_area,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeNearbyCursor({ distanceM: last.distance_m, id: last.id }, radiusKm)
        : null,
  };
}
