import type { BeaconEvent } from '../../common/schemas/insights';

/**
 * What a listing earns, reported by the browser (issue 27.1, ADR 041): `navigator.sendBeacon`
 * posts `{ listing, event }` (about 80 bytes, no cookie, nothing about the visitor) to
 * /api/beacon, which counts it per listing per day. A beacon that is lost (offline, an old
 * browser) loses one count; it never delays or breaks the page.
 */
export function sendListingEvent(listing: string, event: BeaconEvent): void {
  try {
    navigator.sendBeacon?.('/api/beacon', JSON.stringify({ listing, event }));
  } catch {
    // Counting is never worth an error in front of a visitor.
  }
}

let listening = false;

/**
 * Counts taps on the links that carry `data-beacon="<event>"` and `data-listing="<id>"` (Call,
 * WhatsApp, Get directions, Visit Website), wherever they are drawn, by one listener on the
 * document. Safe to call more than once.
 */
export function countListingTaps(): void {
  if (listening) return;
  listening = true;
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLElement>('[data-beacon]');
      const listing = link?.dataset.listing;
      if (link && listing) sendListingEvent(listing, link.dataset.beacon as BeaconEvent);
    },
    { capture: true },
  );
}
