import { describe, expect, it } from 'vitest';
import { toE164 } from './phone.ts';

describe('toE164', () => {
  it.each([
    ['0801 234 5678', '+2348012345678'],
    ['+234 801 234 5678', '+2348012345678'],
    ['234-801-234-5678', '+2348012345678'],
    ['(0)803 000 1111', '+2348030001111'],
  ])('reads %s as %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each([[''], ['   '], [null], ['12'], ['call me']])('gives null for %j', (input) => {
    expect(toE164(input)).toBeNull();
  });
});
