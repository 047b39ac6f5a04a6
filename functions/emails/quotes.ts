import { carText, urgencyLabel, type JobSummary } from '../../common/schemas/quotes.ts';
import { nairaText } from '../../common/schemas/listing.ts';
import type { MailMessage } from '../_lib/mail.ts';
import { siteUrl } from '../_lib/env.ts';
import { ownerLeadsUrl } from '../site/urls.ts';
import { emailHtml } from './layout.ts';

/**
 * The e-mails of Find It quotes (issue 36, ADR 079). A business never reads the motorist's phone
 * or e-mail here before the motorist accepts its quote; the motorist's private link is a secret
 * (redacted in the mail log).
 */

function mail(
  to: string,
  subject: string,
  template: string,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  extra: Partial<MailMessage> = {},
): MailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])];
  return {
    to: [to],
    subject,
    template,
    text: `${text.join('\n')}\n`,
    html: emailHtml(title, paragraphs, action),
    ...extra,
  };
}

/** The job's lines, without anything that reaches the motorist. */
export function jobLines(job: JobSummary): string[] {
  const car = carText(job);
  return [
    `Services: ${job.services_requested.join(', ')}`,
    `Area: ${job.area ?? job.customer_location}`,
    ...(car ? [`Car: ${car}`] : []),
    ...(job.job ? [`The job: ${job.job}`] : []),
    ...(job.additional_info ? [`Details: ${job.additional_info}`] : []),
    ...(urgencyLabel(job.urgency) ? [`When: ${urgencyLabel(job.urgency)}`] : []),
  ];
}

/** The motorist's private quotes page: the link with its key (issue 36.4). */
export function quotesLinkUrl(key: string): string {
  return `${siteUrl()}/find-it/quotes/?key=${key}`;
}

/** To the owner of a matched listing (issue 36.2): the job, and where to send a quote. */
export function quoteRequestAlertEmail(
  to: string,
  businessName: string,
  job: JobSummary,
  claimUrl?: string,
): MailMessage {
  const claimed = claimUrl === undefined;
  return mail(
    to,
    `New request for ${businessName}: ${job.services_requested.join(', ')} in ${job.area ?? job.customer_location}`,
    'quote-request-alert',
    'A motorist asks for a price',
    [
      `A motorist sent a Find It request on Lagos Auto Hub for a job ${businessName} can do.`,
      ...jobLines(job),
      claimed
        ? 'Send them a quote (labour, each part with its grade, warranty) from your dashboard. They will see your quote beside the others and can accept it; their contact details reach you when they do.'
        : `To send a quote, claim ${businessName}'s free listing on Lagos Auto Hub. Motorists see quotes side by side and share their contact details with the business they choose.`,
    ],
    claimed
      ? { label: 'Send a quote', url: ownerLeadsUrl() }
      : { label: 'Claim this business', url: claimUrl },
  );
}

/** To the motorist: a business sent or changed its quote. */
export function newQuoteEmail(
  to: string,
  businessName: string,
  totalNaira: number,
  key: string | null,
  updated: boolean,
): MailMessage {
  return mail(
    to,
    updated
      ? `${businessName} changed its quote: ${nairaText(totalNaira)}`
      : `A quote from ${businessName}: ${nairaText(totalNaira)}`,
    'quote-new',
    updated ? 'A quote was changed' : 'You have a new quote',
    [
      `${businessName} ${updated ? 'changed its quote for' : 'sent a quote for'} your Find It request: ${nairaText(totalNaira)} in all.`,
      'Compare every quote side by side (parts and their grades, warranty, reviews) and accept the one you choose. Keep this link to yourself: it opens your requests without a password.',
    ],
    key ? { label: 'Compare your quotes', url: quotesLinkUrl(key) } : undefined,
    { secrets: key ? [key] : [] },
  );
}

/** To the motorist after a new link was made (the old one no longer opens the page). */
export function quotesLinkEmail(to: string, key: string): MailMessage {
  return mail(
    to,
    'Your new link to your quotes',
    'quote-link',
    'Your new link',
    [
      'You asked for a new link to your Find It quotes. The old link no longer opens them.',
      'Keep this link to yourself: it opens your request without a password.',
    ],
    { label: 'Open your quotes', url: quotesLinkUrl(key) },
    { secrets: [key] },
  );
}

/** The motorist's details the business gets once its quote is accepted (as they asked). */
export interface SharedContacts {
  name: string;
  phone: string;
  email: string;
  methods: readonly string[];
}

/** To the owner whose quote was accepted: the motorist's contact details. */
export function quoteAcceptedBusinessEmail(
  to: string,
  businessName: string,
  job: JobSummary,
  contacts: SharedContacts,
  totalNaira: number,
): MailMessage {
  const how = contacts.methods.length
    ? contacts.methods
        .map((m) => (m === 'whatsapp' ? 'WhatsApp' : m === 'email' ? 'e-mail' : 'a phone call'))
        .join(' or ')
    : 'a phone call';
  return mail(
    to,
    `Your quote was accepted: ${nairaText(totalNaira)}`,
    'quote-accepted-business',
    'Your quote was accepted',
    [
      `Good news: the motorist accepted ${businessName}'s quote of ${nairaText(totalNaira)}.`,
      `Name: ${contacts.name}`,
      `Phone: ${contacts.phone}`,
      `Email: ${contacts.email}`,
      `They would like to hear from you by ${how}.`,
      ...jobLines(job),
    ],
    { label: 'See the request', url: ownerLeadsUrl() },
    { replyTo: contacts.email },
  );
}

/** To the motorist: the business they chose, and how to reach it. */
export function quoteAcceptedCustomerEmail(
  to: string,
  business: { name: string; phone: string | null; email: string | null; url: string },
  totalNaira: number,
): MailMessage {
  return mail(
    to,
    `You accepted ${business.name}'s quote`,
    'quote-accepted-customer',
    'Quote accepted',
    [
      `You accepted ${business.name}'s quote of ${nairaText(totalNaira)}. We sent them your details; they will contact you.`,
      ...(business.phone ? [`Phone: ${business.phone}`] : []),
      ...(business.email ? [`Email: ${business.email}`] : []),
      'Agree the final price before the work starts, and keep the parts that are replaced.',
    ],
    { label: 'See the business', url: business.url },
  );
}

/** To the other businesses that quoted: politely, the motorist chose another quote. */
export function quoteNotChosenEmail(
  to: string,
  businessName: string,
  job: JobSummary,
): MailMessage {
  return mail(
    to,
    `Your quote was not chosen this time`,
    'quote-not-chosen',
    'Thank you for your quote',
    [
      `Thank you for quoting for this job. The motorist chose another business this time; ${businessName}'s quote helped them compare.`,
      ...jobLines(job),
    ],
    { label: 'See your requests', url: ownerLeadsUrl() },
  );
}

/** To the owner of a business the motorist shared their details with before choosing. */
export function contactsSharedEmail(
  to: string,
  businessName: string,
  job: JobSummary,
  contacts: SharedContacts,
): MailMessage {
  return mail(
    to,
    `A motorist shared their details with ${businessName}`,
    'quote-contacts-shared',
    'A motorist would like to talk',
    [
      `The motorist comparing quotes shared their contact details with ${businessName}, to talk about your quote before they choose.`,
      `Name: ${contacts.name}`,
      `Phone: ${contacts.phone}`,
      `Email: ${contacts.email}`,
      ...jobLines(job),
    ],
    { label: 'See the request', url: ownerLeadsUrl() },
    { replyTo: contacts.email },
  );
}

/** A week after acceptance (issue 36.7): was the job done, and a review invited. */
export function jobFollowUpEmail(to: string, businessName: string, key: string): MailMessage {
  return mail(
    to,
    `How did the job with ${businessName} go?`,
    'quote-follow-up',
    'How did the job go?',
    [
      `A week ago you accepted ${businessName}'s quote on Lagos Auto Hub. Was the job done, and were the parts what the quote said?`,
      'Tell us in one tap, then write a review to help other motorists: it will read "Job booked through Lagos Auto Hub".',
    ],
    { label: 'Tell us how it went', url: quotesLinkUrl(key) },
    { secrets: [key] },
  );
}

/** To the admin: a motorist says a part quoted as new genuine was not (issue 36.7). */
export function genuineDisputeEmail(
  to: string,
  businessName: string,
  requestId: string,
  parts: readonly { name: string; grade: string; price_naira: number }[],
): MailMessage {
  const genuine = parts.filter((p) => p.grade === 'new_genuine').map((p) => p.name);
  return mail(
    to,
    `Part not genuine, says a motorist: ${businessName}`,
    'quote-genuine-dispute',
    'A part may not have been genuine',
    [
      `A motorist says a part ${businessName} quoted as new genuine was not: ${genuine.join(', ')}.`,
      `Find It request ${requestId}: see its businesses and quotes in the Requests tab.`,
    ],
  );
}
