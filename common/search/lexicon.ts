import { distance } from 'fastest-levenshtein';
import { allowedEdits, WHOLE_WORD_BELOW } from './understand.ts';

/** A word of the directory's lexicon (ADR 072) and how many approved listings hold it. */
export interface LexiconWord {
  word: string;
  listings: number;
}

/**
 * The lexicon word a typed word stands for (issue 35.3, ADR 072), or undefined:
 *
 * - the word itself when the directory holds it, or, for a word search matches as a prefix
 *   ({@link WHOLE_WORD_BELOW}+ letters), a word it begins ("adeye" is a search, not a typo): a
 *   correct word is never corrected;
 * - else the candidate within the edit budget ({@link allowedEdits}: none below 4
 *   letters, one edit for 4–7, two from 8), fewest edits first, then the word more listings
 *   hold, then the first in alphabetical order (so the answer never depends on the row order).
 *
 * `candidates` are the words the database found near `typed` (trigram nearest); `typed` is a
 * normalised query word (lower case).
 */
export function pickLexiconWord(
  typed: string,
  candidates: readonly LexiconWord[],
): string | undefined {
  const budget = allowedEdits(typed.length);
  if (budget === 0) return undefined;
  const prefix = typed.length >= WHOLE_WORD_BELOW;
  if (candidates.some((c) => c.word === typed || (prefix && c.word.startsWith(typed))))
    return typed;
  let best: { word: string; edits: number; listings: number } | undefined;
  for (const c of candidates) {
    if (Math.abs(c.word.length - typed.length) > budget) continue;
    const edits = distance(typed, c.word);
    if (edits > budget) continue;
    if (
      !best ||
      edits < best.edits ||
      (edits === best.edits &&
        (c.listings > best.listings || (c.listings === best.listings && c.word < best.word)))
    )
      best = { word: c.word, edits, listings: c.listings };
  }
  return best?.word;
}
