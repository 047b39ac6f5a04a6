/**
 * Saved businesses (issue 22.5, ADR 030): a visitor's own short list, kept in this browser's
 * localStorage with no account, so the phone number and address of a mechanic are at hand on
 * /saved/ without a connection. Only what the business page shows every visitor is kept (the
 * public view: a registered-users-only listing has no phone or address there, ADR 003).
 *
 * Storage: one JSON array under {@link SAVED_KEY}, newest first, at most {@link SAVED_MAX}.
 * Entries that do not have the shape below (an older format, a hand edit) are dropped on read.
 * Every function takes the storage, so unit tests pass their own; a browser that refuses
 * storage (private mode with a full quota) reads as an empty list and saving reports false.
 */

export const SAVED_KEY = 'lagos-auto-hub:saved';

/** Most businesses kept; saving one more drops the oldest. */
export const SAVED_MAX = 100;

/** What a saved business keeps: the business page's public view, as shown when it was saved. */
export interface SavedBusiness {
  slug: string;
  name: string;
  /** Business type (SPEC §3), e.g. "Mechanic / Repair Services". */
  type: string;
  /** Area line of the page, e.g. "Yaba, Lagos". */
  location: string;
  phone: string | null;
  /** Street address with city and state, as the contact card shows it. */
  address: string | null;
  /** ISO 8601 time it was saved (or last refreshed from its page). */
  savedAt: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const text = (value: unknown): value is string => typeof value === 'string';
const textOrNull = (value: unknown): value is string | null => value === null || text(value);

function isSaved(value: unknown): value is SavedBusiness {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    text(v.slug) &&
    v.slug.length > 0 &&
    text(v.name) &&
    text(v.type) &&
    text(v.location) &&
    textOrNull(v.phone) &&
    textOrNull(v.address) &&
    text(v.savedAt)
  );
}

/** The saved businesses, newest first; [] when none, unreadable or storage is refused. */
export function readSaved(storage: Store): SavedBusiness[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SAVED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSaved) : [];
  } catch {
    return [];
  }
}

function write(storage: Store, list: SavedBusiness[]): boolean {
  try {
    storage.setItem(SAVED_KEY, JSON.stringify(list.slice(0, SAVED_MAX)));
    return true;
  } catch {
    return false;
  }
}

/** Whether the business `slug` is saved. */
export function isSavedSlug(storage: Store, slug: string): boolean {
  return readSaved(storage).some((b) => b.slug === slug);
}

/**
 * Saves `business` first in the list (replacing an older copy of the same slug).
 * @returns false when the browser refused to store it.
 */
export function saveBusiness(
  storage: Store,
  business: Omit<SavedBusiness, 'savedAt'>,
  now = new Date(),
): boolean {
  const entry: SavedBusiness = { ...business, savedAt: now.toISOString() };
  if (!isSaved(entry)) return false;
  return write(storage, [entry, ...readSaved(storage).filter((b) => b.slug !== business.slug)]);
}

/** Removes the business `slug`; false when the browser refused the change. */
export function removeSaved(storage: Store, slug: string): boolean {
  return write(
    storage,
    readSaved(storage).filter((b) => b.slug !== slug),
  );
}

/**
 * Refreshes a saved business from its page as shown now (a changed phone number, or contact
 * details the owner has since restricted to registered users), keeping its place in the list.
 * Does nothing when it is not saved or nothing changed.
 */
export function refreshSaved(
  storage: Store,
  business: Omit<SavedBusiness, 'savedAt'>,
  now = new Date(),
): void {
  const list = readSaved(storage);
  const index = list.findIndex((b) => b.slug === business.slug);
  if (index < 0) return;
  const old = list[index]!;
  const same = (Object.keys(business) as (keyof typeof business)[]).every(
    (key) => old[key] === business[key],
  );
  if (same) return;
  list[index] = { ...business, savedAt: now.toISOString() };
  write(storage, list);
}

/** `tel:` link of a phone number as written on a listing (spaces and dashes dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[\s().-]+/g, '')}`;
}
