import { describe, expect, it } from 'vitest';
import { emailHtml } from './layout.ts';
import {
  contactNotification,
  leadAlertEmail,
  serviceRequestBusinessEmail,
  type ServiceRequestDetails,
} from './notifications.ts';

/** The e-mails of the public forms and lead alerts (SPEC §7; issue 27.4): fields, replies, escaping. */
const REQUEST: ServiceRequestDetails = {
  customerName: 'Kemi <b>Adebayo</b>',
  customerEmail: 'kemi@example.ng',
  customerPhone: '+234 803 000 7777',
  customerLocation: 'Yaba',
  servicesRequested: ['Tyre Services', 'Wheel Alignment'],
  additionalInfo: null,
};

describe('e-mails', () => {
  it('a forwarded Find It request names the services and place, and replies to the customer', () => {
    const mail = serviceRequestBusinessEmail('shop@example.ng', 'Owned Tyres', REQUEST);
    expect(mail.to).toEqual(['shop@example.ng']);
    expect(mail.subject).toBe('A customer in Yaba needs Tyre Services, Wheel Alignment');
    expect(mail.replyTo).toBe('kemi@example.ng');
    expect(mail.text).toContain('Hello Owned Tyres,');
    expect(mail.text).toContain('Phone: +234 803 000 7777');
  });

  it("the lead alert goes to the owner's account with the way to their requests", () => {
    const mail = leadAlertEmail('owner@example.ng', 'Owned Tyres', REQUEST);
    expect(mail.to).toEqual(['owner@example.ng']);
    expect(mail.template).toBe('lead-alert');
    expect(mail.subject).toBe(
      'New Find It request for Owned Tyres: Tyre Services, Wheel Alignment in Yaba',
    );
    expect(mail.replyTo).toBe('kemi@example.ng');
    expect(mail.text).toMatch(/\/account\/business\/leads\/$/m);
    // What a customer typed is text in the HTML body, never markup.
    expect(mail.html).toContain('Kemi &lt;b&gt;Adebayo&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Adebayo');
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
