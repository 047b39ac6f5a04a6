import { CAR_MAKES } from '../search/vocabulary';

/**
 * The choices of the Find It form (issue 36, ADR 079), without Zod: the form's island imports
 * them and must hydrate without Zod (ADR 046, ADR 091); common/schemas/quotes.ts builds its
 * schemas from them.
 */

/** The makes of the Find It form's list: the search vocabulary's (common/search/vocabulary.ts). */
export const CAR_MAKE_NAMES = CAR_MAKES.map((m) => m.name) as unknown as readonly [
  string,
  ...string[],
];

export const URGENCIES = [
  { key: 'today', label: 'Today' },
  { key: 'this_week', label: 'This week' },
  { key: 'prices', label: 'Just asking prices' },
] as const;
export type Urgency = (typeof URGENCIES)[number]['key'];
/** The urgencies' keys, as Zod's enums take them. */
export const URGENCY_KEYS = URGENCIES.map((u) => u.key) as [Urgency, ...Urgency[]];

export const CONTACT_METHODS = [
  { key: 'call', label: 'Phone call' },
  { key: 'whatsapp', label: 'WhatsApp' },
  { key: 'email', label: 'E-mail' },
] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number]['key'];
