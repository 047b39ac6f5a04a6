import type { MailMessage, MailTemplate, Personalized } from '../_lib/mail.ts';
import { emailHtml } from './layout.ts';
import { quotesLinkUrl } from './quotes.ts';

/**
 * The e-mails of the public forms and of approval (SPEC §7 "Serverless functions"), each with a
 * plain-text and an HTML body. Field lists follow the spec's request bodies.
 */

const lines = (pairs: [string, string | null | undefined][]) =>
  pairs.map(([label, value]) => `${label}: ${value?.trim() || 'Not provided'}`);

function message(
  to: string[],
  subject: string,
  template: string,
  title: string,
  paragraphs: string[],
  extra: Partial<MailMessage> = {},
): MailMessage {
  return {
    to,
    subject,
    template,
    text: `${paragraphs.join('\n')}\n`,
    html: emailHtml(title, paragraphs),
    ...extra,
  };
}

export interface NewBusinessDetails {
  business_name: string;
  business_type: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  description: string;
  services: string;
  service_categories: string[];
}

/** send-new-business-notification: to the admin after a listing request. */
export function newBusinessNotification(
  adminEmail: string,
  b: NewBusinessDetails,
  reviewUrl: string,
): MailMessage {
  return message(
    [adminEmail],
    `New listing request: ${b.business_name}`,
    'new-business-notification',
    'New business listing request',
    [
      'A business asked to be listed. It stays pending until an admin approves it.',
      ...lines([
        ['Business name', b.business_name],
        ['Business type', b.business_type],
        ['Contact name', b.contact_name],
        ['Email', b.email],
        ['Phone', b.phone],
        ['City', b.city],
        ['State', b.state],
        ['Service categories', b.service_categories.join(', ')],
        ['Services', b.services],
        ['Description', b.description],
      ]),
      `Review it: ${reviewUrl}`,
    ],
  );
}

export interface ServiceRequestDetails {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerLocation: string;
  servicesRequested: string[];
  additionalInfo: string | null;
  /** Issue 36.1: the job's details, each shown when given. */
  job?: { car: string | null; job: string | null; area: string | null; urgency: string | null };
}

const requestLines = (r: ServiceRequestDetails) => [
  ...lines([
    ['Name', r.customerName],
    ['Email', r.customerEmail],
    ['Phone', r.customerPhone],
    ['Location', r.customerLocation],
    ['Services', r.servicesRequested.join(', ')],
  ]),
  ...lines(
    (
      [
        ['Area', r.job?.area],
        ['Car', r.job?.car],
        ['The job', r.job?.job],
        ['When', r.job?.urgency],
      ] as [string, string | null | undefined][]
    ).filter(([, value]) => value),
  ),
  ...lines([['Additional information', r.additionalInfo]]),
];

/** send-service-request (admin copy). */
export function serviceRequestAdminEmail(
  adminEmail: string,
  r: ServiceRequestDetails,
): MailMessage {
  return message(
    [adminEmail],
    `New Find It request: ${r.servicesRequested.join(', ')}`,
    'service-request-admin',
    'New Find It request',
    ['A customer asked to be contacted by matching businesses.', ...requestLines(r)],
    { replyTo: r.customerEmail },
  );
}

/**
 * send-service-request (customer confirmation): businesses reply within 24-48 hours (SPEC §1),
 * with the link to the motorist's private quotes page (issue 36.4; the key is redacted in the
 * mail log).
 */
export function serviceRequestCustomerEmail(r: ServiceRequestDetails, key: string): MailMessage {
  const link = quotesLinkUrl(key);
  return message(
    [r.customerEmail],
    'We received your Find It request',
    'service-request-customer',
    'We received your request',
    [
      `Hello ${r.customerName},`,
      `Thank you for using Find It. Businesses offering ${r.servicesRequested.join(', ')} will contact you, usually within 24-48 hours.`,
      `Their quotes arrive on your private page, side by side: ${link}`,
      'Keep this link to yourself: it opens your request without a password. Businesses see your phone and e-mail only when you accept their quote.',
      'Your request:',
      ...requestLines(r),
    ],
    { secrets: [key] },
  );
}

export interface ContactDetails {
  from_name: string;
  from_email: string;
  phone: string | null;
  subject: string;
  message: string;
}

/** The contact-form notification (SPEC §7: from_name, from_email, phone or Not provided, subject, message). */
export function contactNotification(adminEmail: string, c: ContactDetails): MailMessage {
  return message(
    [adminEmail],
    `Contact form: ${c.subject}`,
    'contact-notification',
    'New contact message',
    [
      ...lines([
        ['From', `${c.from_name} <${c.from_email}>`],
        ['Phone', c.phone],
        ['Subject', c.subject],
      ]),
      '',
      c.message,
    ],
    { replyTo: c.from_email },
  );
}

export interface WelcomeDetails {
  business_name: string;
  email: string;
  business_type: string;
  contact_name: string | null;
}

/** send-welcome-email: on approval and from the admin's test action. */
export function welcomeEmail(w: WelcomeDetails, listingUrl: string): MailMessage {
  return message(
    [w.email],
    `${w.business_name} is now listed on Lagos Auto Hub`,
    'welcome',
    'Welcome to Lagos Auto Hub',
    [
      `Hello ${w.contact_name || w.business_name},`,
      `Good news: ${w.business_name} (${w.business_type}) has been approved and is now listed in the Lagos automotive directory.`,
      `See your listing: ${listingUrl}`,
      'To update your details or remove your listing, reply to this e-mail or use the contact form.',
    ],
  );
}

/**
 * The welcome e-mail of many approvals at once (a bulk approval, ADR 014) as one template with
 * per-business values, for `Mailer.sendPersonalized`: the same words as {@link welcomeEmail}.
 */
export function welcomeEmailBatch(
  businesses: readonly (WelcomeDetails & { listingUrl: string })[],
): {
  template: MailTemplate;
  recipients: Personalized[];
} {
  const tokens = (prefix: string) => ({
    business_name: `{{${prefix}business_name}}`,
    email: '',
    business_type: `{{${prefix}business_type}}`,
    contact_name: `{{${prefix}greeting}}`,
  });
  const text = welcomeEmail(tokens(''), '{{listing_url}}');
  const html = welcomeEmail(tokens('html:'), '{{html:listing_url}}');
  return {
    template: {
      subject: text.subject,
      text: text.text,
      ...(html.html ? { html: html.html } : {}),
      template: 'welcome',
    },
    recipients: businesses.map((b) => ({
      to: b.email,
      subject: welcomeEmail(b, b.listingUrl).subject,
      values: {
        business_name: b.business_name,
        business_type: b.business_type,
        greeting: b.contact_name || b.business_name,
        listing_url: b.listingUrl,
      },
    })),
  };
}
