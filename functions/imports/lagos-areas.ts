/**
 * Approximate centres of well-known Lagos areas, used to name the area of an imported point
 * that has coordinates but no address (OpenStreetMap nodes often have no addr:* tags).
 */
export const LAGOS_AREAS: readonly { name: string; lat: number; lon: number }[] = [
  { name: 'Ikeja', lat: 6.6018, lon: 3.3515 },
  { name: 'Lekki', lat: 6.4474, lon: 3.4723 },
  { name: 'Surulere', lat: 6.5006, lon: 3.3536 },
  { name: 'Yaba', lat: 6.5095, lon: 3.3711 },
  { name: 'Apapa', lat: 6.4489, lon: 3.3594 },
  { name: 'Mushin', lat: 6.5273, lon: 3.3525 },
  { name: 'Victoria Island', lat: 6.4281, lon: 3.4219 },
  { name: 'Ikoyi', lat: 6.4549, lon: 3.4365 },
  { name: 'Lagos Island', lat: 6.4541, lon: 3.3947 },
  { name: 'Ebute Metta', lat: 6.4853, lon: 3.3784 },
  { name: 'Festac', lat: 6.4667, lon: 3.2833 },
  { name: 'Amuwo Odofin', lat: 6.4526, lon: 3.3066 },
  { name: 'Ojo', lat: 6.4604, lon: 3.1813 },
  { name: 'Ikorodu', lat: 6.6194, lon: 3.5105 },
  { name: 'Ajah', lat: 6.4698, lon: 3.5852 },
  { name: 'Oshodi', lat: 6.5556, lon: 3.3436 },
  { name: 'Isolo', lat: 6.5333, lon: 3.3167 },
  { name: 'Agege', lat: 6.618, lon: 3.3209 },
  { name: 'Gbagada', lat: 6.5536, lon: 3.39 },
  { name: 'Maryland', lat: 6.57, lon: 3.365 },
  { name: 'Ogba', lat: 6.627, lon: 3.343 },
  { name: 'Alimosho', lat: 6.61, lon: 3.296 },
  { name: 'Magodo', lat: 6.617, lon: 3.383 },
  { name: 'Ketu', lat: 6.597, lon: 3.39 },
  { name: 'Badagry', lat: 6.415, lon: 2.881 },
  { name: 'Epe', lat: 6.584, lon: 3.983 },
];

/** The name of the nearest area to a point (equirectangular distance is plenty at this scale). */
export function nearestLagosArea(lat: number, lon: number): string {
  let best = LAGOS_AREAS[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const area of LAGOS_AREAS) {
    const dx = (area.lon - lon) * Math.cos((lat * Math.PI) / 180);
    const dy = area.lat - lat;
    const distance = dx * dx + dy * dy;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = area;
    }
  }
  return best.name;
}
