import { describe, expect, it } from 'vitest';
import { pickLexiconWord } from './lexicon.ts';
import { understandQueryWithLexicon } from './understand.ts';

/** The edit budget of lexicon corrections (issue 35.3, ADR 072). */
const words = (...list: [string, number][]) => list.map(([word, listings]) => ({ word, listings }));

describe('pickLexiconWord: the edit budget (issue 35.3)', () => {
  it('corrects one edit from 4 letters, never a shorter word', () => {
    expect(pickLexiconWord('bosh', words(['bosch', 3]))).toBe('bosch');
    expect(pickLexiconWord('adeymi', words(['adeyemi', 2]))).toBe('adeyemi');
    expect(pickLexiconWord('kia', words(['kiaa', 9]))).toBeUndefined();
  });

  it('allows two edits only from 8 letters', () => {
    expect(pickLexiconWord('adeyyemii', words(['adeyemi', 2]))).toBe('adeyemi'); // 9 letters, 2 edits
    expect(pickLexiconWord('okonkwwoo', words(['okonkwo', 1]))).toBe('okonkwo');
    expect(pickLexiconWord('adiyemu', words(['adeyemi', 2]))).toBeUndefined(); // 7 letters, 2 edits
    expect(pickLexiconWord('bxsk', words(['bosh', 5]))).toBeUndefined();
  });

  it('prefers fewer edits, then the word more listings hold, then alphabetical order', () => {
    expect(pickLexiconWord('adeymi', words(['adeymo', 1], ['adeyemi', 9]))).toBe('adeyemi');
    expect(pickLexiconWord('okonjo', words(['okonko', 2], ['okonji', 5]))).toBe('okonji');
    expect(pickLexiconWord('okonjo', words(['okonji', 5], ['okonko', 5]))).toBe('okonji');
    expect(pickLexiconWord('adeyemii', words(['adeyeme', 50], ['adeyemi', 1]))).toBe('adeyemi');
  });

  it('never corrects a word the directory holds, nor one a held word begins (5+ letters)', () => {
    expect(pickLexiconWord('adeyemi', words(['adeyemi', 1], ['adeyem', 40]))).toBe('adeyemi');
    expect(pickLexiconWord('adeye', words(['adeyemi', 1], ['adeya', 40]))).toBe('adeye');
    // A 4-letter word matches whole-word only, so a longer word it begins does not keep it.
    expect(pickLexiconWord('adey', words(['adeyemi', 1], ['adex', 3]))).toBe('adex');
  });
});

describe('understandQueryWithLexicon: what a lexicon may change', () => {
  it("keeps the vocabulary's guess for a guessed word unless the directory holds it as typed", async () => {
    const other = await understandQueryWithLexicon(
      'mechanik',
      async () => new Map([['mechanik', 'mechanix']]),
    );
    expect(other.showingResultsFor).toBe('mechanic');
    const held = await understandQueryWithLexicon(
      'mechanik',
      async () => new Map([['mechanik', 'mechanik']]),
    );
    expect(held.showingResultsFor).toBeNull();
  });
});
