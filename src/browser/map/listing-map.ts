/**
 * The map itself (issue 16.6, ADR 021): Leaflet with OpenStreetMap-style raster tiles and, for
 * more than one listing, leaflet.markercluster. Loaded only by a dynamic import from
 * ListingMap.astro's small loader when a map is opened ("Map" on a category page, "Show map" on a
 * business page, ADR 030), so neither this code nor its CSS counts against a page's load.
 *
 * Markers are CSS pins (a `divIcon`, no image from anywhere): on a category or area page each is
 * a real link to the business page (`<a href="/business/slug/">` named by the listing's name and
 * type), so it is reachable with Tab, opens with Enter and works with a middle click; on the
 * business page the one pin is a picture of the place. Cluster icons are Leaflet buttons (Tab,
 * Enter zooms in) named "N businesses here. Zoom in".
 */
import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?inline';
import 'leaflet.markercluster';
import clusterCss from 'leaflet.markercluster/dist/MarkerCluster.css?inline';
import { MAP_MAX_ZOOM, PLACE_ZOOM, type MapPoint } from '../../../common/config/map';

export interface ListingMapOptions {
  /** Tile URL template (`{z}/{x}/{y}`), the build's MAP_TILE_URL. */
  tileUrl: string;
  /** Attribution HTML of the tiles (escaped by the caller). */
  attribution: string;
  points: MapPoint[];
  /** `link`: each marker links to its business page; `place`: one pin, no link. */
  markers: 'link' | 'place';
}

/** A 24 px square turned 45° into a pin: its tip is 12·√2 ≈ 17 px below the centre. */
const PIN_SIZE: L.PointExpression = [24, 24];
const PIN_ANCHOR: L.PointExpression = [12, 29];

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function markerFor(point: MapPoint, kind: ListingMapOptions['markers']): L.Marker {
  const name = escapeHtml(point.name);
  const label = `${name}, ${escapeHtml(point.category)}`;
  const html =
    kind === 'link'
      ? `<a class="map-pin" href="/business/${encodeURIComponent(point.slug)}/" title="${label}"><span class="visually-hidden">${label}</span></a>`
      : `<span class="map-pin" role="img" aria-label="Location of ${name}"></span>`;
  return L.marker([point.lat, point.lng], {
    icon: L.divIcon({ html, className: 'map-marker', iconSize: PIN_SIZE, iconAnchor: PIN_ANCHOR }),
    // The link inside is the focusable, clickable element: Leaflet's own marker button would
    // wrap it (a link inside a button is not allowed), so the marker itself is inert.
    interactive: false,
    keyboard: false,
    alt: '',
  });
}

function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  return L.divIcon({
    html: `<span aria-hidden="true">${count}</span><span class="visually-hidden">${count} businesses here. Zoom in</span>`,
    className: 'map-cluster',
    iconSize: [40, 40],
  });
}

/**
 * Leaflet's CSS, added once when the map code loads: as strings in this lazy chunk, because a
 * plain CSS import here would be inlined into every page that can show a map (Astro collects the
 * CSS of a page's scripts). The CSP allows inline styles (ADR 015).
 */
function addStyles(): void {
  if (document.getElementById('leaflet-styles')) return;
  const style = document.createElement('style');
  style.id = 'leaflet-styles';
  style.textContent = `${leafletCss}\n${clusterCss}`;
  document.head.append(style);
}

/** A drawn map and a way to show other points on it (the category page's shown listings). */
export interface ListingMapHandle {
  map: L.Map;
  /** Replaces the markers with `points` and fits the map to them (none: the map stays put). */
  show(points: MapPoint[]): void;
}

/**
 * Draws the map of `options.points` into `element` and fits it to them (one point:
 * {@link PLACE_ZOOM}, the zoom of the business page's preview tile).
 * @returns the Leaflet map and {@link ListingMapHandle.show} to change its points.
 */
export function renderListingMap(
  element: HTMLElement,
  options: ListingMapOptions,
): ListingMapHandle {
  addStyles();
  const map = L.map(element, {
    // The page scrolls under the wheel; zoom with the buttons, a double click, +/- or a pinch.
    scrollWheelZoom: false,
    maxZoom: MAP_MAX_ZOOM,
    attributionControl: true,
  });
  map.attributionControl.setPrefix(false);
  L.tileLayer(options.tileUrl, {
    maxZoom: MAP_MAX_ZOOM,
    attribution: options.attribution,
  }).addTo(map);

  let layer: L.Layer | undefined;
  const show = (points: MapPoint[]) => {
    if (layer) map.removeLayer(layer);
    layer = undefined;
    const markers = points.map((point) => markerFor(point, options.markers));
    if (markers.length > 1) {
      const group = L.markerClusterGroup({
        iconCreateFunction: clusterIcon,
        showCoverageOnHover: false,
        // Listings at one address still open one by one.
        spiderfyOnMaxZoom: true,
        maxClusterRadius: 50,
      });
      // Enter or Space on a focused cluster does what a click does (zoom in, or fan out at the
      // deepest zoom); Leaflet only turns a click into a keyboard action for popups.
      group.on('clusterkeypress', (event) => {
        const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
        if (key !== 'Enter' && key !== ' ') return;
        const cluster = (event as unknown as { layer: L.MarkerCluster }).layer;
        if (map.getZoom() >= map.getMaxZoom()) cluster.spiderfy();
        else cluster.zoomToBounds({ padding: [30, 30] });
      });
      group.addLayers(markers);
      map.addLayer(group);
      map.fitBounds(group.getBounds(), { padding: [30, 30], maxZoom: 16 });
      layer = group;
    } else if (markers.length === 1) {
      markers[0]!.addTo(map);
      map.setView(markers[0]!.getLatLng(), PLACE_ZOOM);
      layer = markers[0];
    }
  };
  show(options.points);
  return { map, show };
}
