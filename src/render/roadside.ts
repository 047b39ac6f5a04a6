/**
 * The roadside screen's answer (issue 38.1, ADR 082) for `/emergency` and `/breakdown-recovery`
 * (one screen, SPEC §2): read from the request, answered from the database on the server. A
 * chosen place arrives as `?near=<slug>` (GET, cached to the quarter hour like Open now); the
 * phone's position arrives posted (`lat`, `lng`: never in a URL, never stored or logged, the
 * answer `no-store`).
 */
import { sharedDatabase } from '../../functions/_lib/db.ts';
import { toE164 } from '../../functions/_lib/phone.ts';
import { nearestRoadsideHelp } from '../../functions/directory/roadside.service.ts';
import { coverageName } from '../../common/config/lagos-roads';
import type { NearbyBusiness } from '../../common/schemas/nearby';
import {
  locationMessage,
  roadsideOrigin,
  type RoadsideOrigin,
} from '../../common/schemas/roadside-near';
import { calloutText, coverageText } from '../../common/schemas/listing-lines';
import { distanceLabel } from '../../common/schemas/distance';
import type { PagePost } from './search';
import { whatsappUrl } from '../browser/contact-links';
import { telHref } from '../browser/offline/saved';

/** One business of the roadside list as the screen shows it. */
export interface RoadsideCard {
  id: string;
  name: string;
  href: string | null;
  distance: string;
  /** `tel:` link, or null without a phone. */
  call: string | null;
  /** `https://wa.me/…` link, or null without a WhatsApp number. */
  whatsapp: string | null;
  /** The WhatsApp link carrying "Send my location"'s message to this business. */
  sendLocation: string | null;
  /** "Open 24 hours", or "Open now" (the list holds only the open). */
  open: string;
  callout: string | null;
  comesToYou: string | null;
  location: string | null;
}

/** What the screen shows: nothing asked yet, a message, or the list for an origin. */
export type RoadsideView =
  | { kind: 'ask' }
  | { kind: 'error'; message: string }
  | { kind: 'list'; origin: RoadsideOrigin; cards: RoadsideCard[]; message: string };

function cardOf(business: NearbyBusiness, message: string): RoadsideCard {
  const phone = toE164(business.phone);
  const whatsapp = toE164(business.whatsapp);
  const wa = whatsapp ? whatsappUrl(whatsapp) : null;
  return {
    id: business.id,
    name: business.business_name,
    href: business.slug ? `/business/${business.slug}/` : null,
    distance: distanceLabel(business.distance_km, business.distance_from_area),
    call: business.phone ? telHref(phone ?? business.phone) : null,
    whatsapp: wa,
    sendLocation: wa ? `${wa}?text=${encodeURIComponent(message)}` : null,
    open: business.open_24_hours ? 'Open 24 hours' : 'Open now',
    callout: calloutText(business),
    comesToYou: coverageText(business, coverageName),
    location: business.area ?? business.general_location ?? business.city,
  };
}

/**
 * The view for this request: the posted position (`post`), else `?near=`, else nothing asked.
 * `status` is 422 for a position that cannot be used and 404 for an unknown place (the screen
 * still renders, with the message).
 */
export async function roadsideView(
  url: URL,
  post: { lat: string | null; lng: string | null; make: string | null } | undefined,
  now: Date = new Date(),
): Promise<{ view: RoadsideView; status: number }> {
  const near = url.searchParams.get('near');
  if (!post && near === null) return { view: { kind: 'ask' }, status: 200 };
  const found = post
    ? roadsideOrigin({ lat: post.lat ?? '', lng: post.lng ?? '', make: post.make })
    : roadsideOrigin({ near, make: url.searchParams.get('make') });
  if ('error' in found)
    return { view: { kind: 'error', message: found.error }, status: post ? 422 : 404 };
  const { db } = await sharedDatabase();
  const businesses = await nearestRoadsideHelp(db, found.origin, now);
  const message = locationMessage(found.origin);
  return {
    view: {
      kind: 'list',
      origin: found.origin,
      cards: businesses.map((b) => cardOf(b, message)),
      message,
    },
    status: 200,
  };
}

/**
 * The roadside view of a request to `/emergency` or `/breakdown-recovery` (`post`: its posted
 * form as `readPagePost` read it), with the response's status set: 422 for a posted position
 * that cannot be used, 404 for an unknown `near` (the screen renders either way, with the
 * message).
 */
export async function answerRoadside(
  astro: { url: URL; response: { status?: number | undefined } },
  post: PagePost,
): Promise<RoadsideView> {
  const { view, status } = await roadsideView(
    astro.url,
    post.kind === 'roadside' ? post : undefined,
  );
  if (status !== 200) astro.response.status = status;
  return view;
}

/** True when the page answers a place or position: its list is open-now, cached to the quarter hour. */
export const asksRoadside = (url: URL, post: PagePost): boolean =>
  post.kind === 'roadside' || url.searchParams.has('near');
