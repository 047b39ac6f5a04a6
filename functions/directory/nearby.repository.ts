import { type Kysely, sql } from 'kysely';
import { areaNamesWithin, LAGOS_AREAS } from '../../common/config/lagos-areas.ts';
import type { BusinessDirectoryRow, Database } from '../db/database.ts';

type Db = Kysely<Database>;

/**
 * Near-me queries (issue 16.5, ADR 020). A listing's position is its coordinates when they are
 * public (`contact_visibility = 'public'`, ADR 003), else the centre of its area; listings with
 * neither are not in near-me results. Distances are great-circle (haversine) metres rounded to
 * whole metres, which is also the keyset: `(distance_m, id)`.
 *
 * A query reads a bounding box of `radiusKm` around the visitor on
 * `business_registrations_position_idx` (latitude range, longitude checked on the index), plus
 * the unplaced listings of the areas whose centres lie in the box
 * (`business_registrations_unplaced_idx`), keeps those within `radiusKm` (the circle inside the
 * box, so the order is exact), sorts by distance and reads the page's rows in full.
 */

/** Past a nearest-first position: the last row's rounded distance (m) and id. */
export interface NearbyPosition {
  distanceM: number;
  id: string;
}

export interface NearbyRequest {
  lat: number;
  lng: number;
  radiusKm: number;
  categoryKey?: string | undefined;
  /** An area name: that area, for an LGA with its neighbourhoods (`areaNamesWithin`). */
  area?: string | undefined;
  after?: NearbyPosition | undefined;
  limit: number;
  /**
   * Issue 38.1 (ADR 082): only roadside help open at this minute of the Lagos week (`open_week`,
   * ADR 081): breakdown and towing listings and those that come to you, whose contact details
   * are public (a stranded visitor must be able to call). Read on the roadside partial indexes
   * (migration 2026_11_29_0401), which carry `open_week`.
   */
  roadsideOpenAt?: number | undefined;
}

export type NearbyRow = BusinessDirectoryRow & { distance_m: number; from_area: boolean };

const KM_PER_DEGREE_LAT = 111.32;

/** Degrees of latitude and longitude spanned by `km` around latitude `lat`. */
export function boxOf(lat: number, lng: number, km: number) {
  const dLat = km / KM_PER_DEGREE_LAT;
  const dLng = km / (KM_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return { south: lat - dLat, north: lat + dLat, west: lng - dLng, east: lng + dLng };
}

/**
 * Up to `limit + 1` listings within `radiusKm` of the point, nearest first (`id` breaking ties),
 * after `after`. Fewer than `limit + 1` means none further within the radius.
 */
export async function listNearby(db: Db, request: NearbyRequest): Promise<NearbyRow[]> {
  const box = boxOf(request.lat, request.lng, request.radiusKm);
  const roadside = request.roadsideOpenAt !== undefined;
  const category = roadside
    ? sql`and contact_visibility = 'public' and (category_keys @> '{breakdown}'::text[] or comes_to_you)
          and open_week @> ${request.roadsideOpenAt}::int`
    : request.categoryKey
      ? sql`and category_keys @> ${sql.lit(`{${request.categoryKey}}`)}::text[]`
      : sql``;
  // Roadside help must be callable: an unplaced listing is one without coordinates only.
  const unplacedTest = roadside
    ? sql`(r.latitude is null or r.longitude is null)`
    : sql`(r.latitude is null or r.longitude is null or r.contact_visibility <> 'public')`;
  // An LGA covers its neighbourhoods (ADR 020 update).
  const names = request.area ? areaNamesWithin(request.area) : undefined;
  const area = names ? sql`and area in (${sql.join(names)})` : sql``;
  const centres = LAGOS_AREAS.filter(
    (a) =>
      a.lat >= box.south &&
      a.lat <= box.north &&
      a.lon >= box.west &&
      a.lon <= box.east &&
      (!names || names.includes(a.name)),
  );
  const unplaced = centres.length
    ? sql`
        union all
        select r.id, c.lat, c.lng, true
        from business_registrations r
        join (values ${sql.join(centres.map((c) => sql`(${c.name}::text, ${c.lat}::float8, ${c.lon}::float8)`))}) as c(name, lat, lng)
          on r.area = c.name
        where r.status = 'approved' and r.area is not null
          and ${unplacedTest}
          ${category}`
    : sql``;
  const after = request.after
    ? sql`and (distance_m, id) > (${request.after.distanceM}, ${request.after.id}::uuid)`
    : sql``;
  const lat = sql`${request.lat}::float8`;
  const lng = sql`${request.lng}::float8`;
  const { rows } = await sql<NearbyRow>`
    select listing.*, near.distance_m, near.from_area
    from (
      select id, distance_m, from_area
      from (
        select id, from_area,
          round(12742000 * asin(least(1, sqrt(
            power(sin(radians(plat - ${lat}) / 2), 2) +
            cos(radians(${lat})) * cos(radians(plat)) * power(sin(radians(plng - ${lng}) / 2), 2)
          ))))::int as distance_m
        from (
          select id, latitude::float8 as plat, longitude::float8 as plng, false as from_area
          from business_registrations
          where status = 'approved' and latitude is not null and longitude is not null
            and contact_visibility = 'public'
            and latitude between ${box.south} and ${box.north}
            and longitude between ${box.west} and ${box.east}
            ${category} ${area}
          ${unplaced}
        ) candidates
      ) measured
      where distance_m <= ${Math.floor(request.radiusKm * 1000)} ${after}
      order by distance_m, id
      limit ${request.limit + 1}
    ) near
    join business_directory listing on listing.id = near.id
    order by near.distance_m, near.id`.execute(db);
  return rows;
}
