import { describe, expect, it } from 'vitest';
import { type PhraseWord, withoutSubsumed } from './tsquery.ts';

const w = (text: string): PhraseWord[] =>
  text.split(' ').map((word) => ({ word: word.replace(':*', ''), prefix: word.endsWith(':*') }));
const shown = (phrases: PhraseWord[][]) =>
  phrases.map((p) => p.map((x) => x.word + (x.prefix ? ':*' : '')).join(' '));

/** ADR 087: a group matches the same listings without the alternatives another one covers. */
describe('withoutSubsumed', () => {
  it('drops phrases holding a word a one-word alternative matches', () => {
    const group = ['breakdown:*', 'tow', 'tow service:*', 'breakdown service:*', 'car recovery:*'];
    expect(shown(withoutSubsumed(group.map(w)))).toEqual(['breakdown:*', 'tow', 'car recovery:*']);
  });

  it('drops a word a prefix covers, not one a whole word would not', () => {
    expect(shown(withoutSubsumed(['tow:*', 'towing:*', 'tow'].map(w)))).toEqual(['tow:*']);
    expect(shown(withoutSubsumed(['tow', 'towing:*', 'tow:* van'].map(w)))).toEqual([
      'tow',
      'towing:*',
      'tow:* van',
    ]);
  });

  it('keeps one of two equal alternatives, and a group of phrases alone', () => {
    expect(shown(withoutSubsumed(['tyre:*', 'tyre:*'].map(w)))).toEqual(['tyre:*']);
    expect(shown(withoutSubsumed(['panel beater:*', 'spray painter:*'].map(w)))).toEqual([
      'panel beater:*',
      'spray painter:*',
    ]);
  });
});
