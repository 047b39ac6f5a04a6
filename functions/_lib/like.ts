import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * `%term%` for a case-insensitive substring match (`lower(column) like pattern`) with the LIKE
 * pattern characters of `term` escaped (backslash is Postgres' default escape). The term is
 * lower-cased, so it matches the lower-cased generated search columns.
 */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The admin tabs' search (SPEC §5): a row matches when any of `columns` (qualified names such as
 * `'b.business_name'`) contains `q`, case-insensitively: `lower(column) like '%q%'` or'ed, with
 * {@link containsPattern}'s escaping. For `query.where(matchesAny([...], q))`.
 */
export function matchesAny(columns: readonly string[], q: string): RawBuilder<SqlBool> {
  const pattern = containsPattern(q);
  const each = columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern}`);
  return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
}
