/**
 * Service tags (SPEC §5): trimmed, non-empty, without duplicates (the schema caps them at 20 of 40
 * characters). Apart from the form schemas, so the List your business island edits tags without
 * loading Zod first (ADR 046).
 */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      result.push(tag);
    }
  }
  return result;
}
