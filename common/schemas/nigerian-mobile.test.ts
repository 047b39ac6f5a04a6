import { describe, expect, it } from 'vitest';
import { localFormat, nigerianMobile } from './nigerian-mobile.ts';

describe('nigerianMobile (issue 37.1)', () => {
  it.each([
    '08031234567',
    '0803 123 4567',
    '0803-123-4567',
    '(0803) 123 4567',
    '+234 803 123 4567',
    '+2348031234567',
    '2348031234567',
    '234 803 123 4567',
    '  +234-803-123-4567 ',
  ])('reads %s as +2348031234567', (input) => {
    expect(nigerianMobile(input)).toBe('+2348031234567');
  });

  it.each([
    ['07061234567', '+2347061234567'],
    ['09051234567', '+2349051234567'],
    ['08141234567', '+2348141234567'],
  ])('reads the other mobile ranges: %s', (input, e164) => {
    expect(nigerianMobile(input)).toBe(e164);
  });

  it.each([
    ['a Lagos landline', '01 271 0000'],
    ['a UK mobile', '+44 7700 900123'],
    ['too short', '0803 123 456'],
    ['too long', '0803 123 45678'],
    ['letters', 'call me'],
    ['empty', ''],
    ['nothing', undefined],
  ])('refuses %s', (_what, input) => {
    expect(nigerianMobile(input)).toBeNull();
  });

  it('writes a number back as Lagos does', () => {
    expect(localFormat('+2348031234567')).toBe('0803 123 4567');
  });
});
