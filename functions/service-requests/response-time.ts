import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import * as registrations from '../registrations/registrations.repository.ts';
import { listingChangeTags } from '../site/cache-tags.ts';

/**
 * Response time, public (issue 36.5): a listing's Find It figures of 90 days follow the writes
 * that change them (a request reaching it, an answer), and the pages showing the listing are
 * purged when they changed.
 * @returns the cache tags to purge.
 */
export async function refreshResponseTimes(
  db: Kysely<Database>,
  listingIds: readonly string[],
): Promise<string[]> {
  const changed = await registrations.refreshQuoteResponse(db, listingIds);
  return [...new Set(changed.flatMap((listing) => listingChangeTags(listing, listing)))];
}
