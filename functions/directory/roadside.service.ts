import type { Kysely } from 'kysely';
import { lagosWeekMinute } from '../../common/schemas/hours.ts';
import type { NearbyBusiness } from '../../common/schemas/nearby.ts';
import { ROADSIDE_LIMIT } from '../../common/schemas/roadside-near.ts';
import type { Database } from '../db/database.ts';
import { finishListings } from './finish.ts';
import { listNearby, type NearbyRow } from './nearby.repository.ts';
import { NEARBY_MAX_RADIUS_KM } from './nearby.service.ts';

type Db = Kysely<Database>;

/** First radius searched for roadside help (km); 2.5× wider while fewer than the list are found. */
export const ROADSIDE_FIRST_RADIUS_KM = 4;

/**
 * Issue 38.1 (ADR 082): the {@link ROADSIDE_LIMIT} nearest listings that can help a stranded
 * motorist and are open at `now` (Lagos time): breakdown and towing services and those that
 * come to you, with public contact details, nearest first, each with `distance_km` (0.1 km) and
 * `distance_from_area` (placed at its area's centre). Reads the roadside partial indexes, a box
 * of 4 km growing 2.5× up to 160 km: bounded by the roadside listings in the box, never the
 * directory. The position is neither stored nor logged.
 */
export async function nearestRoadsideHelp(
  db: Db,
  position: { lat: number; lng: number },
  now: Date = new Date(),
): Promise<NearbyBusiness[]> {
  const openAt = lagosWeekMinute(now);
  let radiusKm = ROADSIDE_FIRST_RADIUS_KM;
  let rows: NearbyRow[];
  for (;;) {
    rows = await listNearby(db, {
      lat: position.lat,
      lng: position.lng,
      radiusKm,
      roadsideOpenAt: openAt,
      limit: ROADSIDE_LIMIT,
    });
    if (rows.length > ROADSIDE_LIMIT || radiusKm >= NEARBY_MAX_RADIUS_KM) break;
    radiusKm = Math.min(NEARBY_MAX_RADIUS_KM, radiusKm * 2.5);
  }
  return finishListings(db, rows.slice(0, ROADSIDE_LIMIT), (row) => ({
    distance_km: Math.round(row.distance_m / 100) / 10,
    distance_from_area: row.from_area,
  }));
}
