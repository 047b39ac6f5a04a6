import { describe, expect, it } from 'vitest';
import { calloutText, coverageText } from './listing-lines';
import { CalloutFeeSchema, RoadsideFieldsSchema } from './roadside';

describe('roadside declarations (issue 38.3)', () => {
  it('takes a fee range of whole naira, lowest first, up to ₦1,000,000', () => {
    expect(CalloutFeeSchema.parse({ min: 5000, max: 15000 })).toEqual({ min: 5000, max: 15000 });
    expect(CalloutFeeSchema.parse({ min: 0, max: 1_000_000 }).max).toBe(1_000_000);
    const message = (fee: unknown) =>
      CalloutFeeSchema.safeParse(fee).error?.issues.map((i) => i.message);
    expect(message({ min: 15000, max: 5000 })).toEqual([
      'The lowest fee must not be more than the highest',
    ]);
    expect(message({ min: 5000.5, max: 6000 })).toEqual(['Whole naira only']);
    expect(message({ min: 0, max: 1_000_001 })).toEqual(['At most ₦1,000,000']);
    expect(message({ min: -1, max: 10 })).toEqual(['The fee cannot be negative']);
  });

  it('keeps area slugs of the shipped list, once each; defaults declare nothing', () => {
    expect(
      RoadsideFieldsSchema.parse({
        comes_to_you: true,
        coverage_areas: ['ikeja', 'yaba', 'ikeja'],
      }),
    ).toEqual({
      open_24_hours: false,
      comes_to_you: true,
      coverage_areas: ['ikeja', 'yaba'],
      callout_fee: null,
    });
    expect(RoadsideFieldsSchema.safeParse({ coverage_areas: ['atlantis'] }).success).toBe(false);
    expect(
      RoadsideFieldsSchema.safeParse({ coverage_areas: Array(31).fill('ikeja') }).success,
    ).toBe(false);
  });

  it('says what a card shows', () => {
    expect(calloutText({ callout_fee_min: 5000, callout_fee_max: 15000 })).toBe(
      'Call-out ₦5,000–₦15,000',
    );
    expect(calloutText({ callout_fee_min: 10000, callout_fee_max: 10000 })).toBe(
      'Call-out ₦10,000',
    );
    expect(calloutText({ callout_fee_min: null, callout_fee_max: null })).toBeNull();
    const names = (slug: string) => ({ ikeja: 'Ikeja', yaba: 'Yaba' })[slug];
    expect(coverageText({ comes_to_you: true, coverage_areas: ['ikeja', 'yaba'] }, names)).toBe(
      'Comes to you: Ikeja, Yaba',
    );
    expect(coverageText({ comes_to_you: true, coverage_areas: [] }, names)).toBe('Comes to you');
    expect(coverageText({ comes_to_you: false, coverage_areas: ['ikeja'] }, names)).toBeNull();
  });
});
