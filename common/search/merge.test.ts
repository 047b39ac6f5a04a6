import { describe, expect, it } from 'vitest';
import { mergeVocabulary } from './merge.ts';
import { understandQuery } from './understand.ts';
import { SHIPPED_VOCABULARY } from './vocabulary.ts';

describe('mergeVocabulary (issue 35.7)', () => {
  it('returns the shipped vocabulary itself when nothing was added', () => {
    expect(mergeVocabulary(SHIPPED_VOCABULARY, [])).toBe(SHIPPED_VOCABULARY);
  });

  it('adds groups with their category and misspellings; the shipped one is unchanged', () => {
    const merged = mergeVocabulary(SHIPPED_VOCABULARY, [
      { id: 'a1', kind: 'synonyms', terms: ['okada', 'motorcycle'], category: 'mechanic' },
      { id: 'a2', kind: 'misspelling', terms: ['mkanic', 'mechanic'] },
    ]);
    expect(merged.groups.at(-1)).toEqual({
      key: 'admin-a1',
      terms: ['okada', 'motorcycle'],
      categories: ['mechanic'],
    });
    expect(merged.misspellings.at(-1)).toEqual({ wrong: 'mkanic', right: 'mechanic' });
    expect(SHIPPED_VOCABULARY.groups.some((g) => g.key === 'admin-a1')).toBe(false);
    expect(understandQuery('okada', { vocabulary: merged }).categories).toEqual(['mechanic']);
  });

  it('a member shared with a shipped group joins both groups for a query naming it', () => {
    const merged = mergeVocabulary(SHIPPED_VOCABULARY, [
      { id: 'b1', kind: 'synonyms', terms: ['vulcanizer', 'tyre doctor'], category: null },
    ]);
    const term = understandQuery('vulcanizer', { vocabulary: merged }).terms[0];
    expect(term?.groups).toEqual(['vulcanizer', 'admin-b1']);
    expect(term?.alternatives.map((a) => a.text)).toEqual(
      expect.arrayContaining(['tyre doctor', 'tyre repair']),
    );
  });
});
