/**
 * `%term%` for a case-insensitive substring match (`lower(column) like pattern`) with the LIKE
 * pattern characters of `term` escaped (backslash is Postgres' default escape). The term is
 * lower-cased, so it matches the lower-cased generated search columns.
 */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
