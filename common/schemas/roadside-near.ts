import { z } from 'zod';
import { isNearLagos } from '../config/lagos-areas';
import { nearestPlace, placeBySlug, type RoadsidePlace } from '../config/lagos-roads';
import { CAR_MAKES } from '../search/vocabulary';

/**
 * What the roadside screen answers (issue 38.1, ADR 082): a place chosen from the list (an area
 * or a point on a major road, `?near=<slug>`, a GET: the same answer for everyone there, so the
 * CDN serves it) or the phone's position (posted, never in a URL, never stored or logged), plus
 * the car's make if given (for "Send my location"). The page and its tests share these.
 */

/** How many open businesses the roadside screen lists, nearest first. */
export const ROADSIDE_LIMIT = 10;

/** Shown for a `near` that is not an area or road of the list. */
export const UNKNOWN_PLACE_MESSAGE = 'Choose an area or road from the list.';
/** Shown for a position that is not a number or out of range. */
export const BAD_POSITION_MESSAGE =
  'We could not read your location. Choose your area or road instead.';
/** Shown for a position outside Lagos. */
export const OUTSIDE_LAGOS_ROADSIDE_MESSAGE =
  'Your location looks outside Lagos. Choose your area or road instead.';

const make = z
  .string()
  .optional()
  .transform((value) => (value && CAR_MAKES.some((m) => m.name === value) ? value : undefined));

const coordinate = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number(BAD_POSITION_MESSAGE).min(min, BAD_POSITION_MESSAGE).max(max, BAD_POSITION_MESSAGE),
  );

/** A posted position (form fields `lat`, `lng` in WGS 84 degrees, `make`). */
export const RoadsidePositionSchema = z
  .object({ lat: coordinate(-90, 90), lng: coordinate(-180, 180), make })
  .refine((p) => isNearLagos(p.lat, p.lng), {
    message: OUTSIDE_LAGOS_ROADSIDE_MESSAGE,
    path: ['lat'],
  });

/** Where the list is measured from, as the page shows it. */
export interface RoadsideOrigin {
  lat: number;
  lng: number;
  /** The place chosen, or the named place nearest the position ("near Ojota"). */
  place: RoadsidePlace;
  /** True when the origin is the phone's own position. */
  exact: boolean;
  make?: string | undefined;
}

/**
 * The origin of a chosen place (`near`) or a posted position, or the message to show instead.
 * Rounds a position to 4 decimals (~11 m): enough for a tow truck, no more.
 */
export function roadsideOrigin(input: {
  near?: string | null;
  lat?: unknown;
  lng?: unknown;
  make?: unknown;
}): { origin: RoadsideOrigin } | { error: string } {
  const makeName = make.safeParse(input.make ?? undefined).data;
  if (input.lat !== undefined || input.lng !== undefined) {
    const parsed = RoadsidePositionSchema.safeParse({
      lat: input.lat,
      lng: input.lng,
      make: input.make ?? undefined,
    });
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? BAD_POSITION_MESSAGE };
    const lat = Math.round(parsed.data.lat * 1e4) / 1e4;
    const lng = Math.round(parsed.data.lng * 1e4) / 1e4;
    return {
      origin: { lat, lng, place: nearestPlace(lat, lng).place, exact: true, make: makeName },
    };
  }
  const place = input.near ? placeBySlug(input.near) : undefined;
  if (!place) return { error: UNKNOWN_PLACE_MESSAGE };
  return { origin: { lat: place.lat, lng: place.lon, place, exact: false, make: makeName } };
}

/** A map link of a point (OpenStreetMap, opens in any browser or maps app). */
export function mapLink(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

/**
 * The "Send my location" message (issue 38.2): where the motorist is (a map link and the named
 * place nearest), and the car's make if given.
 */
export function locationMessage(origin: RoadsideOrigin): string {
  const where = origin.exact ? `I'm near ${origin.place.name}` : `I'm at ${origin.place.name}`;
  const car = origin.make ? ` My car is a ${origin.make}.` : '';
  return `I need help: my car has broken down. ${where}, Lagos.${car} Map: ${mapLink(origin.lat, origin.lng)}`;
}
