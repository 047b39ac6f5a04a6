import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  type DirectorySearchQuery,
  type DirectorySearchResponse,
  parseSearchQuery,
} from '../../common/schemas/search.ts';
import type { Database } from '../db/database.ts';
import { CURSOR_TIME, decodeCursor, encodeCursor } from '../_lib/cursor.ts';
import { withCovers } from '../photos/photos.service.ts';
import { toPublicBusiness } from './directory.mapper.ts';
import { searchPage, type SearchPosition, type Total } from './search.repository.ts';

type Db = Kysely<Database>;

/**
 * What a search `nextCursor` carries ({@link encodeCursor}): the last listing shown (`c`:
 * created_at as UTC ISO text with microseconds, `i`: id) and the first page's total (`t`, `x`:
 * capped), so later pages neither recount nor change the number shown.
 */
const SearchCursorSchema = z.object({
  c: z.string().regex(CURSOR_TIME),
  i: z.uuid(),
  t: z.number().int().min(0),
  x: z.boolean(),
});
type SearchCursor = z.output<typeof SearchCursorSchema>;

const encodeSearchCursor = (position: SearchPosition, total: Total): string =>
  encodeCursor<SearchCursor>({
    c: position.createdAt,
    i: position.id,
    t: total.count,
    x: total.capped,
  });

/**
 * SPEC §7 search, one page: every word of `q` (synonyms expanded, `parseSearchQuery`) must
 * match, optional type and location filters, newest first, contact-protected rows. A blank
 * query finds nothing (SPEC §5: it clears the results). `total` is exact unless
 * `totalIsCapped` (then "at least `total`"; ADR 012); later pages repeat the first page's total;
 * `plan` names the steps taken (for `Server-Timing`, not part of the API's body).
 * @throws AppError BAD_REQUEST for a cursor not made by this API.
 */
export async function searchBusinesses(
  db: Db,
  query: DirectorySearchQuery,
): Promise<DirectorySearchResponse & { plan: string }> {
  const cursor = query.cursor ? decodeCursor(SearchCursorSchema, query.cursor) : undefined;
  const terms = parseSearchQuery(query.q);
  if (terms.length === 0)
    return { businesses: [], total: 0, totalIsCapped: false, nextCursor: null, plan: 'none' };
  const page = await searchPage(db, {
    terms,
    type: query.type,
    location: query.location,
    area: query.area,
    limit: query.limit,
    after: cursor ? { createdAt: cursor.c, id: cursor.i } : undefined,
    withTotal: !cursor,
  });
  const total = page.total ?? { count: cursor!.t, capped: cursor!.x };
  return {
    businesses: await withCovers(db, page.rows.map(toPublicBusiness)),
    total: total.count,
    totalIsCapped: total.capped,
    nextCursor: page.next ? encodeSearchCursor(page.next, total) : null,
    plan: page.plan,
  };
}
