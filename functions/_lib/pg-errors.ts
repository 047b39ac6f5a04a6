/** Postgres error helpers (SQLSTATE codes; works for node-postgres, Neon and PGlite). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint));
}
