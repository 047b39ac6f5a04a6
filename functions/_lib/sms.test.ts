import { describe, expect, it } from 'vitest';
import { maskPhone } from './sms.ts';

describe('maskPhone (issue 37.6)', () => {
  it('keeps the operator prefix and the last two digits of a Nigerian number', () => {
    expect(maskPhone('+2348031234567')).toBe('+234 803 *** **67');
    expect(maskPhone('+2347061234590')).toBe('+234 706 *** **90');
  });
  it('shows almost nothing of any other number', () => {
    expect(maskPhone('+447700900123')).toBe('+447…23');
    expect(maskPhone('+1')).toBe('…');
  });
});
