import { describe, expect, it } from 'vitest';
import { fullAddress, locationLine, starValue, type BusinessCardData } from './listing';
import { toCardData } from './card-data';

describe('listing display rules', () => {
  it('writes the city and state once when the address already names them (issue 13.4)', () => {
    expect(fullAddress('12 Allen Avenue, Ikeja', 'Ikeja', 'Lagos')).toBe(
      '12 Allen Avenue, Ikeja, Lagos',
    );
    expect(fullAddress('12 Allen Avenue, ikeja, LAGOS', 'Ikeja', 'Lagos')).toBe(
      '12 Allen Avenue, ikeja, LAGOS',
    );
    expect(fullAddress('3 Herbert Macaulay Way', 'Yaba', 'Lagos')).toBe(
      '3 Herbert Macaulay Way, Yaba, Lagos',
    );
    // Only whole parts count: "Ikeja GRA" does not name the city "Ikeja".
    expect(fullAddress('5 Oba Akran Road, Ikeja GRA', 'Ikeja', null)).toBe(
      '5 Oba Akran Road, Ikeja GRA, Ikeja',
    );
    expect(fullAddress(null, 'Lekki', 'Lagos')).toBe('Lekki, Lagos');
    expect(fullAddress(' ', null, undefined)).toBe('');
  });

  it('joins the location line without blanks or repeats', () => {
    expect(locationLine({ general_location: 'Ikeja', city: 'Ikeja', state: 'Lagos' })).toBe(
      'Ikeja, Lagos',
    );
  });

  it('shows star ratings in half steps within 0–5', () => {
    expect([4.3, 4.2, 0, -1, 7, 2.75].map(starValue)).toEqual([4.5, 4, 0, 0, 5, 3]);
  });

  it('carries the phone-confirmed day on cards only when there is one (issue 37.5)', () => {
    const card = (phone_confirmed_at: string | null) =>
      toCardData({ id: 'b1', phone_confirmed_at } as unknown as BusinessCardData);
    expect(card('2026-12-03T09:30:00.000Z').phone_confirmed_at).toBe('2026-12-03T09:30:00.000Z');
    expect('phone_confirmed_at' in card(null)).toBe(false);
  });
});
