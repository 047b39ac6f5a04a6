import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PhoneConfirmedBadge, VerificationBadge } from './Badges';

/** Issue 37.5 (ADR 075): the day an owner confirmed the phone, on cards and in the dialog. */
const AT = '2026-12-03T09:30:00Z';
const DAY = 'Phone confirmed on December 3, 2026';
const verified = (props: Parameters<typeof VerificationBadge>[0]) =>
  renderToStaticMarkup(createElement(VerificationBadge, props));
const phone = (props: Parameters<typeof PhoneConfirmedBadge>[0]) =>
  renderToStaticMarkup(createElement(PhoneConfirmedBadge, props));

describe('the phone-confirmed day on badges (issue 37.5)', () => {
  it('is the tooltip of a card’s Verified badge, and only with a confirmed phone', () => {
    const card = verified({ status: 'verified', phoneConfirmedAt: AT });
    expect(card).toContain(`title="${DAY}"`);
    expect(card).not.toContain('<details');
    expect(verified({ status: 'verified', phoneConfirmedAt: null })).not.toContain('title=');
    // A card adds no second badge beside Verified: the day is on Verified itself.
    expect(phone({ status: 'verified', at: AT })).toBe('');
  });

  it('ends the dialog’s Verified explanation, as on the business page', () => {
    const dialog = verified({
      status: 'verified',
      explain: { checks: ['phone', 'cac'], verifiedAt: '2026-11-20T10:00:00Z' },
      phoneConfirmedAt: AT,
    });
    expect(dialog).toContain('<details class="verified-details">');
    expect(dialog).toContain(`CAC number, November 2026. ${DAY}</p>`);
  });

  it('is a "Phone confirmed" badge beside a listing that is not Verified', () => {
    for (const status of ['not_verified', 'verification_pending']) {
      const card = phone({ status, at: AT });
      expect(card).toBe(`<span class="badge badge-verified" title="${DAY}">Phone confirmed</span>`);
      const dialog = phone({ status, at: AT, explain: true });
      expect(dialog).toContain('<summary class="badge badge-verified">Phone confirmed</summary>');
      expect(dialog).toContain(`<p class="small">${DAY}</p>`);
    }
    expect(phone({ status: 'not_verified', at: null })).toBe('');
    expect(phone({ status: 'not_verified', at: undefined })).toBe('');
  });
});
