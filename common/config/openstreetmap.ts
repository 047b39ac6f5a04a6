/**
 * OpenStreetMap as a data source: the attribution the ODbL 1.0 requires wherever its data shows
 * (the business page, the footer, bulk import) and the `source` value of listings taken from it.
 * Shared by the site and the function layer.
 */
export const OSM_ATTRIBUTION = {
  text: '© OpenStreetMap contributors',
  url: 'https://www.openstreetmap.org/copyright',
} as const;

/** business_registrations.source of listings imported from OpenStreetMap. */
export const OSM_SOURCE = 'openstreetmap';
