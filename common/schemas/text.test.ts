import { describe, expect, it } from 'vitest';
import { shownName, slugify } from './text.ts';

describe('slugify (SPEC §5)', () => {
  it('lower-cases and hyphenates punctuation runs', () => {
    expect(slugify('Tokunbo vs. Nigerian-Used Cars!')).toBe('tokunbo-vs-nigerian-used-cars');
  });

  it('trims leading and trailing junk', () => {
    expect(slugify('  ***Hello World***  ')).toBe('hello-world');
    expect(slugify('--a--')).toBe('a');
  });

  it('collapses runs of non-alphanumerics to one hyphen', () => {
    expect(slugify('a  -- _ !! b')).toBe('a-b');
  });

  it('keeps digits', () => {
    expect(slugify('Top 10 Cars of 2026')).toBe('top-10-cars-of-2026');
  });

  it('returns empty string for empty or all-junk input', () => {
    expect(slugify('')).toBe('');
    expect(slugify('!!! ---')).toBe('');
  });

  it('turns non-ASCII letters into hyphens, then trims', () => {
    expect(slugify('Café Ọ̀rẹ́')).toBe('caf-r');
    expect(slugify('éé')).toBe('');
  });
});

describe('shownName (SPEC §3)', () => {
  it('uses the display name, trimmed', () => {
    expect(shownName('  Ada Obi ', 'ada@example.com')).toBe('Ada Obi');
  });

  it('falls back to the e-mail local part', () => {
    expect(shownName(null, 'chidi.okeke@example.com')).toBe('chidi.okeke');
    expect(shownName(undefined, 'chidi@example.com')).toBe('chidi');
    expect(shownName('', 'chidi@example.com')).toBe('chidi');
  });

  it('falls back when the display name is whitespace only', () => {
    expect(shownName('   ', 'tunde@example.com')).toBe('tunde');
  });

  it('falls back to User without a usable name or e-mail', () => {
    expect(shownName(null, null)).toBe('User');
    expect(shownName('  ', '')).toBe('User');
    expect(shownName(undefined, '@example.com')).toBe('User');
  });
});
