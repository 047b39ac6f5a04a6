import { describe, expect, it } from 'vitest';
import { safeNextPath } from './auth-screen';

describe('safeNextPath (issue 24.2: Write a review → sign in → back)', () => {
  it('keeps a local path and its query', () => {
    expect(safeNextPath('/business/ogba-mobile-mechanics/review/')).toBe(
      '/business/ogba-mobile-mechanics/review/',
    );
    expect(safeNextPath('/account/business/reviews/?listing=abc')).toBe(
      '/account/business/reviews/?listing=abc',
    );
  });

  it('refuses anything that would leave the site, and nothing', () => {
    for (const value of [
      null,
      '',
      'business/x/',
      '//evil.example/',
      '/\\evil.example/',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\t/evil.example/',
    ])
      expect(safeNextPath(value), String(value)).toBeUndefined();
  });
});
