import {
  distanceKm,
  isNearLagos,
  LAGOS_AREAS,
  nearestArea,
  type LagosArea,
} from '../../common/config/lagos-areas.ts';

/**
 * Area derivation (issue 16.4, ADR 020): which entry of the shipped Lagos area list
 * (`common/config/lagos-areas.ts`) a listing lies in, from its address, general location, city and
 * coordinates, with no network. Used on every write (registration, admin edit, imports) and by
 * the backfill migration.
 */
export { distanceKm, LAGOS_AREAS, nearestArea };

/** Farthest a point may be from the nearest area centre to be given that area (km). */
export const AREA_RADIUS_KM = 4;

/** The name of the nearest area to a point, however far (OpenStreetMap import labels). */
export function nearestLagosArea(lat: number, lon: number): string {
  return nearestArea(lat, lon).area.name;
}

/** Lower-case words separated by single spaces, padded: `" ikeja gra "`. */
function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** Every spelling of every area, normalised, longest first (so "ibeju lekki" beats "lekki"). */
const SPELLINGS: readonly { needle: string; area: LagosArea; alias: boolean }[] =
  LAGOS_AREAS.flatMap((area) =>
    [area.name, ...(area.aliases ?? [])].map((s, i) => ({
      needle: normalise(s),
      area,
      alias: i > 0,
    })),
  ).sort((a, b) => b.needle.length - a.needle.length);

/** Words after a place name that make it a street ("Ikorodu Road" runs through Maryland). */
const STREET =
  /^ (road|rd|street|st|expressway|expy|motor road|way|avenue|ave|crescent|close|lane|bypass|link road) /;
const SINGLE_WORD_SPELLINGS = new Set(
  SPELLINGS.map((s) => s.needle.trim()).filter((n) => !n.includes(' ')),
);

/** Whether the text after a match makes it a street name: "Road", or "Epe Expressway". */
function isStreetName(rest: string): boolean {
  if (STREET.test(rest)) return true;
  const next = /^ ([a-z0-9]+)( .*)$/.exec(rest);
  return Boolean(next && SINGLE_WORD_SPELLINGS.has(next[1]!) && STREET.test(next[2]!));
}

/**
 * The area a text names: the spelling that starts earliest in it (addresses go from street to
 * neighbourhood to LGA, so the first name is the most specific), the longest at one position.
 * Whole words only, any case and punctuation ("V.I." is "v i"); a name that is part of a street
 * name is skipped ("Ikorodu Road, Maryland" is Maryland, "Lekki-Epe Expressway, Ajah" is Ajah),
 * except for aliases, which may be streets of their area ("Bode Thomas Street" is Surulere).
 * Undefined when none.
 */
export function areaNamedIn(text: string | null | undefined): LagosArea | undefined {
  if (!text) return undefined;
  const haystack = normalise(text);
  let best: { at: number; length: number; area: LagosArea } | undefined;
  for (const { needle, area, alias } of SPELLINGS) {
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
      // Aliases may be streets of their area ("Bode Thomas Street" is in Surulere).
      if (!alias && isStreetName(haystack.slice(at + needle.length - 1))) continue;
      if (!best || at < best.at || (at === best.at && needle.length > best.length)) {
        best = { at, length: needle.length, area };
      }
      break;
    }
  }
  return best?.area;
}

/** What the area of a listing is derived from (the columns of business_registrations). */
export interface AreaSource {
  address?: string | null | undefined;
  general_location?: string | null | undefined;
  city?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
}

/**
 * The area of a listing (ADR 020): a name in the address, else in the general location, else in
 * the city; else the nearest area centre within {@link AREA_RADIUS_KM} of its coordinates (only
 * inside Lagos); else null. `deriveArea({ address: '12 Allen Avenue, Ikeja' })` → `'Ikeja'`.
 */
export function deriveArea(source: AreaSource): string | null {
  for (const text of [source.address, source.general_location, source.city]) {
    const named = areaNamedIn(text);
    if (named) return named.name;
  }
  const { latitude: lat, longitude: lon } = source;
  if (lat == null || lon == null || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (!isNearLagos(lat, lon)) return null;
  const { area, km } = nearestArea(lat, lon);
  return km <= AREA_RADIUS_KM ? area.name : null;
}
