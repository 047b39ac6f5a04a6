import { type Kysely, sql } from 'kysely';
import type { BusinessDirectoryRow, Database } from '../db/database.ts';

type Db = Kysely<Database>;

/** `%term%` for LIKE with the pattern characters of `term` escaped (backslash is the escape). */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface DirectoryFilter {
  type?: string | undefined;
  location?: string | undefined;
}

function applyFilters<QB extends { where: any }>(query: QB, filter: DirectoryFilter): QB {
  let q = query;
  if (filter.type && filter.type.toLowerCase() !== 'all') {
    q = q.where('type_text', 'like', containsPattern(filter.type));
  }
  if (filter.location) q = q.where('location_text', 'like', containsPattern(filter.location));
  return q;
}

/** Approved listings in the public order of SPEC §7: featured first, display_order, newest. */
export async function listDirectory(
  db: Db,
  filter: DirectoryFilter,
  limit: number,
): Promise<BusinessDirectoryRow[]> {
  const query = applyFilters(db.selectFrom('business_directory').selectAll(), filter);
  return query
    .orderBy('featured', 'desc')
    .orderBy('display_order', 'asc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * SPEC §7 search: any term as a case-insensitive substring of the seven search fields, optional
 * type and location filters, newest first. The match set is fenced with `OFFSET 0` so the planner
 * uses the trigram indexes before sorting (DESIGN.md "Search").
 */
export async function searchDirectory(
  db: Db,
  terms: string[],
  filter: DirectoryFilter,
  limit: number,
): Promise<BusinessDirectoryRow[]> {
  if (terms.length === 0) return [];
  const patterns = terms.map(containsPattern);
  const matches = applyFilters(
    db
      .selectFrom('business_directory')
      .selectAll()
      .where(sql<boolean>`search_text like any (${sql.val(patterns)}::text[])`)
      .offset(0),
    filter,
  );
  return db
    .selectFrom(matches.as('m'))
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute() as Promise<BusinessDirectoryRow[]>;
}

/** One approved listing by id, or undefined. */
export async function findDirectoryEntry(
  db: Db,
  id: string,
): Promise<BusinessDirectoryRow | undefined> {
  return db.selectFrom('business_directory').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Featured approved listings by display_order (SPEC §7). */
export async function listFeatured(db: Db): Promise<BusinessDirectoryRow[]> {
  return db
    .selectFrom('business_directory')
    .selectAll()
    .where('featured', '=', true)
    .orderBy('display_order', 'asc')
    .orderBy('created_at', 'desc')
    .execute();
}
