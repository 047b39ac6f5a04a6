import type { Kysely } from 'kysely';
import type { PublicBusiness } from '../../common/schemas/directory.ts';
import type { BusinessDirectoryRow, Database } from '../db/database.ts';
import { withCovers } from '../photos/photos.service.ts';
import { toPublicBusiness } from './directory.mapper.ts';

type Db = Kysely<Database>;

/**
 * The one finishing step of every listing list (issues 34.8 and 39.4): directory rows, in the
 * order given, become public listings (`toPublicBusiness`: contact protection) plus what `extra`
 * adds for each row (a distance, say), then get their cover photos (`withCovers`, one query for
 * the page; `cover` null without a live cover). Recommended, Top rated, Most reviewed, search,
 * near me and area lists all end here, so none can drop a step.
 */
export async function finishListings<R extends BusinessDirectoryRow, X extends object = object>(
  db: Db,
  rows: readonly R[],
  extra?: (row: R) => X,
): Promise<(PublicBusiness & X)[]> {
  return withCovers(
    db,
    rows.map((row) => ({ ...toPublicBusiness(row), ...(extra?.(row) as X) })),
  );
}
