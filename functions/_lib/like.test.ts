import { describe, expect, it } from 'vitest';
import { containsPattern } from './like.ts';

describe('containsPattern (LIKE pattern for a substring match)', () => {
  it('lower-cases and wraps in %', () => {
    expect(containsPattern('Abc')).toBe('%abc%');
  });

  it('escapes %', () => {
    expect(containsPattern('50%')).toBe('%50\\%%');
  });

  it('escapes _', () => {
    expect(containsPattern('_')).toBe('%\\_%');
  });

  it('escapes backslash', () => {
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });

  it('escapes every wildcard occurrence', () => {
    expect(containsPattern('%_%\\')).toBe('%\\%\\_\\%\\\\%');
  });

  it('empty term matches everything', () => {
    expect(containsPattern('')).toBe('%%');
  });
});
