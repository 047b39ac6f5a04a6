/**
 * Slug rule of SPEC §5 (Article form): lowercase, runs of non-alphanumerics become one hyphen,
 * leading and trailing hyphens trimmed. `slugify('Tokunbo vs. Nigerian-used!')` → `tokunbo-vs-nigerian-used`.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "Display name" fallback of SPEC §3: the name, else the part of the e-mail before @, else User. */
export function shownName(
  displayName: string | null | undefined,
  email: string | null | undefined,
): string {
  const name = displayName?.trim();
  if (name) return name;
  const local = email?.split('@')[0]?.trim();
  return local || 'User';
}
