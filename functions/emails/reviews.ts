import type { MailMessage } from '../_lib/mail.ts';
import { emailHtml } from './layout.ts';

/** E-mails of reviews (issue 24, ADR 034). */

/** To the reviewer: the owner replied to their review (issue 24.3), once the reply is public. */
export function replyPostedEmail(
  to: string,
  details: { reviewerName: string; businessName: string; reviewTitle: string; url: string },
): MailMessage {
  const lines = [
    `Hello ${details.reviewerName || 'there'},`,
    `The owner of ${details.businessName} replied to your review "${details.reviewTitle}" on Lagos Auto Hub.`,
    'Their reply is shown under your review, marked "Reply from the owner".',
  ];
  return {
    to: [to],
    subject: `${details.businessName} replied to your review`,
    template: 'review-reply',
    text: `${lines.join('\n\n')}\n\n${details.url}\n`,
    html: emailHtml('The owner replied to your review', lines, {
      label: 'Read the reply',
      url: details.url,
    }),
  };
}

/**
 * To the author of a review our team hid (issue 24.4): the reason, and where to edit it (an edit
 * goes back to our team), or that the account can no longer post reviews when it was blocked.
 */
export function reviewHiddenEmail(
  to: string,
  details: {
    authorName: string;
    businessName: string;
    reviewTitle: string;
    reason: string;
    blocked: boolean;
    url: string;
  },
): MailMessage {
  const lines = [
    `Hello ${details.authorName || 'there'},`,
    `Our team hid your review "${details.reviewTitle}" of ${details.businessName} on Lagos Auto Hub.`,
    `Reason: ${details.reason}`,
    details.blocked
      ? 'Your account can no longer post reviews. If you think this is a mistake, reply through our contact page.'
      : 'You can edit your review on the page below; our team checks it again before it appears.',
  ];
  return {
    to: [to],
    subject: `Your review of ${details.businessName} was hidden`,
    template: details.blocked ? 'review-blocked' : 'review-hidden',
    text: `${lines.join('\n\n')}\n\n${details.url}\n`,
    html: emailHtml('Your review was hidden', lines, {
      label: details.blocked ? 'Contact us' : 'See your review',
      url: details.url,
    }),
  };
}
