import type { MailMessage } from '../_lib/mail.ts';
import { emailHtml } from './layout.ts';

/** E-mails of claims (issue 16.1, ADR 018). */

/**
 * The 6-digit code, to the listing's own e-mail address. The code is a secret: the mail_outbox log
 * keeps it redacted; only the delivered e-mail (locally its file under `.data/mail/`) carries it.
 */
export function claimCodeEmail(
  to: string,
  details: { businessName: string; claimantName: string; code: string; minutes: number },
): MailMessage {
  const lines = [
    'Hello,',
    `${details.claimantName || 'Someone'} asked to manage the listing of ${details.businessName} on Lagos Auto Hub.`,
    `If that is you or someone at your business, give them this code: ${details.code}. It works for ${details.minutes} minutes.`,
    'If you do not know who asked, ignore this e-mail: nothing changes on your listing without the code.',
  ];
  return {
    to: [to],
    subject: `Your code to claim ${details.businessName} on Lagos Auto Hub`,
    template: 'claim-code',
    text: `${lines.join('\n\n')}\n`,
    html: emailHtml('Claim your listing', lines),
    secrets: [details.code],
  };
}

/** To the admin: a claim of a listing without an e-mail waits in the Claims tab. */
export function claimReviewNotification(
  adminEmail: string,
  details: {
    businessName: string;
    claimantName: string;
    claimantEmail: string;
    role: string | null;
    phone: string | null;
    note: string | null;
  },
): MailMessage {
  const lines = [
    `${details.claimantName || details.claimantEmail} asked to claim ${details.businessName}. The listing has no e-mail, so the claim waits for your decision in the Claims tab.`,
    `Account: ${details.claimantEmail}`,
    `Role at the business: ${details.role ?? 'Not provided'}`,
    `Phone: ${details.phone ?? 'Not provided'}`,
    `Note: ${details.note ?? 'Not provided'}`,
  ];
  return {
    to: [adminEmail],
    subject: `Claim to review: ${details.businessName}`,
    template: 'claim-review',
    text: `${lines.join('\n')}\n`,
    html: emailHtml('A claim to review', lines),
  };
}
