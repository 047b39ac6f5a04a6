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

/** Where an owner manages their listings (ADR 018). */
const dashboardLine = (dashboardUrl: string) => `Your business dashboard: ${dashboardUrl}`;

/**
 * To the claimant, when an admin decides their claim of a listing without an e-mail (ADR 018,
 * update): approved, the listing is theirs to manage; rejected, what they can do next.
 */
export function claimDecisionEmail(
  to: string,
  details: {
    businessName: string;
    claimantName: string;
    decision: 'approved' | 'rejected';
    dashboardUrl: string;
  },
): MailMessage {
  const hello = `Hello ${details.claimantName || 'there'},`;
  const approved = details.decision === 'approved';
  const lines = approved
    ? [
        hello,
        `Good news: our team approved your claim. ${details.businessName} is now yours to manage on Lagos Auto Hub.`,
        'Keep your description, services, phone, WhatsApp number, website, address and opening hours up to date from your business dashboard. Your changes go live once our team has checked them.',
        dashboardLine(details.dashboardUrl),
      ]
    : [
        hello,
        `We could not confirm that you manage ${details.businessName}, so our team did not approve your claim.`,
        'If you think this is a mistake, reply to this e-mail or use the contact form, with anything that shows your role at the business.',
      ];
  return {
    to: [to],
    subject: approved
      ? `Your claim of ${details.businessName} is approved`
      : `Your claim of ${details.businessName} was not approved`,
    template: approved ? 'claim-approved' : 'claim-rejected',
    text: `${lines.join('\n\n')}\n`,
    html: emailHtml(
      approved ? 'Your claim is approved' : 'Your claim was not approved',
      lines,
      approved ? { label: 'Open your dashboard', url: details.dashboardUrl } : undefined,
    ),
  };
}

/**
 * To a claimant whose open claim was closed because another claim of the same listing was
 * confirmed (a right code, or the admin's approval): the listing has its owner now (ADR 018).
 */
export function claimClosedEmail(
  to: string,
  details: { businessName: string; claimantName: string },
): MailMessage {
  const lines = [
    `Hello ${details.claimantName || 'there'},`,
    `Another claim of ${details.businessName} was confirmed, so the listing now has its manager on Lagos Auto Hub and your claim is closed.`,
    'If you also manage this business, reply to this e-mail or use the contact form, with anything that shows your role at the business.',
  ];
  return {
    to: [to],
    subject: `Your claim of ${details.businessName} is closed`,
    template: 'claim-closed',
    text: `${lines.join('\n\n')}\n`,
    html: emailHtml('Your claim is closed', lines),
  };
}

/**
 * To the owner, when an admin approves or rejects their pending change (ADR 018, update):
 * approved, the change is live; rejected, the listing stays as it was, with the admin's reason
 * when one was given.
 */
export function changeDecisionEmail(
  to: string,
  details: {
    businessName: string;
    ownerName: string;
    decision: 'approved' | 'rejected';
    reason: string | null;
    listingUrl: string;
    dashboardUrl: string;
  },
): MailMessage {
  const hello = `Hello ${details.ownerName || 'there'},`;
  const approved = details.decision === 'approved';
  const lines = approved
    ? [
        hello,
        `Good news: our team approved your changes to ${details.businessName}. They are now live on your listing: ${details.listingUrl}`,
        dashboardLine(details.dashboardUrl),
      ]
    : [
        hello,
        `Our team did not approve your latest changes to ${details.businessName}, so your listing stays as it was.`,
        ...(details.reason ? [`Reason: ${details.reason}`] : []),
        `You can send new changes from your business dashboard: ${details.dashboardUrl}`,
      ];
  return {
    to: [to],
    subject: approved
      ? `Your changes to ${details.businessName} are live`
      : `Your changes to ${details.businessName} were not approved`,
    template: approved ? 'listing-change-approved' : 'listing-change-rejected',
    text: `${lines.join('\n\n')}\n`,
    html: emailHtml(approved ? 'Your changes are live' : 'Your changes were not approved', lines, {
      label: 'Open your dashboard',
      url: details.dashboardUrl,
    }),
  };
}
