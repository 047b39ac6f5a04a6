import { describe, expect, it } from 'vitest';
import { phoneConfirmedText, verificationText } from './review-rules.ts';

describe("the Verified badge's explanation (issue 24.6, 37.5)", () => {
  it('names the checks and the month', () => {
    expect(verificationText(['phone', 'cac'], '2026-11-20T10:00:00Z')).toBe(
      'Verified by Lagos Auto Hub: phone and CAC number, November 2026',
    );
    expect(verificationText([], null)).toBe('Verified by Lagos Auto Hub.');
  });

  it("adds the day the owner confirmed the phone, in Lagos, in place of the admin's phone check", () => {
    // 23:30 UTC on 2 December is 00:30 on 3 December in Lagos.
    const at = '2026-12-02T23:30:00Z';
    expect(phoneConfirmedText(at)).toBe('Phone confirmed on December 3, 2026');
    expect(verificationText(['phone', 'cac'], '2026-11-20T10:00:00Z', at)).toBe(
      'Verified by Lagos Auto Hub: CAC number, November 2026. Phone confirmed on December 3, 2026',
    );
    expect(verificationText(['phone'], null, at)).toBe(
      'Verified by Lagos Auto Hub. Phone confirmed on December 3, 2026',
    );
  });
});
