import Papa from 'papaparse';
import type { ServiceCategory } from '../../common/schemas/categories.ts';
import { nearestLagosArea } from './lagos-areas.ts';

/**
 * OpenStreetMap tags (key=value) → our service categories (SPEC §9). Tags not listed here,
 * fuel stations among them, are out of scope for the directory and are skipped.
 */
export const OSM_TAG_CATEGORIES: Readonly<Record<string, ServiceCategory>> = {
  'shop=car': 'Car Dealership / Sales',
  'shop=car_repair': 'Mechanic / Repair Services',
  'shop=car_parts': 'Auto Parts & Accessories',
  'shop=tyres': 'Tyre Services',
  'amenity=car_wash': 'Car Wash & Detailing',
  'amenity=car_rental': 'Car Rental',
  'craft=car_repair': 'Mechanic / Repair Services',
  'shop=car_electrical': 'Auto Electrical',
  'amenity=vehicle_inspection': 'Vehicle Inspection',
};

/** One OpenStreetMap point as the import path sees it. */
export interface OsmPoint {
  id: string;
  lat: number;
  lon: number;
  name: string;
  tag: string;
  inLagos: boolean;
}

/** A point that maps to a directory listing. */
export interface OsmBusiness {
  sourceId: string;
  name: string;
  category: ServiceCategory;
  latitude: number;
  longitude: number;
  area: string;
}

export interface OsmMapping {
  businesses: OsmBusiness[];
  skipped: { unnamed: number; outOfScope: number; outsideLagos: number; duplicate: number };
}

/**
 * Parses the CSV of `shared/data/osm` (columns osm_node_id, lat, lon, name, name_en, osm_key,
 * osm_value, in_lagos_bbox) into points.
 */
export function parseOsmCsv(csv: string): OsmPoint[] {
  const { data } = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  return data.map((row) => ({
    id: `node/${row.osm_node_id}`,
    lat: Number(row.lat),
    lon: Number(row.lon),
    name: (row.name || row.name_en || '').trim(),
    tag: `${row.osm_key}=${row.osm_value}`,
    inLagos: row.in_lagos_bbox === '1',
  }));
}

/**
 * Maps points to listings: unnamed points, tags outside {@link OSM_TAG_CATEGORIES} (fuel),
 * points outside Lagos (when `lagosOnly`) and repeated OSM ids are skipped and counted.
 */
export function mapOsmPoints(points: OsmPoint[], { lagosOnly = true } = {}): OsmMapping {
  const skipped = { unnamed: 0, outOfScope: 0, outsideLagos: 0, duplicate: 0 };
  const seen = new Set<string>();
  const businesses: OsmBusiness[] = [];
  for (const point of points) {
    const category = OSM_TAG_CATEGORIES[point.tag];
    if (lagosOnly && !point.inLagos) skipped.outsideLagos++;
    else if (!category) skipped.outOfScope++;
    else if (!point.name) skipped.unnamed++;
    else if (seen.has(point.id)) skipped.duplicate++;
    else {
      seen.add(point.id);
      businesses.push({
        sourceId: point.id,
        name: point.name,
        category,
        latitude: point.lat,
        longitude: point.lon,
        area: nearestLagosArea(point.lat, point.lon),
      });
    }
  }
  return { businesses, skipped };
}
