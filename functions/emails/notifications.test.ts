import { describe, expect, it } from 'vitest';
import { emailHtml } from './layout.ts';
import {
  contactNotification,
  serviceRequestCustomerEmail,
  type ServiceRequestDetails,
} from './notifications.ts';
import { quoteRequestAlertEmail } from './quotes.ts';
import type { JobSummary } from '../../common/schemas/quotes.ts';

/** The e-mails of the public forms and lead alerts (SPEC §7; issue 27.4): fields, replies, escaping. */
const REQUEST: ServiceRequestDetails = {
  customerName: 'Kemi <b>Adebayo</b>',
  customerEmail: 'kemi@example.ng',
  customerPhone: '+234 803 000 7777',
  customerLocation: 'Yaba',
  servicesRequested: ['Tyre Services', 'Wheel Alignment'],
  additionalInfo: null,
};
const JOB: JobSummary = {
  services_requested: ['Tyre Services'],
  customer_location: 'Yaba, Lagos',
  area: 'Yaba',
  car_make: 'Toyota',
  car_model: 'Corolla',
  car_year: 2012,
  job: 'Front pads <b>squeak</b>',
  additional_info: null,
  urgency: 'this_week',
  created_at: '2026-11-29T08:00:00.000Z',
};

describe('e-mails', () => {
  it('a Find It alert names the job and place, never the motorist or their contacts (issue 36.2)', () => {
    const mail = quoteRequestAlertEmail('owner@example.ng', 'Owned Tyres', JOB);
    expect(mail.to).toEqual(['owner@example.ng']);
    expect(mail.template).toBe('quote-request-alert');
    expect(mail.subject).toBe('New request for Owned Tyres: Tyre Services in Yaba');
    expect(mail.text).toContain('Car: Toyota Corolla 2012');
    expect(mail.text).toMatch(/\/account\/business\/leads\/$/m);
    expect(mail.replyTo).toBeUndefined();
    for (const secret of ['Kemi', 'kemi@example.ng', '803 000 7777'])
      expect(mail.text + mail.html).not.toContain(secret);
    // What a motorist typed is text in the HTML body, never markup.
    expect(mail.html).toContain('Front pads &lt;b&gt;squeak&lt;/b&gt;');
  });

  it('an unclaimed listing is told how to claim it before it can quote', () => {
    const mail = quoteRequestAlertEmail(
      'shop@example.ng',
      'Owned Tyres',
      JOB,
      'https://x.ng/claim',
    );
    expect(mail.text).toContain('claim Owned Tyres');
    expect(mail.text).toContain('Claim this business: https://x.ng/claim');
  });

  it("the customer's confirmation carries the private link, redacted in the log", () => {
    const mail = serviceRequestCustomerEmail(REQUEST, 'k'.repeat(43));
    expect(mail.text).toContain(`/find-it/quotes/?key=${'k'.repeat(43)}`);
    expect(mail.secrets).toEqual(['k'.repeat(43)]);
  });

  it('a contact message says Not provided for a missing phone', () => {
    const mail = contactNotification('admin@example.ng', {
      from_name: 'Ada',
      from_email: 'ada@example.ng',
      phone: null,
      subject: 'Hello',
      message: 'A question',
    });
    expect(mail.text).toContain('Not provided');
  });

  it('the HTML frame escapes the title and the action link', () => {
    const html = emailHtml('A & B', ['x'], { label: 'Open', url: 'https://example.ng/?a=1&b="2"' });
    expect(html).toContain('<h1 style="font-size:20px;margin:0 0 16px">A &amp; B</h1>');
    expect(html).toContain('href="https://example.ng/?a=1&amp;b=&quot;2&quot;"');
  });
});
