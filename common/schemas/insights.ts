import { z } from 'astro/zod';

/**
 * What a listing earns, counted per listing per day (issue 27.1, ADR 041). A visitor's browser
 * reports the events it sees with a beacon; the server adds the ones it makes itself
 * (`find_it_forward`). Nothing personal is sent or stored: a listing, an event and the day.
 */
export const LISTING_EVENTS = [
  'page_view',
  'detail_open',
  'contact_reveal',
  'call_tap',
  'whatsapp_tap',
  'directions_tap',
  'website_tap',
  'find_it_forward',
] as const;
export type ListingEvent = (typeof LISTING_EVENTS)[number];

/** The events a browser may report (the rest are counted by the server where they happen). */
export const BEACON_EVENTS = [
  'page_view',
  'detail_open',
  'contact_reveal',
  'call_tap',
  'whatsapp_tap',
  'directions_tap',
  'website_tap',
] as const satisfies readonly ListingEvent[];
export type BeaconEvent = (typeof BEACON_EVENTS)[number];

/**
 * POST /api/beacon: `{ listing, event }`, sent with `navigator.sendBeacon` (text/plain JSON, no
 * cookie needed). `listing` is the business id of the page or card.
 */
export const BeaconSchema = z.object({
  listing: z.uuid(),
  event: z.enum(BEACON_EVENTS),
});
export type Beacon = z.infer<typeof BeaconSchema>;
