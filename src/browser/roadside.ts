/**
 * The roadside screen's script (issue 38.1, ADR 082): shows "Use my location" where the phone
 * can locate, and on a tap fills the posted form with the position (4 decimals, ~11 m) and the
 * chosen make, then sends it: one request answers the list. The position goes in the body,
 * never a URL, and nothing of it is kept. Refused or failed, it says so and moves to the
 * area/road choice, which works without this script. Kept tiny: the screen is budgeted for 2G.
 */

/** Shown when the phone refuses or cannot locate. */
export const LOCATION_DENIED =
  'Location is off or not allowed. Choose your area or road below instead.';
export const LOCATION_FAILED =
  'We could not find your location. Choose your area or road below instead.';
const LOCATING = 'Finding your location…';

export function startRoadside(): void {
  // A list for the phone's position is not kept offline: keep its place's list instead (38.6).
  const keep = document.querySelector<HTMLElement>('[data-roadside-keep]')?.dataset.roadsideKeep;
  if (keep)
    navigator.serviceWorker?.controller?.postMessage({
      type: 'CACHE_URLS',
      payload: { urlsToCache: [keep] },
    });
  const form = document.querySelector<HTMLFormElement>('[data-roadside-locate]');
  const button = form?.querySelector<HTMLButtonElement>('[data-locate]');
  if (!form || !button || !('geolocation' in navigator)) return;
  const status = form.querySelector<HTMLElement>('[data-locate-status]')!;
  const choice = document.querySelector<HTMLSelectElement>('#roadside-near');
  const make = document.querySelector<HTMLSelectElement>('[data-roadside-make]');
  button.classList.remove('locate-waiting');
  // Back to this page (the back/forward cache): a new tap asks for a new position.
  addEventListener('pageshow', () => {
    for (const name of ['lat', 'lng'])
      (form.elements.namedItem(name) as HTMLInputElement).value = '';
    button.disabled = false;
    status.textContent = '';
  });
  form.addEventListener('submit', (event) => {
    const lat = form.elements.namedItem('lat') as HTMLInputElement;
    const lng = form.elements.namedItem('lng') as HTMLInputElement;
    if (lat.value && lng.value) return; // the position is in: let it go
    event.preventDefault();
    button.disabled = true;
    status.textContent = LOCATING;
    navigator.geolocation.getCurrentPosition(
      (found) => {
        lat.value = found.coords.latitude.toFixed(4);
        lng.value = found.coords.longitude.toFixed(4);
        (form.elements.namedItem('make') as HTMLInputElement).value = make?.value ?? '';
        form.requestSubmit();
      },
      (error) => {
        button.disabled = false;
        status.textContent =
          error.code === error.PERMISSION_DENIED ? LOCATION_DENIED : LOCATION_FAILED;
        choice?.focus();
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  });
}
