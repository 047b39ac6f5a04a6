import { describe, expect, it } from 'vitest';
import { naira, QuoteAnswerSchema, quoteTotal } from './quotes';

/** Issue 36.3, 36.10: amounts in whole naira, as forms type them, and the quote's rules. */
describe('naira', () => {
  it.each([
    ['18000', 18000],
    ['18,000', 18000],
    ['₦18 000', 18000],
    [' 25,000 ', 25000],
    [0, 0],
    [50_000_000, 50_000_000],
  ])('reads %j as %d', (input, expected) => {
    expect(naira.parse(input)).toBe(expected);
  });

  it.each([
    ['-500', 'Amounts cannot be negative'],
    [-1, 'Amounts cannot be negative'],
    ['1500.5', 'Enter a whole amount in naira, e.g. 18000'],
    [1500.5, 'Enter a whole amount in naira, e.g. 18000'],
    ['60,000,000', 'Amounts over ₦50,000,000 are not accepted'],
    ['', 'Enter a whole amount in naira, e.g. 18000'],
    ['abc', 'Enter a whole amount in naira, e.g. 18000'],
    ['1e6', 'Enter a whole amount in naira, e.g. 18000'],
  ])('refuses %j: %s', (input, message) => {
    const result = naira.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('QuoteAnswerSchema', () => {
  const quote = {
    kind: 'quote',
    labourNaira: '20,000',
    parts: [{ name: 'Brake pads', grade: 'new_aftermarket', priceNaira: '18000' }],
  };

  it('takes an itemised quote and totals it', () => {
    const parsed = QuoteAnswerSchema.parse(quote);
    expect(parsed.kind === 'quote' && quoteTotal(parsed)).toBe(38000);
  });

  it('refuses an unknown grade, an empty quote and a total over ₦50,000,000', () => {
    expect(
      QuoteAnswerSchema.safeParse({
        ...quote,
        parts: [{ name: 'Pads', grade: 'chinese', priceNaira: 1 }],
      }).success,
    ).toBe(false);
    expect(
      QuoteAnswerSchema.safeParse({ kind: 'quote', labourNaira: 0 }).error?.issues[0]?.message,
    ).toBe('Enter the labour, a part, or both');
    expect(
      QuoteAnswerSchema.safeParse({
        ...quote,
        labourNaira: 30_000_000,
        parts: [{ name: 'Engine', grade: 'new_genuine', priceNaira: 30_000_000 }],
      }).error?.issues[0]?.message,
    ).toBe('The total is over ₦50,000,000');
  });

  it('takes a decline with a known reason only', () => {
    expect(QuoteAnswerSchema.safeParse({ kind: 'decline', reason: 'busy' }).success).toBe(true);
    expect(QuoteAnswerSchema.safeParse({ kind: 'decline', reason: 'lazy' }).success).toBe(false);
    expect(QuoteAnswerSchema.safeParse({ kind: 'bribe' }).success).toBe(false);
  });
});
