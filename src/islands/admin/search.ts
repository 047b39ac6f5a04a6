/** Case-insensitive substring match over some fields; a blank query matches all (SPEC §5 Admin search). */
export function matchesQuery(
  query: string,
  ...fields: (string | null | undefined | string[])[]
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return fields.some((f) => (Array.isArray(f) ? f.join(' ') : (f ?? '')).toLowerCase().includes(q));
}
