import { describe, expect, it } from 'vitest';
import { type PhraseWord, phrasesTsquery, prefixWords } from './tsquery.ts';

/** ADR 088: a prefix the lexicon spells out is matched as its words. */
describe('prefixWords', () => {
  it('is the prefix, each word under it, and a possessive spelled without its "s"', () => {
    expect(prefixWords('tund', ['tundeola', 'tundes'])).toEqual([
      'tund',
      'tundeola',
      'tundes',
      'tunde',
    ]);
    expect(prefixWords('tyre', ['tyre', 'tyres'])).toEqual(['tyre', 'tyres']);
    // "tyres" without its "s" is the prefix itself: written once.
    expect(prefixWords('spray', ['spraying'])).toEqual(['spray', 'spraying']);
  });
});

describe('phrasesTsquery', () => {
  const phrase = (...words: [string, boolean][]): PhraseWord[] =>
    words.map(([word, prefix]) => ({ word, prefix }));

  it('writes an expanded prefix as its words, in a phrase too, and others as prefixes', () => {
    const expansions = new Map([
      ['panel', ['panel']],
      ['works', ['works', 'workshop']],
    ]);
    const group = [
      phrase(['panel', true]),
      phrase(['body', false], ['works', true]),
      phrase(['paint', true]),
    ];
    expect(phrasesTsquery(group, expansions)).toBe(
      '(panel | body <-> (works | workshop) | paint:*)',
    );
    expect(phrasesTsquery(group)).toBe('(panel:* | body <-> works:* | paint:*)');
  });
});
