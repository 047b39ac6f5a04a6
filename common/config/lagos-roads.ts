import { slugify } from '../schemas/text';
import { distanceKm, LAGOS_AREAS, nearestArea, type LagosArea } from './lagos-areas';

/**
 * The major roads a Lagos motorist breaks down on (issue 38.1, ADR 082), each as named points
 * along it (WGS 84 degrees, hand-placed to about half a kilometre, like the area centres): a
 * 50 km expressway is several places to a stranded motorist, a bridge one or two. The roadside
 * screen offers them beside the areas; "Send my location" names the nearest one.
 */
export interface RoadPoint {
  /** URL slug, unique among roads and areas: the `near` parameter (`?near=third-mainland-bridge-oworonshoki`). */
  slug: string;
  /** The road ("Third Mainland Bridge"). */
  road: string;
  /** The point on it as a motorist names it ("Third Mainland Bridge (Oworonshoki end)"). */
  name: string;
  lat: number;
  lon: number;
}

type Stretch = [where: string, lat: number, lon: number];

// prettier-ignore
const ROADS: [road: string, stretches: Stretch[]][] = [
  ['Third Mainland Bridge', [
    ['Oworonshoki end', 6.5508, 3.3985],
    ['middle', 6.5125, 3.4025],
    ['Adeniji Adele end', 6.4655, 3.3915],
  ]],
  ['Lekki–Epe Expressway', [
    ['Lekki Phase 1', 6.4395, 3.4745],
    ['Ajah', 6.4672, 3.5705],
    ['Sangotedo–Awoyaya', 6.4705, 3.6505],
    ['Lakowe–Eleko', 6.4725, 3.7605],
  ]],
  ['Apapa–Oshodi Expressway', [
    ['Mile 2', 6.4625, 3.3185],
    ['Ijesha–Cele', 6.5165, 3.3255],
    ['Oshodi', 6.5535, 3.3415],
  ]],
  ['Lagos–Ibadan Expressway', [
    ['Berger', 6.6415, 3.3725],
    ['Kara–Isheri', 6.6635, 3.3885],
    ['Magboro', 6.7155, 3.4005],
  ]],
  ['Ikorodu Road', [
    ['Jibowu–Fadeyi', 6.5245, 3.3715],
    ['Maryland', 6.5715, 3.3665],
    ['Ketu–Mile 12', 6.6005, 3.3935],
    ['Ikorodu', 6.6155, 3.4985],
  ]],
  ['Badagry Expressway', [
    ['Festac', 6.4665, 3.2835],
    ['Alaba–Okokomaiko', 6.4625, 3.1905],
    ['Agbara', 6.5045, 3.0905],
    ['Badagry', 6.4245, 2.8995],
  ]],
  ['Eko Bridge', [['', 6.4625, 3.3805]]],
  ['Carter Bridge', [['', 6.4635, 3.3885]]],
  ['Funsho Williams Avenue', [
    ['Costain', 6.4815, 3.3695],
    ['Ojuelegba', 6.5075, 3.3635],
  ]],
  ['Ikotun–Igando Road', [
    ['Ikotun', 6.5495, 3.2665],
    ['Igando', 6.5525, 3.2385],
  ]],
];

/** Every point of every road, road by road in the order above. */
export const ROAD_POINTS: readonly RoadPoint[] = ROADS.flatMap(([road, stretches]) =>
  stretches.map(([where, lat, lon]) => ({
    slug: slugify(where && where !== 'middle' ? `${road} ${where}` : road),
    road,
    name: where ? `${road} (${where})` : road,
    lat,
    lon,
  })),
);

/** The roads in order, each with its points (for the choice's groups). */
export const LAGOS_ROADS: readonly { road: string; points: readonly RoadPoint[] }[] = ROADS.map(
  ([road]) => ({ road, points: ROAD_POINTS.filter((p) => p.road === road) }),
);

/**
 * The roads as a mobile business covers them (issue 38.3): one slug per road (`lekki-epe-expressway`),
 * kept in `coverage_areas` beside area slugs (ADR 081).
 */
export const COVERAGE_ROADS: readonly { slug: string; road: string }[] = ROADS.map(([road]) => ({
  slug: slugify(road),
  road,
}));

/** The name of a covered place's slug: an area's or a road's; undefined for neither. */
export function coverageName(slug: string): string | undefined {
  return (
    LAGOS_AREAS.find((a) => a.slug === slug)?.name ??
    COVERAGE_ROADS.find((r) => r.slug === slug)?.road
  );
}

/** A covered place's slug from its name or slug (a CSV cell), or undefined. */
export function coverageSlugOf(text: string): string | undefined {
  const key = slugify(text);
  return (
    LAGOS_AREAS.find((a) => a.slug === key || slugify(a.name) === key)?.slug ??
    COVERAGE_ROADS.find((r) => r.slug === key)?.slug
  );
}

/** A place a stranded motorist can name: an area or a point on a major road. */
export type RoadsidePlace =
  | { kind: 'area'; slug: string; name: string; lat: number; lon: number; area: LagosArea }
  | { kind: 'road'; slug: string; name: string; lat: number; lon: number; road: RoadPoint };

const placeOfArea = (area: LagosArea): RoadsidePlace => ({
  kind: 'area',
  slug: area.slug,
  name: area.name,
  lat: area.lat,
  lon: area.lon,
  area,
});
const placeOfRoad = (road: RoadPoint): RoadsidePlace => ({
  kind: 'road',
  slug: road.slug,
  name: road.name,
  lat: road.lat,
  lon: road.lon,
  road,
});

/** The area or road point of a `near` slug, or undefined. */
export function placeBySlug(slug: string): RoadsidePlace | undefined {
  const road = ROAD_POINTS.find((p) => p.slug === slug);
  if (road) return placeOfRoad(road);
  const area = LAGOS_AREAS.find((a) => a.slug === slug);
  return area ? placeOfArea(area) : undefined;
}

/**
 * The named place nearest a position: a road point within 1.5 km wins (the motorist is on it),
 * else the nearest area centre. `km` is the distance to it.
 */
export function nearestPlace(lat: number, lon: number): { place: RoadsidePlace; km: number } {
  let road: { point: RoadPoint; km: number } | undefined;
  for (const point of ROAD_POINTS) {
    const km = distanceKm(lat, lon, point.lat, point.lon);
    if (!road || km < road.km) road = { point, km };
  }
  if (road && road.km <= 1.5) return { place: placeOfRoad(road.point), km: road.km };
  const { area, km } = nearestArea(lat, lon);
  return { place: placeOfArea(area), km };
}
