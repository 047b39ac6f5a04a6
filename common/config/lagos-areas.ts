/**
 * The Lagos areas of the area filter (issue 16.4, ADR 020): the 20 Local Government Areas and
 * common neighbourhoods, each with its URL slug (`/mechanic/?area=ikeja`) and an approximate
 * centre (WGS 84 degrees, to about a kilometre). Shared by the site and the API: the `area`
 * column of a listing holds one `name` of this list (or null).
 *
 * `aliases` are other ways an address names the place ("V.I.", "Festac Town", "Computer
 * Village"), matched as whole words after normalisation (see `deriveArea`).
 */
export interface LagosArea {
  /** Display name, stored in `business_registrations.area`. */
  name: string;
  /** URL slug (lower-case, hyphens): the `area` query parameter. */
  slug: string;
  kind: 'lga' | 'neighbourhood';
  /** The LGA a neighbourhood lies in (its own name for an LGA). */
  lga: string;
  lat: number;
  lon: number;
  aliases?: readonly string[];
}

type Row = [
  name: string,
  kind: 'lga' | 'n',
  lga: string,
  lat: number,
  lon: number,
  aliases?: string[],
];

// prettier-ignore
const ROWS: Row[] = [
  // The 20 Local Government Areas.
  ['Agege', 'lga', 'Agege', 6.618, 3.3209],
  ['Ajeromi-Ifelodun', 'lga', 'Ajeromi-Ifelodun', 6.448, 3.332, ['Ajeromi']],
  ['Alimosho', 'lga', 'Alimosho', 6.6, 3.25, ['Akowonjo']],
  ['Amuwo Odofin', 'lga', 'Amuwo Odofin', 6.4526, 3.3066],
  ['Apapa', 'lga', 'Apapa', 6.4489, 3.3594, ['Ijora']],
  ['Badagry', 'lga', 'Badagry', 6.415, 2.881],
  ['Epe', 'lga', 'Epe', 6.584, 3.983],
  ['Eti-Osa', 'lga', 'Eti-Osa', 6.459, 3.541, ['Ikota', 'VGC', 'Osapa']],
  ['Ibeju-Lekki', 'lga', 'Ibeju-Lekki', 6.47, 3.85, ['Lakowe', 'Awoyaya']],
  ['Ifako-Ijaiye', 'lga', 'Ifako-Ijaiye', 6.66, 3.33, ['Ifako', 'Iju']],
  ['Ikeja', 'lga', 'Ikeja', 6.6018, 3.3515, ['Ikeja GRA', 'Allen Avenue', 'Computer Village', 'Oregun']],
  ['Ikorodu', 'lga', 'Ikorodu', 6.6194, 3.5105],
  ['Kosofe', 'lga', 'Kosofe', 6.59, 3.41, ['Ogudu']],
  ['Lagos Island', 'lga', 'Lagos Island', 6.4541, 3.3947, ['Idumota', 'Isale Eko', 'Marina']],
  ['Lagos Mainland', 'lga', 'Lagos Mainland', 6.492, 3.387, ['Oyingbo', 'Otto']],
  ['Mushin', 'lga', 'Mushin', 6.5273, 3.3525, ['Idi Araba', 'Papa Ajao']],
  ['Ojo', 'lga', 'Ojo', 6.4604, 3.1813, ['Alaba']],
  ['Oshodi-Isolo', 'lga', 'Oshodi-Isolo', 6.545, 3.325],
  ['Shomolu', 'lga', 'Shomolu', 6.539, 3.384, ['Somolu']],
  ['Surulere', 'lga', 'Surulere', 6.5006, 3.3536, ['Ojuelegba', 'Aguda', 'Itire', 'Lawanson', 'Bode Thomas']],
  // Neighbourhoods motorists name.
  ['Abule Egba', 'n', 'Agege', 6.645, 3.305],
  ['Ajah', 'n', 'Eti-Osa', 6.4698, 3.5852, ['Badore', 'Abraham Adesanya']],
  ['Ajegunle', 'n', 'Ajeromi-Ifelodun', 6.458, 3.338],
  ['Alausa', 'n', 'Ikeja', 6.615, 3.36],
  ['Bariga', 'n', 'Shomolu', 6.542, 3.393],
  ['Berger', 'n', 'Kosofe', 6.645, 3.373],
  ['Chevron', 'n', 'Eti-Osa', 6.438, 3.53, ['Chevron Drive']],
  ['Costain', 'n', 'Surulere', 6.483, 3.368],
  ['Ebute Metta', 'n', 'Lagos Mainland', 6.4853, 3.3784],
  ['Egbeda', 'n', 'Alimosho', 6.592, 3.29],
  ['Ejigbo', 'n', 'Oshodi-Isolo', 6.556, 3.298],
  ['Festac', 'n', 'Amuwo Odofin', 6.4667, 3.2833, ['Festac Town']],
  ['Gbagada', 'n', 'Kosofe', 6.5536, 3.39],
  ['Idimu', 'n', 'Alimosho', 6.58, 3.272],
  ['Igando', 'n', 'Alimosho', 6.553, 3.237],
  ['Ijesha', 'n', 'Surulere', 6.496, 3.337],
  ['Ikotun', 'n', 'Alimosho', 6.548, 3.264],
  ['Ikoyi', 'n', 'Eti-Osa', 6.4549, 3.4365],
  ['Ilupeju', 'n', 'Mushin', 6.553, 3.357],
  ['Ipaja', 'n', 'Alimosho', 6.615, 3.265],
  ['Isolo', 'n', 'Oshodi-Isolo', 6.5333, 3.3167],
  ['Iyana Ipaja', 'n', 'Alimosho', 6.614, 3.296],
  ['Ketu', 'n', 'Kosofe', 6.597, 3.39],
  ['Ladipo', 'n', 'Mushin', 6.54, 3.353, ['Ladipo Market']],
  ['Lekki', 'n', 'Eti-Osa', 6.4474, 3.4723, ['Lekki Phase 1', 'Lekki Phase I']],
  ['Magodo', 'n', 'Kosofe', 6.617, 3.383],
  ['Maryland', 'n', 'Kosofe', 6.57, 3.365, ['Anthony']],
  ['Mile 12', 'n', 'Kosofe', 6.607, 3.402, ['Mile Twelve']],
  ['Mile 2', 'n', 'Amuwo Odofin', 6.462, 3.318, ['Mile Two']],
  ['Obalende', 'n', 'Lagos Island', 6.447, 3.408],
  ['Ogba', 'n', 'Ikeja', 6.627, 3.343],
  ['Ojodu', 'n', 'Ikeja', 6.64, 3.364],
  ['Ojota', 'n', 'Kosofe', 6.585, 3.378],
  ['Okota', 'n', 'Oshodi-Isolo', 6.51, 3.307],
  ['Oniru', 'n', 'Eti-Osa', 6.433, 3.45],
  ['Opebi', 'n', 'Ikeja', 6.595, 3.363],
  ['Orile', 'n', 'Surulere', 6.483, 3.34, ['Orile Iganmu']],
  ['Oshodi', 'n', 'Oshodi-Isolo', 6.5556, 3.3436],
  ['Oworonshoki', 'n', 'Kosofe', 6.545, 3.405],
  ['Palmgrove', 'n', 'Shomolu', 6.542, 3.368, ['Palm Grove']],
  ['Sangotedo', 'n', 'Eti-Osa', 6.465, 3.626],
  ['Satellite Town', 'n', 'Amuwo Odofin', 6.444, 3.259],
  ['Trade Fair', 'n', 'Ojo', 6.468, 3.25, ['ASPAMDA', 'Trade Fair Complex']],
  ['Victoria Island', 'n', 'Eti-Osa', 6.4281, 3.4219, ['VI', 'V I', 'V/I']],
  ['Yaba', 'n', 'Lagos Mainland', 6.5095, 3.3711, ['Sabo Yaba', 'Akoka']],
];

/** `Victoria Island` → `victoria-island`, `Mile 2` → `mile-2`. */
export function areaSlugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Every area, LGAs first, then neighbourhoods, each alphabetical. */
export const LAGOS_AREAS: readonly LagosArea[] = ROWS.map(
  ([name, kind, lga, lat, lon, aliases]) => ({
    name,
    slug: areaSlugOf(name),
    kind: kind === 'lga' ? 'lga' : 'neighbourhood',
    lga,
    lat,
    lon,
    ...(aliases ? { aliases } : {}),
  }),
);

const BY_SLUG = new Map(LAGOS_AREAS.map((a) => [a.slug, a]));
const BY_NAME = new Map(LAGOS_AREAS.map((a) => [a.name.toLowerCase(), a]));

/** The area with this slug (`ikeja`), or undefined. */
export function areaBySlug(slug: string): LagosArea | undefined {
  return BY_SLUG.get(slug.trim().toLowerCase());
}

/** The area with this display name (any case), or undefined. */
export function areaByName(name: string): LagosArea | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}

const MEMBERS = new Map(
  LAGOS_AREAS.map((a) => [
    a.name,
    a.kind === 'lga'
      ? [
          a.name,
          ...LAGOS_AREAS.filter((n) => n.kind === 'neighbourhood' && n.lga === a.name).map(
            (n) => n.name,
          ),
        ]
      : [a.name],
  ]),
);

/**
 * The stored area names a filter on area `name` matches (issue 16.4, ADR 020 update): an LGA
 * covers itself and its neighbourhoods of this list (`Ikeja` → Ikeja, Alausa, Ogba, Ojodu,
 * Opebi), a neighbourhood only itself. `[name]` for a name not on the list.
 */
export function areaNamesWithin(name: string): readonly string[] {
  return MEMBERS.get(name) ?? [name];
}

/**
 * Rough bounds of Lagos State plus a margin (degrees): near-me positions outside are refused
 * and derived areas come only from points inside.
 */
export const LAGOS_BOUNDS = { south: 6.2, north: 6.9, west: 2.6, east: 4.4 } as const;

/** True when the point lies within {@link LAGOS_BOUNDS}. */
export function isNearLagos(lat: number, lon: number): boolean {
  return (
    lat >= LAGOS_BOUNDS.south &&
    lat <= LAGOS_BOUNDS.north &&
    lon >= LAGOS_BOUNDS.west &&
    lon <= LAGOS_BOUNDS.east
  );
}

/** Every area name, for the admin's area choice (a Zod enum needs a non-empty tuple). */
export const LAGOS_AREA_NAMES = LAGOS_AREAS.map((a) => a.name) as [string, ...string[]];

const EARTH_RADIUS_KM = 6371;

/** Great-circle (haversine) distance in km between two WGS 84 points. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The nearest area to a point and its distance in km (any distance). */
export function nearestArea(lat: number, lon: number): { area: LagosArea; km: number } {
  let best = LAGOS_AREAS[0]!;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const area of LAGOS_AREAS) {
    const km = distanceKm(lat, lon, area.lat, area.lon);
    if (km < bestKm) {
      bestKm = km;
      best = area;
    }
  }
  return { area: best, km: bestKm };
}
