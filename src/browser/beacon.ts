import type { BeaconEvent } from '../../common/schemas/insights';

/**
 * What a listing earns, reported by the browser (issue 27.1, ADR 041): `navigator.sendBeacon`
 * posts `{ listing, event }` (about 80 bytes, no cookie, nothing about the visitor) to
 * /api/beacon, which counts it per listing per day. A beacon that is lost (offline, an old
 * browser) loses one count; it never delays or breaks the page.
 */
export function sendListingEvent(listing: string, event: BeaconEvent): void {
  navigator.sendBeacon?.('/api/beacon', JSON.stringify({ listing, event }));
}

/**
 * Counts, on any page (the header's script calls it once): the view of a business page (its
 * element with `data-listing-id` and `data-page-view`), and every tap on an element marked
 * `data-beacon="<event>"` inside an element with `data-listing-id`: Call, WhatsApp, Get
 * directions and View on map, Visit Website, and a card that opens the detail dialog. One
 * listener on the window, so what an island draws later counts too. (Kept small: it is part of
 * the business page's 20 KB of JavaScript.)
 */
export function countListingEvents(): void {
  const page = document.querySelector<HTMLElement>('[data-page-view]')?.dataset.listingId;
  if (page) sendListingEvent(page, 'page_view');
  addEventListener(
    'click',
    (event) => {
      const target = (event.target as Element).closest?.<HTMLElement>('[data-beacon]');
      const listing = target?.closest<HTMLElement>('[data-listing-id]')?.dataset.listingId;
      if (listing) sendListingEvent(listing, target!.dataset.beacon as BeaconEvent);
    },
    true,
  );
}
